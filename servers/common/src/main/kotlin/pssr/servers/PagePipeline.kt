package pssr.servers

import io.reactivex.rxjava3.exceptions.UndeliverableException
import io.reactivex.rxjava3.plugins.RxJavaPlugins
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch
import pssr.model.ItemDelay
import pssr.model.ItemFeed
import pssr.model.Model
import pssr.views.Approach
import pssr.views.ChunkWriter
import pssr.views.Engine
import pssr.views.Render
import pssr.views.Rendering
import java.io.IOException
import java.util.concurrent.Executor
import java.util.concurrent.atomic.AtomicBoolean

/**
 * Where a streamed page's chunks go: a framework's streaming body (Reactor's `FluxSink`, Mutiny's emitter).
 * The pipeline calls [complete] or [fail] at most once, and never after the client went away.
 */
interface ChunkSink {
    /** The client went away (the framework cancelled the body). */
    val cancelled: Boolean
    fun next(chunk: String)
    fun complete()

    /** The page failed after it started: end the response so the client sees it incomplete (the pipeline has logged it). */
    fun fail(failure: Throwable)
}

/**
 * The one page pipeline every server runs: source, [ItemFeed], [ChunkWriter] and engine, the approach's
 * threads, and what happens when a page fails or its client hangs up. Servers adapt it to their framework's
 * response (a [ChunkSink] for streamed bodies, a write function for blocking bodies) and nothing else.
 *
 * Log lines, one per event and never a stack trace: `client went away: <path?query>` when a client hangs up
 * mid-page (wrk does at the end of every run), `page aborted: <path?query>: <reason>` when a source or
 * template fails.
 *
 * [renderThreads] runs the Iterable renders of the approaches that block (virtual threads, a platform pool).
 */
class PagePipeline(private val renderThreads: (Approach) -> Executor = { error("no render threads for $it") }) {
    init {
        quietUndeliverableErrors()
    }

    /**
     * Starts [call]'s render into [sink], one chunk per ChunkWriter flush (head, each item, tail); returns what
     * the framework calls when the client goes away: the writer drops the chunks nobody will read and the
     * source ends at its next item, so the render ends within one item and frees its thread — normally, with
     * no exception for an engine to log (Thymeleaf logs every exception that crosses `process()` as an ERROR).
     *
     * Why not dispose the source at once: the client's hang-up arrives on another thread (the event loop) than
     * the RxJava timer that renders the current item, and disposing a running timer task from another thread
     * interrupts it — Thymeleaf's data-driven writer then dies with `ClosedByInterruptException` and logs a
     * stack trace per connection (seen whenever wrk closes its connections). Ending on the timer's own thread
     * at the next item interrupts nothing.
     */
    fun stream(call: PageCall, sink: ChunkSink): () -> Unit = stream(call.what, sink) { writer, clientGone, done ->
        val feed = ItemFeed(call.source().takeWhile { !clientGone() }, writer::flush)
        val view = call.route.engine.view(call.model)
        when (call.route.approach.rendering) {
            Rendering.ASYNC -> requireNotNull(view.async) { "${call.route.path}: no async render" }
                .render(feed.observable(), writer).whenComplete { _, failure -> done(failure) }

            Rendering.SUSPENDING -> {
                val render = requireNotNull(view.suspending) { "${call.route.path}: no suspending render" }
                // Unconfined: starts on the caller (the event loop) and resumes on the thread that delivered the
                // item (the RxJava timer), with no hop to another pool per item. One coroutine per request.
                CoroutineScope(Dispatchers.Unconfined).launch {
                    done(
                        try {
                            render.render(feed.flow(), writer)
                            null
                        } catch (e: Throwable) {
                            e
                        },
                    )
                }
            }

            Rendering.ITERABLE -> renderThreads(call.route.approach).execute {
                done(
                    try {
                        view.iterable.render(feed.iterable(), writer)
                        null
                    } catch (e: Throwable) {
                        e
                    },
                )
            }
        }
        null
    }

