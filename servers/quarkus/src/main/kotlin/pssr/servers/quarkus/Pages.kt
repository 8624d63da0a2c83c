package pssr.servers.quarkus

import io.reactivex.rxjava3.subjects.BehaviorSubject
import io.smallrye.mutiny.Multi
import io.smallrye.mutiny.subscription.BackPressureStrategy
import io.vertx.core.Future
import io.vertx.core.http.HttpServerRequest
import jakarta.inject.Singleton
import jakarta.ws.rs.WebApplicationException
import jakarta.ws.rs.core.Response
import jakarta.ws.rs.core.StreamingOutput
import org.eclipse.microprofile.config.ConfigProvider
import org.jboss.logging.Logger
import pssr.model.ItemDelay
import pssr.model.ItemFeed
import pssr.model.Model
import pssr.servers.PageFailure
import pssr.servers.PageRequest
import pssr.servers.Route
import pssr.servers.RouteTable
import pssr.views.Approach
import pssr.views.ChunkWriter
import pssr.views.Render
import java.io.IOException
import java.util.concurrent.CancellationException
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
    val routeTable = RouteTable(FRAMEWORK, APPROACHES, settings.report()) {
        it == Approach.REACTIVE || settings.flushPerItem || settings.outputBufferBytes <= 512
    }
    val routesJson: String = routeTable.toJson()

    /** Resolves a page request or answers it with a one-line 404/400 (thrown as a ready [Response]). */
    fun request(model: String, engine: String, approach: String, itemDelayMs: String?, failAfterItems: String?): PageCall {
        val route = when (val lookup = routeTable.resolve(model, engine, approach)) {
            is RouteTable.Lookup.Found -> lookup.route
            is RouteTable.Lookup.NotFound -> throw WebApplicationException(text(Response.Status.NOT_FOUND, lookup.message))
        }
        val delay = PageRequest.itemDelay(itemDelayMs, settings.itemDelay)
            .getOrElse { throw WebApplicationException(text(Response.Status.BAD_REQUEST, it.message ?: "bad itemDelayMs")) }
        val failAfter = PageRequest.failAfter(failAfterItems)
            .getOrElse { throw WebApplicationException(text(Response.Status.BAD_REQUEST, it.message ?: "bad failAfterItems")) }
        val query = listOfNotNull(itemDelayMs?.let { "itemDelayMs=$it" }, failAfterItems?.let { "failAfterItems=$it" })
        return PageCall(route, delay, failAfter, if (query.isEmpty()) route.path else route.path + "?" + query.joinToString("&"))
    }

    class PageCall(val route: Route, val delay: ItemDelay, val failAfter: Int?, val what: String)

    /**
     * `blocking` and `virtual`: the page rendered from the feed's blocking Iterable on the thread that
     * writes the response (a worker or a virtual thread, chosen by [PageResource]). The feed flushes the
     * [ChunkWriter] after the head and after each item; each chunk is written to Quarkus REST's output
     * stream as UTF-8 and, with `pssr.flush-per-item` (default), flushed: `flush()` sends what the stream
     * holds as an HTTP chunk at once. Without it, chunks leave only when the output buffer
     * (`quarkus.rest.output-buffer-size`) fills, and at the end.
     */
    fun streamingOutput(call: PageCall, connection: HttpServerRequest): StreamingOutput = StreamingOutput { out ->
        val writer = ChunkWriter(4096) { chunk ->
            out.write(chunk.toByteArray(Charsets.UTF_8))
            if (settings.flushPerItem) out.flush()
        }
        try {
            @Suppress("UNCHECKED_CAST") val model = call.route.model as Model<Any>
            val feed = ItemFeed(PageRequest.source(model, call.delay, call.failAfter), writer::flush)
            call.route.engine.view(model).iterable.render(feed.iterable(), writer)
            writer.flush()
        } catch (e: IOException) {
            throw e // the client went away: not a page failure, Quarkus ends the request quietly
        } catch (e: Exception) {
            // What was rendered before the failure has been written; send it, then close the connection
            // without the terminating chunk so the client sees an incomplete page. Returning normally
            // (instead of rethrowing) keeps Quarkus's error handler from logging the failure a second time.
            // The close is asynchronous (it runs on the connection's event loop): wait for it, or Quarkus's
            // end of the response could still be written first.
            try { out.flush() } catch (_: IOException) { }
            abort(call, e, connection).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS)
        }
    }

    /**
     * `reactive`: the engine's async render over the feed's Observable, as a `Multi<String>` of chunks
     * (head, one per item, tail). Quarkus REST subscribes on the event loop and writes each item as one
     * HTTP chunk, requesting the next one when the write is done; the render starts on the event loop
     * (head, subscription to the timed source) and renders each item on the RxJava timer thread that
     * delivers it: nothing waits on the event loop. Chunks rendered ahead of the writes wait in the
     * emitter's buffer (at most a page). A failure closes the connection ([abort]); a client that goes
     * away cancels the Multi, which completes the source early and ends the render.
     */
    fun multi(call: PageCall, connection: HttpServerRequest): Multi<String> {
        @Suppress("UNCHECKED_CAST") val model = call.route.model as Model<Any>
        val view = call.route.engine.view(model)
        val render = requireNotNull(view.async) { "${call.route.path}: no async render" }
        return Multi.createFrom().emitter<String>({ emitter ->
            val clientGone = BehaviorSubject.create<Unit>()
            val writer = ChunkWriter { chunk ->
                if (emitter.isCancelled) throw CancellationException("client went away")
                emitter.emit(chunk)
            }
            emitter.onTermination { clientGone.onNext(Unit) }
            val feed = ItemFeed(PageRequest.source(model, call.delay, call.failAfter).takeUntil(clientGone), writer::flush)
            val done = { failure: Throwable? ->
                if (!emitter.isCancelled) {
                    if (failure == null) {
                        try {
                            writer.flush()
                            emitter.complete()
                        } catch (e: Exception) {
                            abort(call, e, connection)
                        }
                    } else abort(call, failure, connection)
                }
            }
            try {
                render.render(feed.observable(), writer).whenComplete { _, failure -> done(failure) }
            } catch (e: Throwable) {
                done(e)
            }
        }, BackPressureStrategy.BUFFER)
    }

    /**
     * Ends a page that failed after its response started: logs one line (no stack trace) and closes the
     * connection, so the body ends without the terminating zero-size chunk. The returned future completes
     * when the connection is closed.
     */
    fun abort(call: PageCall, failure: Throwable, connection: HttpServerRequest): Future<Void> {
        log.warnf("page aborted: %s: %s", call.what, PageFailure.describe(failure))
        return connection.connection().close()
    }

    /** Renders every page [QuarkusSettings.warmupRenders] times (no delay, output discarded): engine code only. */
    fun warmUp() {
        if (settings.warmupRenders == 0) return
        val started = System.nanoTime()
        repeat(settings.warmupRenders) {
            for (route in routeTable.routes) {
                @Suppress("UNCHECKED_CAST") val model = route.model as Model<Any>
                Render.page(route.engine.view(model), route.approach.rendering, model.repository.findAll(ItemDelay.NONE), ChunkWriter { })
            }
        }
        log.infof("warmed up %d routes x %d renders in %d ms", routeTable.routes.size, settings.warmupRenders,
            (System.nanoTime() - started) / 1_000_000)
    }

    companion object {
        const val FRAMEWORK = "quarkus"
        val APPROACHES = listOf(Approach.BLOCKING, Approach.VIRTUAL, Approach.REACTIVE)
        const val TEXT_HTML_UTF8 = "text/html;charset=UTF-8"
        const val TEXT_PLAIN_UTF8 = "text/plain;charset=UTF-8"
        private val log = Logger.getLogger(Pages::class.java)

        fun text(status: Response.Status, message: String): Response =
            Response.status(status).type(TEXT_PLAIN_UTF8).entity(message.replace('\n', ' ') + "\n").build()
    }
}
