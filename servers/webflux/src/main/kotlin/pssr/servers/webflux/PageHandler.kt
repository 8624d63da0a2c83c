package pssr.servers.webflux

import org.springframework.boot.SpringBootVersion
import org.springframework.core.io.buffer.DataBuffer
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ReactiveHttpOutputMessage
import org.springframework.http.server.reactive.ServerHttpResponse
import org.springframework.http.server.reactive.ServerHttpResponseDecorator
import org.springframework.web.reactive.function.BodyInserter
import org.springframework.web.reactive.function.server.ServerRequest
import org.springframework.web.reactive.function.server.ServerResponse
import pssr.servers.ChunkSink
import pssr.servers.PageCall
import pssr.servers.PageFailure
import pssr.servers.PagePipeline
import pssr.servers.PageRequest
import pssr.servers.PlainText
import pssr.servers.Pool
import pssr.servers.RouteTable
import pssr.views.Approach
import pssr.views.Engines
import reactor.core.publisher.Flux
import reactor.core.publisher.FluxSink
import reactor.core.publisher.Mono
import reactor.netty.Connection
import java.nio.charset.StandardCharsets.UTF_8
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
 * The shared [PagePipeline] renders and logs (one line each, no stack trace). A source or template failure
 * after the response has started: every chunk rendered before it is still written and flushed, then the
 * connection is closed without the terminating chunk, so the client sees an incomplete chunked body (see
 * [abort]). A client that goes away cancels the body; the pipeline ends the render within one item.
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

    val routeTable = RouteTable(
        FRAMEWORK,
        APPROACHES,
        settingsReport(settings),
        engines = Engines.configured(settings.engines),
        pool = Pool("the blocking pool (pssr-blocking-N)", settings.blockingPoolSize),
    )
    val pipeline = PagePipeline { approach -> if (approach == Approach.VIRTUAL) virtualThreads else blockingPool }
    private val routesJson = routeTable.toJson()

    init {
        if (settings.warmUp) PagePipeline.warmUp(routeTable, 1)
    }

    fun routes(request: ServerRequest): Mono<ServerResponse> =
        ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(routesJson)

    /** Any other path; a page path asked with another method than GET is a 405. */
    fun noSuchPath(request: ServerRequest): Mono<ServerResponse> =
        if (request.method() != HttpMethod.GET && PAGE_PATH.matches(request.path())) {
            ServerResponse.status(HttpStatus.METHOD_NOT_ALLOWED).header(HttpHeaders.ALLOW, "GET").contentType(TEXT_PLAIN_UTF8)
                .bodyValue(PlainText.line(PlainText.methodNotAllowed(request.method().name(), request.path())))
        } else {
            text(HttpStatus.NOT_FOUND, PlainText.noSuchPath(request.path()))
        }

    fun page(request: ServerRequest): Mono<ServerResponse> {
        val outcome = PageRequest.resolve(
            routeTable,
            request.pathVariable("model"),
            request.pathVariable("engine"),
            request.pathVariable("approach"),
            settings.itemDelay,
        ) { request.queryParam(it).orElse(null) }
        val call = when (outcome) {
            is PageRequest.Refused -> return text(HttpStatus.valueOf(outcome.status), outcome.message)
            is PageCall -> outcome
        }
        return ServerResponse.ok().contentType(TEXT_HTML_UTF8).body(
            BodyInserter<Flux<String>, ReactiveHttpOutputMessage> { out, _ ->
                streamChunks(out, call.what) { sink -> pipeline.stream(call, sink) }
            },
        )
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
        private val PAGE_PATH = Regex("/[^/]+/[^/]+/[^/]+")

        /** What `/routes` reports in every route's `settings` (flat values: no quotes or braces inside). */
        fun settingsReport(s: WebfluxSettings): Map<String, Any> = linkedMapOf(
            "blockingPoolSize" to s.blockingPoolSize,
            "thymeleafDataDriverBufferSize" to s.engines.thymeleafDataDriverBufferSize,
            "itemDelayMsDefault" to s.itemDelay.millis,
            "warmUp" to s.warmUp,
            "flushPolicy" to "per-item: each ChunkWriter chunk is one writeAndFlushWith group, flushed by Reactor Netty",
            "reactiveThreads" to "subscribe on the event loop; items rendered on the RxJava timer thread that delivers them",
            "suspendingDispatcher" to "Dispatchers.Unconfined (resumes on the RxJava timer thread)",
            "virtualThreads" to "new virtual thread per request",
            "blockingPool" to "fixed ${s.blockingPoolSize} platform threads with an unbounded queue",
            "springBoot" to SpringBootVersion.getVersion(),
            "reactorNetty" to WebfluxSettings.reactorNettyVersion(),
            "jdk" to Runtime.version().toString(),
        )

        fun text(status: HttpStatus, message: String): Mono<ServerResponse> =
            ServerResponse.status(status).contentType(TEXT_PLAIN_UTF8).bodyValue(PlainText.line(message))
    }
}

/**
 * Writes a page's chunks, rendered by [start] into a [ChunkSink], to [out]: each chunk is its own
 * `writeAndFlushWith` group, so Reactor Netty flushes it at once. The render starts when Reactor Netty
 * subscribes to the body; a cancelled body (client gone) calls the pipeline's hang-up function.
 */
internal fun streamChunks(out: ReactiveHttpOutputMessage, what: String, start: (ChunkSink) -> () -> Unit): Mono<Void> {
    val chunks = Flux.create({ sink ->
        val hangUp = start(object : ChunkSink {
            override val cancelled get() = sink.isCancelled
            override fun next(chunk: String) {
                sink.next(chunk)
            }
            override fun complete() = sink.complete()
            override fun fail(failure: Throwable) {
                sink.error(failure)
            }
        })
        sink.onCancel { hangUp() }
    }, FluxSink.OverflowStrategy.BUFFER)
    val factory = out.bufferFactory()
    return out.writeAndFlushWith(
        chunks
            .map { Mono.just(factory.wrap(it.toByteArray(UTF_8))) }
            .onErrorResume { failure -> Flux.just(abort(out, what, failure)) },
    )
}

/**
 * The last group of a failed page (already logged by the pipeline): after every chunk rendered so far has
 * been written and flushed (groups are written in order), closes the connection without the terminating
 * chunk, and ends the body with a stackless [PageAbortedException]. With the channel already closed, neither
 * Reactor Netty nor Spring logs a stack trace for it.
 */
private fun abort(out: ReactiveHttpOutputMessage, what: String, failure: Throwable): Mono<DataBuffer> = Mono.defer {
    val aborted = PageAbortedException("$what: ${PageFailure.describe(failure)}")
    val connection = (out as? ServerHttpResponse)?.let { ServerHttpResponseDecorator.getNativeResponse<Any>(it) } as? Connection
    if (connection == null) {
        Mono.error(aborted)
    } else {
        Mono.create<Void> { closed -> connection.channel().close().addListener { closed.success() } }.then(Mono.error(aborted))
    }
}

/** A page that failed after its response started; its connection is closed. Stackless: one log line is enough. */
class PageAbortedException(message: String) : RuntimeException(message, null, false, false)