    /**
     * The streaming core, for any render: [start] renders into the writer it is given (on the threads it
     * chooses), should stop early once `clientGone()` is true, and calls `done` once with its failure, if any;
     * it may return something to close when the client goes away. Once the client is gone the writer drops
     * what it is given. Used by the benchmark pages and by the demo pages.
     */
    fun stream(
        what: String,
        sink: ChunkSink,
        start: (writer: ChunkWriter, clientGone: () -> Boolean, done: (Throwable?) -> Unit) -> AutoCloseable?,
    ): () -> Unit {
        val hungUp = AtomicBoolean()
        val gone = { sink.cancelled || hungUp.get() }
        val writer = ChunkWriter { chunk -> if (!gone()) sink.next(chunk) }
        val finished = AtomicBoolean()
        val done = { failure: Throwable? ->
            // Some renders write from more than one thread (the naive demo pages): the last flush is not concurrent with theirs.
            if (finished.compareAndSet(false, true)) {
                synchronized(writer) {
                    if (!gone()) {
                        if (failure != null) {
                            fail(what, failure, sink)
                        } else {
                            try {
                                writer.flush()
                                sink.complete()
                            } catch (e: Exception) {
                                if (!gone()) fail(what, e, sink)
                            }
                        }
                    }
                }
            }
        }
        val handle = try {
            start(writer, gone, done)
        } catch (e: Throwable) {
            done(e)
            null
        }
        return {
            if (!finished.get() && hungUp.compareAndSet(false, true)) {
                log.log(System.Logger.Level.INFO, "client went away: $what")
                handle?.close()
            }
        }
    }

    private fun fail(what: String, failure: Throwable, sink: ChunkSink) {
        log.log(System.Logger.Level.WARNING, "page aborted: $what: ${PageFailure.describe(failure)}")
        sink.fail(PageFailure.unwrap(failure))
    }

    /**
     * A blocking body (MVC's `StreamingResponseBody`, Quarkus's `StreamingOutput`): renders [call] from the
     * feed's Iterable on the calling thread, each chunk handed to [write]. When [write] fails with an
     * IOException the client went away: the writer drops the rest, the source ends at its next item, the
     * render ends normally (no exception for an engine to log), one line is logged, and the IOException is
     * rethrown so the framework ends the request quietly. Any other failure is logged and handed to [abort],
     * which ends the response incomplete.
     */
    fun write(call: PageCall, write: (String) -> Unit, abort: (Throwable) -> Unit) {
        var clientGone: IOException? = null
        val writer = ChunkWriter(4096) { chunk ->
            if (clientGone == null) {
                try {
                    write(chunk)
                } catch (e: IOException) {
                    clientGone = e
                }
            }
        }
        try {
            ItemFeed(call.source().takeWhile { clientGone == null }, writer::flush).use { feed ->
                call.route.engine.view(call.model).iterable.render(feed.iterable(), writer)
            }
            writer.flush()
        } catch (e: Exception) {
            if (clientGone == null && !PageFailure.isClientGone(e)) {
                log.log(System.Logger.Level.WARNING, "page aborted: ${call.what}: ${PageFailure.describe(e)}")
                abort(PageFailure.unwrap(e))
                return
            }
            if (clientGone == null) clientGone = e as? IOException ?: IOException(e)
        }
        clientGone?.let {
            log.log(System.Logger.Level.INFO, "client went away: ${call.what}")
            throw it
        }
    }

    companion object {
        private val log = System.getLogger(PagePipeline::class.java.name)
        private val rxHandlerInstalled = AtomicBoolean()

        /**
         * RxJava hands an error that arrives after its subscriber has gone (a page already ended) to a global
         * handler whose default prints a stack trace. In a server that is one line at most: nothing for a
         * client that hung up (already logged), one WARNING line for anything else. Process-wide by RxJava's
         * design; installed once, by the first pipeline.
         */
        fun quietUndeliverableErrors() {
            if (!rxHandlerInstalled.compareAndSet(false, true)) return
            RxJavaPlugins.setErrorHandler { e ->
                val cause = if (e is UndeliverableException) e.cause ?: e else e
                if (!PageFailure.isClientGone(cause) && cause !is InterruptedException) {
                    log.log(System.Logger.Level.WARNING, "error after its page ended: ${PageFailure.describe(cause)}")
                }
            }
        }

        /**
         * Renders every distinct page of [table] (model x engine x rendering) [renders] times, with no item
         * delay, into a discarding writer, while the server starts and before its port is announced: template
         * parsing, expression compilation and class loading are not charged to the first measured requests
         * (a cold Thymeleaf page held item 1 back by 100-300 ms). Engine code only, the same on every server.
         */
        fun warmUp(table: RouteTable, renders: Int) {
            if (renders <= 0) return
            val started = System.nanoTime()
            val pages = table.routes.map { Triple(it.model, it.engine, it.approach.rendering) }.distinct()
            repeat(renders) {
                for ((model, engine, rendering) in pages) warm(model, engine, rendering)
            }
            log.log(
                System.Logger.Level.INFO,
                "warmed up ${pages.size} pages x $renders renders in ${(System.nanoTime() - started) / 1_000_000} ms",
            )
        }

        private fun <T : Any> warm(model: Model<T>, engine: Engine, rendering: Rendering) =
            Render.page(engine.view(model), rendering, model.repository.findAll(ItemDelay.NONE), ChunkWriter { })
    }
}
