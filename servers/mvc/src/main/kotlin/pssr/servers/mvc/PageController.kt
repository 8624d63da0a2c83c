package pssr.servers.mvc

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.ExceptionHandler
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody
import pssr.model.ItemDelay
import pssr.servers.PageCall
import pssr.servers.PagePipeline
import pssr.servers.PageRequest
import pssr.servers.PlainText
import pssr.servers.RouteTable
import java.io.OutputStream

/**
 * The one handler for every page, `GET /{model}/{engine}/{approach}`, and `GET /routes`. No engine- or
 * approach-specific code beyond the flush switch: the route table resolves the page, the render executor
 * ([RenderExecutors]) picks the thread from the approach.
 */
@RestController
class PageController(private val routes: RouteTable, private val defaultDelay: ItemDelay) {
    private val pipeline = PagePipeline()
    private val routesJson = routes.toJson()

    @GetMapping("/routes")
    fun routes(): ResponseEntity<String> = ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(routesJson)

    @GetMapping("/{model}/{engine}/{approach}")
    fun page(
        @PathVariable("model") model: String,
        @PathVariable("engine") engine: String,
        @PathVariable("approach") approach: String,
        request: HttpServletRequest,
        response: HttpServletResponse,
    ): ResponseEntity<StreamingResponseBody> {
        val call = when (val outcome = PageRequest.resolve(routes, model, engine, approach, defaultDelay) { request.getParameter(it) }) {
            is PageRequest.Refused -> throw BadPage(HttpStatus.valueOf(outcome.status), outcome.message)
            is PageCall -> outcome
        }
        request.setAttribute(RenderExecutors.APPROACH_ATTRIBUTE, call.route.approach)
        return ResponseEntity.ok().contentType(HTML).body(body(call, request, response))
    }

    /** A request for no page or with bad parameters, answered before anything is rendered. */
    class BadPage(val status: HttpStatus, message: String) : RuntimeException(message, null, false, false)

    @ExceptionHandler(BadPage::class)
    fun badPage(e: BadPage): ResponseEntity<String> = text(e.status, e.message!!)

    /** Any other path: a one-line 404; a page path asked with another method than GET: a 405 (Boot's `/error` page is excluded). */
    @RequestMapping("/**")
    fun unknown(request: HttpServletRequest): ResponseEntity<String> =
        if (request.method != "GET" && PAGE_PATH.matches(request.requestURI)) {
            ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED).header(HttpHeaders.ALLOW, "GET").contentType(TEXT)
                .body(PlainText.line(PlainText.methodNotAllowed(request.method, request.requestURI)))
        } else {
            text(HttpStatus.NOT_FOUND, PlainText.noSuchPath(request.requestURI))
        }

    /**
     * The shared pipeline renders the page from the feed's blocking Iterable; each chunk goes to the response
     * as UTF-8 bytes. The `*-flush` approaches also flush the response, which sends the chunk to the client at
     * once; the others leave it in Tomcat's response buffer (8 KB), which Spring flushes when the body returns.
     */
    private fun body(call: PageCall, request: HttpServletRequest, response: HttpServletResponse) = StreamingResponseBody { out ->
        val flushPerItem = call.route.approach in MvcServer.FLUSHING
        pipeline.write(call, { chunk ->
            out.write(chunk.toByteArray(Charsets.UTF_8))
            if (flushPerItem) out.flush()
        }) { failure -> fail(call, failure, request, response, out) }
    }

    /**
     * A page that failed while still in Tomcat's buffer (nothing sent yet) becomes a clean one-line 500.
     * One that failed after the response was committed cannot change its status any more: what was
     * rendered is flushed (Spring flushes when the body returns) and [AbortValve] then closes the
     * connection without the terminating chunk, so the client sees an aborted page, never a complete one.
     * The pipeline has logged the failure, once, in one line.
     */
    private fun fail(call: PageCall, e: Throwable, request: HttpServletRequest, response: HttpServletResponse, out: OutputStream) {
        if (response.isCommitted) {
            request.setAttribute(AbortValve.ABORT_ATTRIBUTE, true)
            return
        }
        response.reset()
        response.status = HttpStatus.INTERNAL_SERVER_ERROR.value()
        response.contentType = PlainText.CONTENT_TYPE
        out.write(PlainText.line("${call.route.path} failed: ${e.message}").toByteArray(Charsets.UTF_8))
    }

    private fun text(status: HttpStatus, message: String): ResponseEntity<String> =
        ResponseEntity.status(status).contentType(TEXT).body(PlainText.line(message))

    companion object {
        private val HTML = MediaType("text", "html", Charsets.UTF_8)
        private val TEXT = MediaType("text", "plain", Charsets.UTF_8)
        private val PAGE_PATH = Regex("/[^/]+/[^/]+/[^/]+")
    }
}
