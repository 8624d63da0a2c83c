package pssr.servers.api

import io.netty.handler.timeout.ReadTimeoutException
import org.apache.hc.core5.http.ConnectionRequestTimeoutException
import org.slf4j.LoggerFactory
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication
import org.springframework.core.task.TaskRejectedException
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.client.RestClient
import org.springframework.web.client.RestClientResponseException
import org.springframework.web.reactive.function.client.WebClient
import org.springframework.web.reactive.function.client.WebClientResponseException
import pssr.model.api.Products
import reactor.core.publisher.Mono
import reactor.core.scheduler.Schedulers
import java.io.IOException
import java.net.ConnectException
import java.net.SocketTimeoutException
import java.util.concurrent.Callable
import java.util.concurrent.CompletableFuture
import java.util.concurrent.RejectedExecutionException
import java.util.concurrent.TimeoutException

/** `?page=&size=` checked the same way by both stacks; a bad value is a one-line 400. */
data class ProductQuery(val page: Int, val size: Int) {
    companion object {
        fun parse(page: String?, size: String?, s: ApiSettings): Result<ProductQuery> {
            val p = page?.toIntOrNull() ?: if (page == null) 0 else -1
            val n = size?.toIntOrNull() ?: if (size == null) s.pageSize else -1
            return when {
                p !in 0..1_000_000 -> Result.failure(IllegalArgumentException("page must be an integer from 0, was '$page'"))

                n !in 1..Products.MAX_PAGE_SIZE -> Result.failure(
                    IllegalArgumentException("size must be 1..${Products.MAX_PAGE_SIZE}, was '$size'"),
                )

                else -> Result.success(ProductQuery(p, n))
            }
        }
    }
}

/**
 * How a failed downstream call is answered, the same by both stacks, so the harness counts each kind by status:
 * 502 the downstream answered an error status, 503 it could not be reached (refused, reset), 504 no answer (or no
 * pooled connection) within the client's timeout. 503 for an executor that rejects work (mvc's @Async queue full).
 */
object Failure {
    fun status(e: Throwable): Int {
        val chain = generateSequence(e) { it.cause }.toList()
        return when {
            chain.any { it is RestClientResponseException || it is WebClientResponseException } -> 502

            chain.any {
                it is SocketTimeoutException || it is TimeoutException || it is ReadTimeoutException ||
                    it is ConnectionRequestTimeoutException ||
                    it is reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException ||
                    it.javaClass.simpleName.contains("Timeout")
            } -> 504

            chain.any { it is TaskRejectedException || it is RejectedExecutionException } -> 503

            chain.any { it is ConnectException || it is IOException } -> 503

            else -> 500
        }
    }

    fun line(e: Throwable): String = "${KIND[status(e)] ?: "failed"}: " +
        (generateSequence(e) { it.cause }.last().let { "${it.javaClass.simpleName}: ${it.message}" }).lineSequence().first()

    private val KIND = mapOf(502 to "downstream answered an error", 503 to "unavailable", 504 to "downstream timeout", 500 to "failed")
}

private val JSON = MediaType.APPLICATION_JSON
private fun text(status: Int, line: String): ResponseEntity<String> =
    ResponseEntity.status(status).contentType(MediaType.TEXT_PLAIN).body(line + "\n")
private fun json(body: String): ResponseEntity<String> = ResponseEntity.ok().contentType(JSON).body(body)

/** Spring MVC on Tomcat: platform threads (enrichment on the @Async executor) or a virtual thread per request. */
@RestController
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class MvcApi(
    repo: ProductRepository,
    private val s: ApiSettings,
    private val routes: ApiRoutes,
    private val executor: ThreadPoolTaskExecutor,
    private val client: RestClient,
) {
    private val log = LoggerFactory.getLogger(MvcApi::class.java)
    private val jdbc = repo as JdbcProducts

    @GetMapping("/routes")
    fun routes(): ResponseEntity<String> = json(routes.json)

    private fun products(q: ProductQuery): String = Products.toJson(jdbc.page(q.page, q.size).map(Products::enrich))

    /** mvc: the paper's `@Async` on a ThreadPoolTaskExecutor (what @Async does: submit to the executor, return its future). */
    @GetMapping("/api/products")
    fun products(
        @RequestParam("page", required = false) page: String?,
        @RequestParam("size", required = false) size: String?,
    ): CompletableFuture<ResponseEntity<String>> {
        val q = ProductQuery.parse(page, size, s).getOrElse { return CompletableFuture.completedFuture(text(400, it.message!!)) }
        val answer: CompletableFuture<String> = try {
            if (s.variant == Variant.MVC) {
                executor.submitCompletable(Callable<String> { products(q) })
            } else {
                CompletableFuture.completedFuture(products(q))
            }
        } catch (e: Exception) {
            CompletableFuture.failedFuture<String>(e)
        }
        return answer.thenApply { json(it) }.exceptionally { e ->
            log.warn(Failure.line(e))
            text(
                Failure.status(e).let {
                    if (it == 504) {
                        500
                    } else {
                        it
                    }
                },
                Failure.line(e),
            )
        }
    }

    @GetMapping("/api/forward")
    fun forward(): ResponseEntity<String> = try {
        json(client.post().uri("/orders").contentType(JSON).body(s.payload).retrieve().body(String::class.java) ?: "")
    } catch (e: Exception) {
        log.warn(Failure.line(e))
        text(Failure.status(e), Failure.line(e))
    }
}

/** Spring WebFlux on Reactor Netty: R2DBC and WebClient, nothing blocks; the enrichment offloaded or on the loop. */
@RestController
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class WebfluxApi(repo: ProductRepository, private val s: ApiSettings, private val routes: ApiRoutes, private val client: WebClient) {
    private val log = LoggerFactory.getLogger(WebfluxApi::class.java)
    private val r2dbc = repo as R2dbcProducts

    @GetMapping("/routes")
    fun routes(): Mono<ResponseEntity<String>> = Mono.just(json(routes.json))

    @GetMapping("/api/products")
    fun products(
        @RequestParam("page", required = false) page: String?,
        @RequestParam("size", required = false) size: String?,
    ): Mono<ResponseEntity<String>> {
        val q = ProductQuery.parse(page, size, s).getOrElse { return Mono.just(text(400, it.message!!)) }
        val rows = r2dbc.page(q.page, q.size).collectList()
        val enriched = if (s.variant == Variant.WEBFLUX_LOOP) {
            rows.map { Products.toJson(it.map(Products::enrich)) }
        } else {
            rows.publishOn(Schedulers.boundedElastic()).map { Products.toJson(it.map(Products::enrich)) }
        }
        return enriched.map(::json).onErrorResume { e ->
            log.warn(Failure.line(e))
            Mono.just(text(500, Failure.line(e)))
        }
    }

    @GetMapping("/api/forward")
    fun forward(): Mono<ResponseEntity<String>> =
        client.post().uri("/orders").contentType(JSON).bodyValue(s.payload).retrieve().bodyToMono(String::class.java).defaultIfEmpty("")
            .map(::json).onErrorResume { e ->
                log.warn(Failure.line(e))
                Mono.just(text(Failure.status(e), Failure.line(e)))
            }
}
