package pssr.servers.webflux

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.subjects.BehaviorSubject
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.reactor.mono
import org.slf4j.LoggerFactory
import org.springframework.boot.SpringBootVersion
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.core.io.buffer.DataBuffer
import org.springframework.http.ReactiveHttpOutputMessage
import org.springframework.http.server.reactive.ServerHttpResponse
import org.springframework.http.server.reactive.ServerHttpResponseDecorator
import org.springframework.web.reactive.function.BodyInserter
import org.springframework.web.reactive.function.server.ServerRequest
import org.springframework.web.reactive.function.server.ServerResponse
import pssr.model.ItemDelay
import pssr.model.ItemFeed
import pssr.model.Model
import pssr.servers.PageFailure
import pssr.servers.PageRequest
import pssr.servers.Route
import pssr.servers.RouteTable
import pssr.views.Approach
import pssr.views.ChunkWriter
import pssr.views.PageView
import pssr.views.Render
import pssr.views.Rendering
import pssr.views.engines.ThymeleafEngine
import reactor.core.Disposable
import reactor.core.publisher.Flux
import reactor.core.publisher.FluxSink
import reactor.core.publisher.Mono
import reactor.netty.Connection
import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.CancellationException
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.ThreadPoolExecutor
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

/**
 * The one handler behind every page: resolves `GET /{model}/{engine}/{approach}` through the shared
 * [RouteTable] (routes come from the engine registry; no per-engine code here), validates the query, and
 * streams the page.
 *
 * ## Where each approach renders
 * - `reactive`: the engine's async render subscribes to the source on the request's event-loop thread;
 *   each item is then rendered on the thread that delivers it (RxJava's computation timer). No thread waits.
 * - `suspending`: the engine's suspending render runs in `mono(Dispatchers.Unconfined) {}`: it starts on
 *   the event loop and resumes, after each suspension on the Flow, on the thread that delivered the item
 *   (again the RxJava timer) — the same threads as `reactive`, with no extra hop to another pool per item.
 *   The coroutine is one per request (no shared scope), cancelled when the client goes away.
 * - `virtual`: the blocking Iterable render on a new virtual thread per request.
 * - `blocking`: the blocking Iterable render on a fixed pool of `pssr.blocking-pool-size` platform threads
 *   (default 64, the size of Kotlin's `Dispatchers.IO` that the seed used); requests beyond it queue
 *   (unbounded queue) until a thread is free.
 *
 * ## Flushing policy: one flushed network write per item
 * Every render writes into a [ChunkWriter]; the [ItemFeed] flushes it after the page head and after each
 * item, so each flush hands over one item's markup as one chunk. Each chunk becomes its own *group* in
 * [ReactiveHttpOutputMessage.writeAndFlushWith], and Reactor Netty flushes the channel at the end of each
 * group: every item reaches the socket as soon as it is rendered, as one HTTP chunk, whatever the timing
 * (a plain `writeWith` would flush only when Reactor Netty's send queue drains, coalescing bursts).
 * Chunks are item-sized, never one network write per engine `write()` call.
 *
 * ## Failures and disconnects
 * A source or template failure after the response has started is logged once (one WARN line, no stack
 * trace); every chunk rendered before it is still written and flushed, then the connection is closed
 * without the terminating chunk, so the client sees an incomplete chunked body (see [abort]). Later
 * requests are unaffected: no scope, pool or engine state is shared between renders. A client that goes
 * away cancels the body: the source is completed early (which also ends a blocked Iterable) and the
 * writer refuses further chunks, so the render ends and its thread is free again.
 */
