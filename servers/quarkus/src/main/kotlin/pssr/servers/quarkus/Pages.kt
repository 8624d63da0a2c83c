package pssr.servers.quarkus

import io.smallrye.mutiny.Multi
import io.smallrye.mutiny.subscription.BackPressureStrategy
import io.vertx.core.http.HttpServerRequest
import jakarta.inject.Singleton
import jakarta.ws.rs.WebApplicationException
import jakarta.ws.rs.core.Response
import jakarta.ws.rs.core.StreamingOutput
import org.eclipse.microprofile.config.ConfigProvider
import pssr.servers.ChunkSink
import pssr.servers.PageCall
import pssr.servers.PagePipeline
import pssr.servers.PageRequest
import pssr.servers.PlainText
import pssr.servers.Pool
import pssr.servers.RouteTable
import pssr.views.Approach
import java.io.IOException
import java.util.concurrent.TimeUnit

/**
 * Everything a page request needs that is not JAX-RS: the route table (derived from the engine registry),
 * query validation and the two shapes of a rendered page — a [StreamingOutput] for the blocking and
 * virtual-thread approaches, a [Multi] for the reactive one. [PageResource] only chooses the thread
 * (by its method annotations) and calls in here; there is no engine-specific code in this server.
 */
@Singleton
class Pages {
    val settings: QuarkusSettings = QuarkusSettings.from(ConfigProvider.getConfig())

    /**
     * Streaming claims: the Multi writes every item as its own chunk; a StreamingOutput streams when it is
     * flushed per item, or — without flushing — when the output buffer is no bigger than 512 bytes, so that
     * part of every item's markup (400-1000 bytes on the presentations page) fills it and leaves as it is
     * rendered. With a bigger buffer and no flush the page waits in the buffer (OutputBufferIT measures all
     * four combinations and checks these claims against the verdicts).
     */
    val routeTable =
        RouteTable(FRAMEWORK, APPROACHES, settings.report(), pool = workerPool(settings.workerPoolSize)) {
            it == Approach.REACTIVE || settings.flushPerItem || settings.outputBufferBytes <= 512
        }
    val routesJson: String = routeTable.toJson()

    /** The shared pipeline; Iterable renders run on the thread [PageResource] chose, so it needs no executor of its own. */
    private val pipeline = PagePipeline()

    /** Resolves a page request or answers it with a one-line 404/400 (thrown as a ready [Response]). */
    fun request(model: String, engine: String, approach: String, itemDelayMs: String?, failAfterItems: String?): PageCall {
        val query = mapOf(PageRequest.ITEM_DELAY to itemDelayMs, PageRequest.FAIL_AFTER to failAfterItems)
        return when (val outcome = PageRequest.resolve(routeTable, model, engine, approach, settings.itemDelay) { query[it] }) {
            is PageRequest.Refused -> throw WebApplicationException(text(Response.Status.fromStatusCode(outcome.status), outcome.message))
            is PageCall -> outcome
        }
    }

    /**
     * `blocking` and `virtual`: the shared pipeline renders the page from the feed's blocking Iterable on the
     * thread that writes the response (a worker or a virtual thread, chosen by [PageResource]). Each chunk is
     * written to Quarkus REST's output stream as UTF-8 and, with `pssr.flush-per-item` (default), flushed:
     * `flush()` sends what the stream holds as an HTTP chunk at once. Without it, chunks leave only when the
     * output buffer (`quarkus.rest.output-buffer-size`) fills, and at the end.
     */
    fun streamingOutput(call: PageCall, connection: HttpServerRequest): StreamingOutput = StreamingOutput { out ->
        pipeline.write(call, { chunk ->
            // Quarkus REST's stream accepts writes after the client has gone without complaint: ask the connection.
            if (connection.response().closed()) throw IOException("the client closed the connection")
            out.write(chunk.toByteArray(Charsets.UTF_8))
            if (settings.flushPerItem) out.flush()
        }) {
            // What was rendered before the failure has been written; send it, then close the connection
            // without the terminating chunk so the client sees an incomplete page. Returning normally
            // (instead of rethrowing) keeps Quarkus's error handler from logging the failure a second time.
            // The close is asynchronous (it runs on the connection's event loop): wait for it, or Quarkus's
            // end of the response could still be written first.
            try {
                out.flush()
            } catch (_: IOException) { }
            connection.connection().close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS)
        }
    }

    /**
     * `reactive`: the engine's async render through the shared pipeline, as a `Multi<String>` of chunks
     * (head, one per item, tail). Quarkus REST subscribes on the event loop and writes each item as one HTTP
     * chunk, requesting the next one when the write is done; the render starts on the event loop (head,
     * subscription to the timed source) and renders each item on the RxJava timer thread that delivers it:
     * nothing waits on the event loop. Chunks rendered ahead of the writes wait in the emitter's buffer (at
     * most a page). A failure closes the connection; a client that goes away cancels the Multi.
     */
    fun multi(call: PageCall, connection: HttpServerRequest): Multi<String> = Multi.createFrom().emitter<String>({ emitter ->
        val hangUp = pipeline.stream(
            call,
            object : ChunkSink {
                override val cancelled get() = emitter.isCancelled
                override fun next(chunk: String) {
                    emitter.emit(chunk)
                }
                override fun complete() = emitter.complete()
                override fun fail(failure: Throwable) {
                    connection.connection().close()
                }
            },
        )
        emitter.onTermination { hangUp() }
    }, BackPressureStrategy.BUFFER)

    /** The shared warm-up: every page [QuarkusSettings.warmupRenders] times (no delay, output discarded). */
    fun warmUp() = PagePipeline.warmUp(routeTable, settings.warmupRenders)

    companion object {
        const val FRAMEWORK = "quarkus"
        val APPROACHES = listOf(Approach.BLOCKING, Approach.VIRTUAL, Approach.REACTIVE)

        /** The worker pool `blocking` runs on, as `GET /routes` names it ([Pool]). */
        fun workerPool(threads: Int) = Pool("the worker pool (executor-thread-N)", threads)
        const val TEXT_HTML_UTF8 = "text/html;charset=UTF-8"
        const val TEXT_PLAIN_UTF8 = "text/plain;charset=UTF-8"

        fun text(status: Response.Status, message: String): Response =
            Response.status(status).type(TEXT_PLAIN_UTF8).entity(PlainText.line(message)).build()
    }
}
