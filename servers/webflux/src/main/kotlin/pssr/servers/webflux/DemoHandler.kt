package pssr.servers.webflux

import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.reactor.mono
import org.slf4j.LoggerFactory
import org.springframework.http.CacheControl
import org.springframework.http.HttpStatus
import org.springframework.http.ReactiveHttpOutputMessage
import org.springframework.web.reactive.function.BodyInserter
import org.springframework.web.reactive.function.server.RouterFunction
import org.springframework.web.reactive.function.server.RouterFunctions
import org.springframework.web.reactive.function.server.ServerRequest
import org.springframework.web.reactive.function.server.ServerResponse
import pssr.model.ItemDelay
import pssr.servers.ChunkSink
import pssr.servers.PagePipeline
import pssr.servers.PageRequest
import pssr.views.ChunkWriter
import pssr.views.Html
import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering
import reactor.core.publisher.Flux
import reactor.core.publisher.Mono
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

/**
 * Seed 002's browser pages (docs/BROWSER.md), outside the benchmark's route table:
 * `GET /demo/{page}/{rendering}?pssr=on|off&itemDelayMs=N` with page weather, artist, presentations and
 * rendering `suspending` (HtmlFlow suspending view, `mono(Dispatchers.Unconfined)` as the benchmark's
 * suspending routes), `virtual` (JStachio on a new virtual thread per request) or `naive` (weather and
 * presentations only, PSSR on only: the malformed async template). `GET /demo` links them all.
 *
 * Flushing as on the benchmark routes: every ChunkWriter chunk is one `writeAndFlushWith` group. With
 * `pssr=on` the page flushes whatever it has rendered each time it is about to wait for data; with
 * `pssr=off` it collects the data first and the page leaves as one chunk. `itemDelayMs` is bounded as on
 * the benchmark routes (0..1000); the default is the page's own (1000, 1000, 200). Responses are
 * `Cache-Control: no-store`. Streamed by the shared [PagePipeline] (one log line for a failure or a client
 * that goes away). A client that goes away cancels a suspending render; a virtual-thread or naive render
 * runs to its end (3 s at most) into a writer that drops what it is given.
 */
