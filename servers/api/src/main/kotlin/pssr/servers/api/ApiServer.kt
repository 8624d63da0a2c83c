package pssr.servers.api

import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration
import org.springframework.context.annotation.Import
import pssr.servers.ServerStartup
import pssr.servers.spring.SpringServer
import pssr.servers.spring.SpringServer.Companion.arg

/**
 * Seed 004's two APIs in one jar: `GET /api/products` (compute-bound: H2 + enrichment) and `GET /api/forward`
 * (network-bound: POST to a downstream service), in one of four variants chosen at launch ([Variant]).
 * With `--pssr.api.role=downstream` the same jar is the downstream service instead ([Downstream]), no Spring.
 */
@SpringBootApplication(
    proxyBeanMethods = false,
    exclude = [ErrorMvcAutoConfiguration::class],
    // Boot 4's DataSource and R2DBC auto-configuration live in spring-boot-jdbc and spring-boot-r2dbc, which this jar does not
    // bring: named, not imported, so that they stay off should a dependency bring them (a name not on the classpath is ignored)
    excludeName = [
        "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
        "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration",
    ],
)
@Import(SpringServer::class)
class ApiServer

/**
 * The servers seed 004 compares, and the two it left out (MVC on virtual threads; WebFlux enriching on the event loop).
 * [products] and [forward]: how each workload's request is served.
 */
enum class Variant(val id: String, val framework: String, val threads: String, val products: String, val forward: String?) {
    MVC(
        "mvc",
        "mvc",
        "platform",
        "JDBC (HikariCP) and the enrichment on an @Async ThreadPoolTaskExecutor; the Tomcat thread waits for it",
        "RestClient on Apache HttpClient 5 (pooled), blocking the Tomcat thread",
    ),
    MVC_VIRTUAL(
        "mvc-virtual",
        "mvc",
        "virtual",
        "JDBC (HikariCP) and the enrichment on the request's virtual thread",
        "RestClient on Apache HttpClient 5 (pooled), blocking the request's virtual thread",
    ),
    WEBFLUX(
        "webflux",
        "webflux",
        "reactive",
        "r2dbc-h2 (r2dbc-pool), the enrichment offloaded to Schedulers.boundedElastic()",
        "WebClient on Reactor Netty (pooled), nothing blocks",
    ),
    WEBFLUX_LOOP(
        "webflux-loop",
        "webflux",
        "reactive",
        "r2dbc-h2 (r2dbc-pool), the enrichment on the thread that emits the rows (the event loop)",
        null,
    ),
    ;

    val reactive: Boolean get() = framework == "webflux"

    companion object {
        fun of(id: String): Variant = entries.firstOrNull { it.id == id }
            ?: throw IllegalArgumentException("unknown pssr.api.variant '$id'; valid: ${entries.joinToString(", ") { it.id }}")
    }
}

/** A server that cannot start (port in use or out of range, a bad setting) says why in one line and exits 2. */
fun main(args: Array<String>) {
    if (arg(args, "pssr.api.role") == "downstream") {
        return ServerStartup.run("downstream", args, ServerStartup.Listen.SPRING) { Downstream.main(args) }
    }
    SpringServer.start("api", args, ApiServer::class.java) {
        val variant = Variant.of(arg(args, "pssr.api.variant") ?: "mvc")
        // Netty's event loops (server and WebClient share them) are sized before Reactor Netty reads the property:
        // the seed's table says 2 x cores.
        val loops =
            arg(args, "pssr.netty.event-loops")?.toIntOrNull()?.takeIf { it > 0 } ?: (2 * Runtime.getRuntime().availableProcessors())
        System.setProperty("reactor.netty.ioWorkerCount", loops.toString())
        SpringServer.Stack(variant.framework, virtualThreads = variant.threads == "virtual")
    }
}
