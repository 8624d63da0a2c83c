package pssr.servers.mvc

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.slf4j.LoggerFactory
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.ExceptionHandler
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody
import pssr.model.ItemDelay
import pssr.model.ItemFeed
import pssr.model.Model
import pssr.servers.PageFailure
import pssr.servers.PageRequest
import pssr.servers.Route
import pssr.servers.RouteTable
import pssr.views.ChunkWriter
import pssr.views.Engine
import java.io.IOException
import java.io.OutputStream

/**
 * The one handler for every page, `GET /{model}/{engine}/{approach}`, and `GET /routes`. No engine- or
 * approach-specific code beyond the flush switch: the route table resolves the page, the render executor
 * ([RenderExecutors]) picks the thread from the approach.
 */
@RestController
class PageController(private val routes: RouteTable, private val defaultDelay: ItemDelay) {
    private val log = LoggerFactory.getLogger(PageController::class.java)
    private val routesJson = routes.toJson()

    @GetMapping("/routes")
    fun routes(): ResponseEntity<String> = ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(routesJson)

    @GetMapping("/{model}/{engine}/{approach}")
    fun page(
        @PathVariable("model") model: String,
        @PathVariable("engine") engine: String,
        @PathVariable("approach") approach: String,
        @RequestParam("itemDelayMs", required = false) itemDelayMs: String?,
        @RequestParam("failAfterItems", required = false) failAfterItems: String?,
        request: HttpServletRequest,
        response: HttpServletResponse,
    ): ResponseEntity<StreamingResponseBody> {
        val route = when (val lookup = routes.resolve(model, engine, approach)) {
            is RouteTable.Lookup.Found -> lookup.route
            is RouteTable.Lookup.NotFound -> throw BadPage(HttpStatus.NOT_FOUND, lookup.message)
        }
        val delay = PageRequest.itemDelay(itemDelayMs, defaultDelay).getOrElse { throw BadPage(HttpStatus.BAD_REQUEST, it.message!!) }
        val failAfter = PageRequest.failAfter(failAfterItems).getOrElse { throw BadPage(HttpStatus.BAD_REQUEST, it.message!!) }
        request.setAttribute(RenderExecutors.APPROACH_ATTRIBUTE, route.approach)
        return ResponseEntity.ok().contentType(HTML).body(body(route, delay, failAfter, request, response))
    }

    /** A request for no page or with bad parameters, answered before anything is rendered. */
    class BadPage(val status: HttpStatus, message: String) : RuntimeException(message, null, false, false)

    @ExceptionHandler(BadPage::class)
    fun badPage(e: BadPage): ResponseEntity<String> = text(e.status, e.message!!)

    /** Any other path, or a method other than GET: a one-line 404 (Boot's `/error` page is excluded). */
    @RequestMapping("/**")
    fun unknown(request: HttpServletRequest): ResponseEntity<String> =
        text(HttpStatus.NOT_FOUND, "no page at ${request.requestURI}; pages are GET /{model}/{engine}/{approach}, listed by GET /routes")

    /**
     * Renders the page from the feed's blocking Iterable into a [ChunkWriter]: the feed flushes the writer
     * after the page head and after each item, and each chunk goes to the response as UTF-8 bytes. The
     * `*-flush` approaches also flush the response, which sends the chunk to the client at once; the others
     * leave it in Tomcat's response buffer (8 KB), which Spring flushes when the body returns.
     */
    private fun body(route: Route, delay: ItemDelay, failAfter: Int?, request: HttpServletRequest, response: HttpServletResponse) = StreamingResponseBody { out ->
        val flushPerItem = route.approach in MvcServer.FLUSHING
        val writer = ChunkWriter(4096) { chunk ->
            out.write(chunk.toByteArray(Charsets.UTF_8))
            if (flushPerItem) out.flush()
        }
        try {
            render(route.model, route.engine, delay, failAfter, writer)
        } catch (e: Exception) {
            fail(route, e, request, response, out)
        }
    }

    /** The steps of [pssr.views.Render.page] for an Iterable render. */
    private fun <T : Any> render(model: Model<T>, engine: Engine, delay: ItemDelay, failAfter: Int?, writer: ChunkWriter) {
        val feed = ItemFeed(PageRequest.source(model, delay, failAfter), writer::flush)
        engine.view(model).iterable.render(feed.iterable(), writer)
        writer.flush()
    }

    /**
     * A page that failed while still in Tomcat's buffer (nothing sent yet) becomes a clean one-line 500.
     * One that failed after the response was committed cannot change its status any more: what was
     * rendered is flushed (Spring flushes when the body returns) and [AbortValve] then closes the
     * connection without the terminating chunk, so the client sees an aborted page, never a complete one.
     * Either way the failure is logged here, once, in one line. A client that went away (IOException while
     * writing) is not a page failure: Spring handles the disconnected response quietly.
     */
    private fun fail(route: Route, e: Exception, request: HttpServletRequest, response: HttpServletResponse, out: OutputStream) {
        if (e is IOException) throw e
        if (response.isCommitted) {
            log.warn("page aborted after the response started: {}: {}", route.path, PageFailure.describe(e))
            request.setAttribute(AbortValve.ABORT_ATTRIBUTE, true)
            return
        }
        log.warn("page failed before any byte was sent: {}: {}", route.path, PageFailure.describe(e))
        response.reset()
        response.status = HttpStatus.INTERNAL_SERVER_ERROR.value()
        response.contentType = "text/plain;charset=UTF-8"
        out.write("${route.path} failed: ${e.message}\n".toByteArray(Charsets.UTF_8))
    }

    private fun text(status: HttpStatus, message: String): ResponseEntity<String> =
        ResponseEntity.status(status).contentType(TEXT).body(message.replace('\n', ' ') + "\n")

    companion object {
        private val HTML = MediaType("text", "html", Charsets.UTF_8)
        private val TEXT = MediaType("text", "plain", Charsets.UTF_8)
    }
}