class DemoHandler(warmUp: Boolean) : AutoCloseable {
    private val virtualThreads: ExecutorService =
        Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("pssr-demo-", 0).factory())
    private val pipeline = PagePipeline()

    init {
        if (warmUp) {
            val started = System.nanoTime()
            for (page in DemoPage.all) {
                for (rendering in DemoRendering.entries.filter { page.supports(it) && it != DemoRendering.NAIVE }) {
                    for (pssr in listOf(true, false)) warm(page, rendering, pssr)
                }
            }
            log.info("warmed up the demo pages in {} ms", (System.nanoTime() - started) / 1_000_000)
        }
    }

    private fun warm(page: DemoPage, rendering: DemoRendering, pssr: Boolean) {
        val ended = CompletableFuture<Unit>()
        pipeline.stream(
            "warm-up",
            object : ChunkSink {
                override val cancelled get() = false
                override fun next(chunk: String) {}
                override fun complete() {
                    ended.complete(Unit)
                }
                override fun fail(failure: Throwable) {
                    ended.completeExceptionally(failure)
                }
            },
        ) { writer, _, done -> render(page, rendering, pssr, ItemDelay.NONE, writer, done) }
        ended.join()
    }

    fun routes(): RouterFunction<ServerResponse> = RouterFunctions.route()
        .GET("/demo", this::index)
        .GET("/demo/{page}/{rendering}", this::page)
        .build()

    fun index(request: ServerRequest): Mono<ServerResponse> {
        val rows = DemoPage.all.joinToString("\n") { page ->
            val links = DemoRendering.entries.filter { page.supports(it) }.joinToString(" ") { r ->
                val modes = if (r == DemoRendering.NAIVE) listOf("on") else listOf("on", "off")
                modes.joinToString(" ") { m -> """<a href="/demo/${page.id}/${r.id}?pssr=$m">${r.id} pssr=$m</a>""" }
            }
            "<li>${Html.escape(page.title)}: $links</li>"
        }
        val renderings = DemoRendering.entries.joinToString("\n") { "<li><b>${it.id}</b>: ${Html.escape(it.description)}</li>" }
        val html = """<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>pssr-bench demo pages</title></head><body>
            |<h1>Seed 002's pages: progressive server-side rendering on and off</h1><ul>$rows</ul>
            |<p>Renderings:</p><ul>$renderings</ul><p>Query: <code>pssr=on|off</code>, <code>itemDelayMs=0..1000</code>.</p></body></html>
            |
        """.trimMargin()
        return ServerResponse.ok().contentType(PageHandler.TEXT_HTML_UTF8).bodyValue(html)
    }

    fun page(request: ServerRequest): Mono<ServerResponse> {
        val page = DemoPage.byId(request.pathVariable("page"))
            ?: return text(
                HttpStatus.NOT_FOUND,
                "unknown demo page '${request.pathVariable("page")}'; valid pages: ${DemoPage.all.joinToString(", ")}",
            )
        val rendering = DemoRendering.byId(request.pathVariable("rendering"))?.takeIf { page.supports(it) }
            ?: return text(
                HttpStatus.NOT_FOUND,
                "unknown rendering '${request.pathVariable("rendering")}' for $page; valid: " +
                    DemoRendering.entries.filter { page.supports(it) }.joinToString(", "),
            )
        val pssr = when (val raw = request.queryParam("pssr").orElse("on")) {
            "on" -> true
            "off" -> false
            else -> return text(HttpStatus.BAD_REQUEST, "pssr must be on or off, was '$raw'")
        }
        if (!pssr && rendering == DemoRendering.NAIVE) {
            return text(
                HttpStatus.BAD_REQUEST,
                "the naive page only exists with pssr=on: it shows what an async template that does not wait produces",
            )
        }
        val delay = PageRequest.itemDelay(request.queryParam(PageRequest.ITEM_DELAY).orElse(null), page.defaultDelay)
            .getOrElse { return text(HttpStatus.BAD_REQUEST, it.message ?: "bad itemDelayMs") }
        val what = request.uri().rawQuery?.let { "${request.path()}?$it" } ?: request.path()
        return ServerResponse.ok().contentType(PageHandler.TEXT_HTML_UTF8).cacheControl(CacheControl.noStore())
            .body(
                BodyInserter<Flux<String>, ReactiveHttpOutputMessage> { out, _ ->
                    streamChunks(out, what) { sink ->
                        pipeline.stream(what, sink) { writer, _, done -> render(page, rendering, pssr, delay, writer, done) }
                    }
                },
            )
    }

    /** Starts the render on its rendering's threads; [done] once it has ended. */
    private fun render(
        page: DemoPage,
        rendering: DemoRendering,
        pssr: Boolean,
        delay: ItemDelay,
        writer: ChunkWriter,
        done: (Throwable?) -> Unit,
    ): AutoCloseable? {
        when (rendering) {
            DemoRendering.SUSPENDING -> {
                val job = mono(Dispatchers.Unconfined) {
                    page.renderSuspending(delay, pssr, writer)
                }.subscribe({}, { done(it) }, { done(null) })
                return AutoCloseable { job.dispose() }
            }

            DemoRendering.VIRTUAL -> virtualThreads.execute {
                done(
                    try {
                        page.renderBlocking(delay, pssr, writer)
                        null
                    } catch (e: Throwable) {
                        e
                    },
                )
            }

            DemoRendering.NAIVE -> page.renderNaive(delay, writer).whenComplete { _, failure -> done(failure) }
        }
        return null
    }

    override fun close() {
        virtualThreads.shutdownNow()
    }

    private companion object {
        val log = LoggerFactory.getLogger(DemoHandler::class.java)
        fun text(status: HttpStatus, message: String) = PageHandler.text(status, message)
    }
}
