package pssr.servers.api

import com.zaxxer.hikari.HikariConfig
import com.zaxxer.hikari.HikariDataSource
import io.netty.channel.ChannelOption
import io.r2dbc.h2.H2ConnectionFactory
import io.r2dbc.pool.ConnectionPool
import io.r2dbc.pool.ConnectionPoolConfiguration
import org.apache.hc.client5.http.config.ConnectionConfig
import org.apache.hc.client5.http.config.RequestConfig
import org.apache.hc.client5.http.impl.classic.HttpClients
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder
import org.apache.hc.core5.util.Timeout
import org.springframework.beans.factory.ObjectProvider
import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.reactor.netty.autoconfigure.NettyServerProperties
import org.springframework.boot.tomcat.autoconfigure.TomcatServerProperties
import org.springframework.boot.web.server.autoconfigure.ServerProperties
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory
import org.springframework.http.client.reactive.ReactorClientHttpConnector
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor
import org.springframework.web.client.RestClient
import org.springframework.web.reactive.function.client.WebClient
import pssr.model.api.Orders
import pssr.model.api.Products
import reactor.netty.http.client.HttpClient
import reactor.netty.resources.ConnectionProvider
import java.sql.DriverManager
import java.time.Duration

/** Every setting that shapes a products or forward measurement, read once; all printed by `GET /routes`. */
data class ApiSettings(
    val variant: Variant,
    val rows: Int,
    val pageSize: Int,
    val hikariMax: Int,
    val hikariMinIdle: Int,
    val hikariIdleTimeoutMs: Long,
    val hikariConnectionTimeoutMs: Long,
    val hikariMaxLifetimeMs: Long,
    val r2dbcPoolSize: Int,
    val executorCore: Int,
    val executorMax: Int,
    val executorQueue: Int,
    val downstreamUrl: String,
    val orderItems: Int,
    val clientPoolSize: Int,
    val clientConnectTimeoutMs: Long,
    val clientResponseTimeoutMs: Long,
    val clientPoolAcquireTimeoutMs: Long,
    val nettyEventLoops: Int,
) {
    init {
        require(rows in 1..10_000_000) { "pssr.products.rows must be 1..10000000, was $rows" }
        require(pageSize in 1..Products.MAX_PAGE_SIZE) { "pssr.products.page-size must be 1..${Products.MAX_PAGE_SIZE}, was $pageSize" }
        require(hikariMax > 0 && hikariMinIdle in 0..hikariMax) {
            "pssr.hikari.maximum-pool-size must be > 0 and minimum-idle 0..max, were $hikariMax, $hikariMinIdle"
        }
        require(r2dbcPoolSize > 0) { "pssr.r2dbc.pool-size must be > 0, was $r2dbcPoolSize" }
        require(executorCore > 0 && executorMax >= executorCore && executorQueue >= 0) {
            "pssr.executor: core > 0, max >= core, queue >= 0; were $executorCore, $executorMax, $executorQueue"
        }
        require(orderItems in 1..Orders.MAX_ITEMS) { "pssr.forward.order-items must be 1..${Orders.MAX_ITEMS}, was $orderItems" }
        require(clientPoolSize >= 0) { "pssr.forward.pool-size must be >= 0 (0: the client library's default), was $clientPoolSize" }
        require(clientConnectTimeoutMs > 0 && clientResponseTimeoutMs > 0 && clientPoolAcquireTimeoutMs > 0) {
            "pssr.forward timeouts must be > 0"
        }
    }

    /** Connections per downstream route: the setting, or the library's default (Apache HttpClient 5: 5 per route; Reactor Netty: max(16, 2
     * x cores)). */
    val effectiveClientPool: Int get() = if (clientPoolSize > 0) {
        clientPoolSize
    } else if (variant.reactive) {
        maxOf(16, 2 * Runtime.getRuntime().availableProcessors())
    } else {
        5
    }

    /** The order this server POSTs, built once. */
    val payload: String = Orders.payload(orderItems)
}

@Configuration(proxyBeanMethods = false)
class ApiConfig {
    @Bean
    fun apiSettings(
        @Value("\${pssr.api.variant}") variant: String,
        @Value("\${pssr.products.rows}") rows: Int,
        @Value("\${pssr.products.page-size}") pageSize: Int,
        @Value("\${pssr.hikari.maximum-pool-size}") hikariMax: Int,
        @Value("\${pssr.hikari.minimum-idle}") hikariMinIdle: Int,
        @Value("\${pssr.hikari.idle-timeout-ms}") hikariIdle: Long,
        @Value("\${pssr.hikari.connection-timeout-ms}") hikariConn: Long,
        @Value("\${pssr.hikari.max-lifetime-ms}") hikariLife: Long,
        @Value("\${pssr.r2dbc.pool-size}") r2dbc: Int,
        @Value("\${pssr.executor.core}") core: Int,
        @Value("\${pssr.executor.max}") max: Int,
        @Value("\${pssr.executor.queue}") queue: Int,
        @Value("\${pssr.forward.downstream-url}") downstream: String,
        @Value("\${pssr.forward.order-items}") items: Int,
        @Value("\${pssr.forward.pool-size}") pool: Int,
        @Value("\${pssr.forward.connect-timeout-ms}") connect: Long,
        @Value("\${pssr.forward.response-timeout-ms}") response: Long,
        @Value("\${pssr.forward.pool-acquire-timeout-ms}") acquire: Long,
    ) = ApiSettings(
        Variant.of(variant), rows, pageSize, hikariMax, hikariMinIdle, hikariIdle, hikariConn, hikariLife, r2dbc,
        cores(core), cores(max), queue, downstream, items, pool, connect, response, acquire,
        System.getProperty("reactor.netty.ioWorkerCount")?.toIntOrNull() ?: (2 * Runtime.getRuntime().availableProcessors()),
    )

