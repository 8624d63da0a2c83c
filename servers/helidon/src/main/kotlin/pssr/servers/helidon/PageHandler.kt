package pssr.servers.helidon

import io.helidon.http.HeaderNames
import io.helidon.http.HeaderValues
import io.helidon.http.Status
import io.helidon.webserver.CloseConnectionException
import io.helidon.webserver.http.Handler
import io.helidon.webserver.http.HttpRouting
import io.helidon.webserver.http.RoutingResponse
import io.helidon.webserver.http.ServerRequest
import io.helidon.webserver.http.ServerResponse
import pssr.servers.PageCall
import pssr.servers.PagePipeline
import pssr.servers.PageRequest
import pssr.servers.PlainText
import pssr.servers.RouteTable
import pssr.views.Approach
import java.io.IOException
import java.io.OutputStream
import java.io.UncheckedIOException

/**
 * Every page, `GET /{model}/{engine}/{approach}`, and `GET /routes`, as Helidon routing handlers over the
 * registry-derived [RouteTable]: no engine-specific code. Helidon SE calls every handler on the request's own
 * virtual thread, so both approaches render there, through the shared pipeline's blocking body
 * ([PagePipeline.write]); they differ only in whether the response is flushed after each item.
 */
class PageHandler(private val settings: HelidonSettings) {
    /** `virtual-flush` streams; `virtual` only with a write buffer small enough ([HelidonSettings.unflushedStreams]). */
    val routeTable = RouteTable(FRAMEWORK, APPROACHES, settings.report()) { it in FLUSHING || settings.unflushedStreams }
    private val routesJson = routeTable.toJson().toByteArray(Charsets.UTF_8)
    private val pipeline = PagePipeline()

    /** Pages and `/routes` answer GET; a page path asked with another method is a 405, any other path a one-line 404. */
    fun routing(routing: HttpRouting.Builder) {
        routing
            .get("/routes", answer { _, res -> send(res, Status.OK_200, JSON, routesJson) })
            .get(PAGE_PATTERN, answer(::page))
            .any(
                PAGE_PATTERN,
                answer { req, res ->
                    res.header(HeaderNames.ALLOW, "GET")
                    text(res, Status.METHOD_NOT_ALLOWED_405, PlainText.methodNotAllowed(req.prologue().method().text(), path(req)))
                },
            )
            .any(answer { req, res -> text(res, Status.NOT_FOUND_404, PlainText.noSuchPath(path(req))) })
    }

    /**
     * [handler], then the connection closed when the request asked for it (`Connection: close`): Helidon 4.5.0 answers such a
     * request with `Connection: close` but leaves the socket open (measured: a client reading to the end waited for its
     * time-out). The answer is committed first (a streamed page's terminating chunk is written there), then
     * [CloseConnectionException] makes Helidon close the socket quietly.
     */
    private fun answer(handler: (ServerRequest, ServerResponse) -> Unit) = Handler { req, res ->
        handler(req, res)
        if (req.headers().containsToken(HeaderValues.CONNECTION_CLOSE)) {
            (res as? RoutingResponse ?: return@Handler).commit()
            throw CloseConnectionException("the client asked to close")
        }
    }

    private fun page(req: ServerRequest, res: ServerResponse) {
        val segments = req.path().pathParameters()
        val query = req.query()
        val outcome = PageRequest.resolve(
            routeTable,
            segments.get("model"),
            segments.get("engine"),
            segments.get("approach"),
            settings.itemDelay,
        ) { if (query.contains(it)) query.get(it) else null }
        val call = when (outcome) {
            is PageRequest.Refused -> return text(res, Status.create(outcome.status), outcome.message)
            is PageCall -> outcome
        }
        res.header(HeaderNames.CONTENT_TYPE, PlainText.HTML_CONTENT_TYPE)
        // Always chunked, as on the other servers (a failure mid-page ends without the terminating chunk): Helidon sends a page
        // written in one piece (Qute's, held until its last item) with a Content-Length unless chunked is asked for.
        res.header(HeaderValues.TRANSFER_ENCODING_CHUNKED)
        write(call, res.outputStream(), flushPerItem = call.route.approach in FLUSHING)
    }

    /**
     * The page's chunks as UTF-8 into Helidon's response stream (its `write-buffer-size` BufferedOutputStream), flushed
     * after each item for `virtual-flush`. Helidon reports a write to a closed connection as an unchecked
     * `ServerConnectionException`/`UncheckedIOException`: turned into the IOException the pipeline takes as the client
     * gone (one log line, the render ends at the next item). Then, and after a failed page, the connection is closed
     * without the terminating chunk ([CloseConnectionException]: Helidon closes it quietly, logging at TRACE).
     */
    private fun write(call: PageCall, out: OutputStream, flushPerItem: Boolean) {
        try {
            pipeline.write(call, { chunk ->
                try {
                    out.write(chunk.toByteArray(Charsets.UTF_8))
                    if (flushPerItem) out.flush()
                } catch (e: CloseConnectionException) {
                    throw IOException("the client closed the connection", e)
                } catch (e: UncheckedIOException) {
                    throw IOException("the client closed the connection", e)
                }
            }) {
                // What was rendered before the failure leaves, then the connection closes: an incomplete page.
                try {
                    out.flush()
                } catch (_: Exception) {
                }
                throw CloseConnectionException("page aborted: ${call.what}")
            }
        } catch (e: IOException) {
            throw CloseConnectionException("client went away: ${call.what}", e)
        }
        out.close()
    }

    private fun path(req: ServerRequest): String = req.path().rawPath()

    private fun text(res: ServerResponse, status: Status, message: String) =
        send(res, status, PlainText.CONTENT_TYPE, PlainText.line(message).toByteArray(Charsets.UTF_8))

    private fun send(res: ServerResponse, status: Status, contentType: String, body: ByteArray) {
        res.status(status)
        res.header(HeaderNames.CONTENT_TYPE, contentType)
        res.send(body)
    }

    companion object {
        const val FRAMEWORK = "helidon"
        val APPROACHES = listOf(Approach.VIRTUAL, Approach.VIRTUAL_FLUSH)
        val FLUSHING = setOf(Approach.VIRTUAL_FLUSH)
        private const val PAGE_PATTERN = "/{model}/{engine}/{approach}"
        private const val JSON = "application/json;charset=UTF-8"
    }
}
