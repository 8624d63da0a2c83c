package pssr.servers.api

import org.springframework.boot.reactor.netty.autoconfigure.NettyServerProperties
import org.springframework.boot.tomcat.autoconfigure.TomcatServerProperties
import org.springframework.boot.web.server.autoconfigure.ServerProperties
import pssr.servers.spring.SpringServer

/**
 * `GET /routes` of an API server: one entry per workload the variant serves, each with every tuning setting
 * of seed 004's tables (Tomcat, HikariCP, the executor, the clients' pools and timeouts, Netty's event loops, GZIP).
 */
class ApiRoutes(
    private val s: ApiSettings,
    server: ServerProperties,
    tomcat: () -> TomcatServerProperties,
    netty: () -> NettyServerProperties,
) {
    val settings: Map<String, Any> = buildMap {
        put("server", SpringServer.describe(s.variant.reactive))
        put("variant", s.variant.id)
        put("threads", s.variant.threads)
        put("cores", Runtime.getRuntime().availableProcessors())
        put("productRows", s.rows)
        put("pageSize", s.pageSize)
        put("gzip", server.compression.enabled)
        put("gzipMinResponseBytes", server.compression.minResponseSize.toBytes())
        if (s.variant.reactive) {
            put("nettyEventLoops", s.nettyEventLoops)
            val n = netty()
            put("nettyIdleTimeoutMs", n.idleTimeout?.toMillis() ?: -1)
            put("nettyConnectionTimeoutMs", n.connectionTimeout?.toMillis() ?: -1)
            put("r2dbcPool", "r2dbc-pool on r2dbc-h2, initial = max")
            put("r2dbcPoolSize", s.r2dbcPoolSize)
            put("enrichment", if (s.variant == Variant.WEBFLUX_LOOP) "event loop" else "Schedulers.boundedElastic()")
            put("client", "WebClient, Reactor Netty ConnectionProvider")
        } else {
            val t = tomcat()
            put("tomcatMaxThreads", t.threads.max)
            put("tomcatMinSpareThreads", t.threads.minSpare)
            put("tomcatAcceptCount", t.acceptCount)
            put("tomcatMaxConnections", t.maxConnections)
            put("tomcatConnectionTimeoutMs", t.connectionTimeout?.toMillis() ?: -1)
            put("hikariMaximumPoolSize", s.hikariMax)
            put("hikariMinimumIdle", s.hikariMinIdle)
            put("hikariIdleTimeoutMs", s.hikariIdleTimeoutMs)
            put("hikariConnectionTimeoutMs", s.hikariConnectionTimeoutMs)
            put("hikariMaxLifetimeMs", s.hikariMaxLifetimeMs)
            put(
                "requestThreads",
                if (s.variant.threads == "virtual") {
                    "a virtual thread per request (spring.threads.virtual.enabled)"
                } else {
                    "Tomcat's platform worker pool"
                },
            )
            put(
                "enrichment",
                if (s.variant == Variant.MVC) {
                    "@Async ThreadPoolTaskExecutor core ${s.executorCore}, max ${s.executorMax}, queue ${s.executorQueue}"
                } else {
                    "the request's virtual thread"
                },
            )
            put("executorCore", s.executorCore)
            put("executorMax", s.executorMax)
            put("executorQueue", s.executorQueue)
            put("client", "RestClient, Apache HttpClient 5 PoolingHttpClientConnectionManager")
        }
        put("downstreamUrl", s.downstreamUrl)
        put("orderItems", s.orderItems)
        put("payloadBytes", s.payload.toByteArray().size)
        put("clientPoolSize", s.effectiveClientPool)
        put("clientPoolSetting", if (s.clientPoolSize == 0) "library default" else "set")
        put("clientConnectTimeoutMs", s.clientConnectTimeoutMs)
        put("clientResponseTimeoutMs", s.clientResponseTimeoutMs)
        put("clientPoolAcquireTimeoutMs", s.clientPoolAcquireTimeoutMs)
        put("jdk", Runtime.version().toString())
    }

    val json: String = listOfNotNull("products" to "/api/products", s.variant.forward?.let { "forward" to "/api/forward" })
        .joinToString(",\n", "[\n", "\n]\n") { (workload, path) ->
            val how = if (workload == "products") s.variant.products else s.variant.forward!!
            """{"framework":"${s.variant.framework}","workload":"$workload",""" +
                """"variant":"${s.variant.id}","approach":"${s.variant.threads}",""" +
                """"path":"$path","how":${str(how)},"settings":${obj(settings)}}"""
        }

    private fun str(v: String) = "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\""
    private fun obj(m: Map<String, Any>): String = m.entries.joinToString(",", "{", "}") { (k, v) ->
        "\"$k\":" + if (v is Number || v is Boolean) {
            v.toString()
        } else {
            str(v.toString())
        }
    }
}