    /** A negative executor size means "that many times the cores" (-2 on 2 cores is 4). */
    private fun cores(n: Int) = if (n < 0) -n * Runtime.getRuntime().availableProcessors() else n

    /** The product table, seeded into this JVM's in-memory H2 before any request, then read through the variant's access layer. */
    @Bean(destroyMethod = "close")
    fun productRepository(s: ApiSettings): ProductRepository {
        val keep = DriverManager.getConnection(H2_URL, H2_USER, "") // holds the in-memory database open for the JVM's life
        Products.seed(keep, s.rows)
        return if (!s.variant.reactive) {
            JdbcProducts(
                HikariDataSource(
                    HikariConfig().apply {
                        jdbcUrl = H2_URL
                        username = H2_USER
                        password = ""
                        maximumPoolSize = s.hikariMax
                        minimumIdle = s.hikariMinIdle
                        idleTimeout = s.hikariIdleTimeoutMs
                        connectionTimeout = s.hikariConnectionTimeoutMs
                        maxLifetime = s.hikariMaxLifetimeMs
                        poolName = "products-hikari"
                    },
                ),
                keep,
            )
        } else {
            R2dbcProducts(
                ConnectionPool(
                    ConnectionPoolConfiguration.builder(H2ConnectionFactory.inMemory(H2_DB, H2_USER, ""))
                        .name("products-r2dbc").initialSize(s.r2dbcPoolSize).maxSize(s.r2dbcPoolSize).build(),
                ),
                keep,
            )
        }
    }

    /** The paper's tuned executor for MVC's `@Async` enrichment (mvc variant only). */
    @Bean(destroyMethod = "shutdown")
    fun enrichmentExecutor(s: ApiSettings) = ThreadPoolTaskExecutor().apply {
        corePoolSize = s.executorCore
        maxPoolSize = s.executorMax
        queueCapacity = s.executorQueue
        setThreadNamePrefix("enrich-")
        initialize()
    }

    /** The blocking client of the MVC variants: RestClient on a pooled Apache HttpClient 5. */
    @Bean(destroyMethod = "")
    fun restClient(s: ApiSettings): RestClient {
        val pool = PoolingHttpClientConnectionManagerBuilder.create()
            .setMaxConnPerRoute(s.effectiveClientPool).setMaxConnTotal(maxOf(25, s.effectiveClientPool))
            .setDefaultConnectionConfig(
                ConnectionConfig.custom().setConnectTimeout(Timeout.ofMilliseconds(s.clientConnectTimeoutMs))
                    .setSocketTimeout(Timeout.ofMilliseconds(s.clientResponseTimeoutMs)).build(),
            )
            .build()
        val client = HttpClients.custom().setConnectionManager(pool).disableAutomaticRetries()
            .setDefaultRequestConfig(
                RequestConfig.custom().setConnectionRequestTimeout(Timeout.ofMilliseconds(s.clientPoolAcquireTimeoutMs))
                    .setResponseTimeout(Timeout.ofMilliseconds(s.clientResponseTimeoutMs)).build(),
            )
            .build()
        return RestClient.builder().requestFactory(HttpComponentsClientHttpRequestFactory(client)).baseUrl(s.downstreamUrl).build()
    }

    /** The non-blocking client of the WebFlux variants: WebClient on a Reactor Netty connection pool. */
    @Bean
    fun webClient(s: ApiSettings): WebClient {
        val provider = ConnectionProvider.builder("downstream").maxConnections(s.effectiveClientPool)
            .pendingAcquireTimeout(Duration.ofMillis(s.clientPoolAcquireTimeoutMs)).pendingAcquireMaxCount(-1).build()
        val http = HttpClient.create(provider).option(ChannelOption.CONNECT_TIMEOUT_MILLIS, s.clientConnectTimeoutMs.toInt())
            .responseTimeout(Duration.ofMillis(s.clientResponseTimeoutMs))
        return WebClient.builder().clientConnector(ReactorClientHttpConnector(http)).baseUrl(s.downstreamUrl).build()
    }

    @Bean
    fun routes(
        s: ApiSettings,
        server: ServerProperties,
        tomcat: ObjectProvider<TomcatServerProperties>,
        netty: ObjectProvider<NettyServerProperties>,
    ): ApiRoutes = ApiRoutes(s, server, { tomcat.getObject() }, { netty.getObject() })

    companion object {
        const val H2_DB = "products"

        /** r2dbc-h2's in-memory factory logs in as this user; JDBC uses the same, so both reach one database. */
        const val H2_USER = "sa"
        const val H2_URL = "jdbc:h2:mem:$H2_DB;DB_CLOSE_DELAY=-1"
    }
}