class PageHandler(val settings: WebfluxSettings) : AutoCloseable {
    private val virtualThreads: ExecutorService =
        Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("pssr-virtual-", 0).factory())

    /** The `blocking` approach's bounded platform-thread pool (fixed size, unbounded queue). */
    val blockingPool: ThreadPoolExecutor = run {
        val n = AtomicInteger()
        ThreadPoolExecutor(settings.blockingPoolSize, settings.blockingPoolSize, 0L, TimeUnit.MILLISECONDS, LinkedBlockingQueue()) { task ->
            Thread(task, "pssr-blocking-${n.incrementAndGet()}")
        }
    }

    val routeTable: RouteTable

    init {
        ThymeleafEngine.dataDriverBufferSize = settings.thymeleafBuffer
        routeTable = RouteTable(FRAMEWORK, APPROACHES, settingsReport(settings))
    }

    private val routesJson = routeTable.toJson()

    init {
        if (settings.warmUp) warmUp()
    }

    /**
     * Renders every route once, with no item delay, into a discarding writer: template parsing and
     * compilation, expression caches and class loading happen here, not in the first measured request.
     * Runs while the application context starts, so the port is announced only after it.
     */
    private fun warmUp() {
        val started = System.nanoTime()
        for (route in routeTable.routes) {
            @Suppress("UNCHECKED_CAST") val model = route.model as Model<Any>
            Render.page(route.engine.view(model), route.approach.rendering, model.repository.findAll(ItemDelay.NONE), ChunkWriter { })
        }
        log.info("warmed up {} routes in {} ms", routeTable.routes.size, (System.nanoTime() - started) / 1_000_000)
    }

    fun routes(request: ServerRequest): Mono<ServerResponse> =
        ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(routesJson)

    fun noSuchPath(request: ServerRequest): Mono<ServerResponse> =
        text(HttpStatus.NOT_FOUND, "no such path ${request.method()} ${request.path()}; pages are GET /{model}/{engine}/{approach}, list them with GET /routes")

    fun page(request: ServerRequest): Mono<ServerResponse> {
        val lookup = routeTable.resolve(request.pathVariable("model"), request.pathVariable("engine"), request.pathVariable("approach"))
        val route = when (lookup) {
            is RouteTable.Lookup.NotFound -> return text(HttpStatus.NOT_FOUND, lookup.message)
            is RouteTable.Lookup.Found -> lookup.route
        }
        val delay = PageRequest.itemDelay(request.queryParam("itemDelayMs").orElse(null), settings.itemDelay)
            .getOrElse { return text(HttpStatus.BAD_REQUEST, it.message ?: "bad itemDelayMs") }
        val failAfter = PageRequest.failAfter(request.queryParam("failAfterItems").orElse(null))
            .getOrElse { return text(HttpStatus.BAD_REQUEST, it.message ?: "bad failAfterItems") }
        @Suppress("UNCHECKED_CAST") val model = route.model as Model<Any>
        val what = request.uri().rawQuery?.let { "${route.path}?$it" } ?: route.path
        val chunks = chunks(route, model, PageRequest.source(model, delay, failAfter))
        return ServerResponse.ok().contentType(TEXT_HTML_UTF8).body(BodyInserter<Flux<String>, ReactiveHttpOutputMessage> { out, _ ->
            val factory = out.bufferFactory()
            out.writeAndFlushWith(chunks
                .map { Mono.just(factory.wrap(it.toByteArray(UTF_8))) }
                .onErrorResume { failure -> Flux.just(abort(out, what, failure)) })
        })
    }

    /**
     * The last group of a failed page: logs the failure once, then — after every chunk rendered so far has
     * been written and flushed (groups are written in order) — closes the connection without the
     * terminating chunk, and ends the body with a stackless [PageAbortedException]. With the channel already
     * closed, neither Reactor Netty nor Spring logs a stack trace for it.
     */
    private fun abort(out: ReactiveHttpOutputMessage, what: String, failure: Throwable): Mono<DataBuffer> = Mono.defer {
        val reason = PageFailure.describe(failure)
        log.warn("page aborted: {}: {}", what, reason)
        val aborted = PageAbortedException("$what: $reason")
        val connection = (out as? ServerHttpResponse)?.let { ServerHttpResponseDecorator.getNativeResponse<Any>(it) } as? Connection
        if (connection == null) Mono.error(aborted)
        else Mono.create<Void> { closed -> connection.channel().close().addListener { closed.success() } }.then(Mono.error(aborted))
    }

    /**
     * The page as a stream of chunks, one per [ChunkWriter] flush (head, then one per item, then the tail).
     * The render starts when Reactor Netty subscribes to the body.
     */
    private fun <T : Any> chunks(route: Route, model: Model<T>, source: Observable<T>): Flux<String> = Flux.create({ sink ->
        val clientGone = BehaviorSubject.create<Unit>()
        val writer = ChunkWriter { chunk ->
            if (sink.isCancelled) throw CancellationException("client went away")
            sink.next(chunk)
        }
        val feed = ItemFeed(source.takeUntil(clientGone), writer::flush)
        val done = { failure: Throwable? ->
            if (!sink.isCancelled) {
                if (failure != null) sink.error(PageFailure.unwrap(failure))
                else try {
                    writer.flush()
                    sink.complete()
                } catch (e: Exception) {
                    sink.error(e)
                }
            }
        }
        val rendering = start(route.engine.view(model), route.approach, feed, writer, done)
        sink.onCancel {
            clientGone.onNext(Unit)
            rendering.dispose()
        }
    }, FluxSink.OverflowStrategy.BUFFER)

    /** Starts one render on the approach's threads; [done] is called once, with the failure if any. */
    private fun <T : Any> start(view: PageView<T>, approach: Approach, feed: ItemFeed<T>, writer: ChunkWriter,
                                done: (Throwable?) -> Unit): Disposable = when (approach.rendering) {
        Rendering.ASYNC -> {
            try {
                requireNotNull(view.async).render(feed.observable(), writer).whenComplete { _, failure -> done(failure) }
            } catch (e: Throwable) {
                done(e)
            }
            Disposable { } // stops through the source (completed early) and the writer (refuses chunks)
        }
        Rendering.SUSPENDING -> {
            val render = requireNotNull(view.suspending)
            mono(Dispatchers.Unconfined) { render.render(feed.flow(), writer) }
                .subscribe({}, { done(it) }, { done(null) })
        }
        Rendering.ITERABLE -> {
            val executor = if (approach == Approach.VIRTUAL) virtualThreads else blockingPool
            executor.execute {
                val failure = try {
                    view.iterable.render(feed.iterable(), writer)
                    null
                } catch (e: Throwable) {
                    e
                }
                done(failure)
            }
            Disposable { }
        }
    }

    override fun close() {
        virtualThreads.shutdownNow()
        blockingPool.shutdownNow()
    }

    companion object {
        const val FRAMEWORK = "webflux"
        val APPROACHES = listOf(Approach.REACTIVE, Approach.SUSPENDING, Approach.VIRTUAL, Approach.BLOCKING)
        val TEXT_HTML_UTF8 = MediaType("text", "html", UTF_8)
        private val TEXT_PLAIN_UTF8 = MediaType("text", "plain", UTF_8)
        private val log = LoggerFactory.getLogger(PageHandler::class.java)

        /** What `/routes` reports in every route's `settings` (flat values: no quotes or braces inside). */
        fun settingsReport(s: WebfluxSettings): Map<String, Any> = linkedMapOf(
            "blockingPoolSize" to s.blockingPoolSize,
            "thymeleafDataDriverBufferSize" to s.thymeleafBuffer,
            "itemDelayMsDefault" to s.itemDelay.millis,
            "warmUp" to s.warmUp,
            "flushPolicy" to "per-item: each ChunkWriter chunk is one writeAndFlushWith group, flushed by Reactor Netty",
            "reactiveThreads" to "subscribe on the event loop; items rendered on the RxJava timer thread that delivers them",
            "suspendingDispatcher" to "Dispatchers.Unconfined (resumes on the RxJava timer thread)",
            "virtualThreads" to "new virtual thread per request",
            "blockingPool" to "fixed ${s.blockingPoolSize} platform threads with an unbounded queue",
            "springBoot" to (SpringBootVersion.getVersion() ?: "unknown"),
            "reactorNetty" to WebfluxSettings.reactorNettyVersion(),
            "jdk" to Runtime.version().toString(),
        )

        private fun text(status: HttpStatus, message: String): Mono<ServerResponse> =
            ServerResponse.status(status).contentType(TEXT_PLAIN_UTF8).bodyValue(message.replace('\n', ' ') + "\n")
    }
}

/** A page that failed after its response started; its connection is closed. Stackless: one log line is enough. */
class PageAbortedException(message: String) : RuntimeException(message, null, false, false)
