package pssr.bench.api

import picocli.CommandLine.Option
import pssr.bench.console.UsageError

/**
 * The tuning of seed 004's servers (its Tables 1-4: Tomcat, HikariCP, r2dbc-pool, the @Async executor, Reactor Netty, GZIP),
 * each an option defaulted as the seed says for this machine's cores. A part of [ApiOptions] (a picocli mixin inside it, so
 * `--help` lists these options in its section).
 */
class ApiServerOptions {
    val cores: Int = Runtime.getRuntime().availableProcessors()

    @Option(
        names = ["--api-tomcat-max-threads"],
        paramLabel = "N",
        description = ["products/forward mvc*: Tomcat max-threads (default cores x 20, the seed's Table 1)"],
    )
    var tomcatMaxThreads: Int? = null

    @Option(
        names = ["--api-tomcat-accept-count"],
        paramLabel = "N",
        description = ["products/forward mvc*: Tomcat accept queue (default \${DEFAULT-VALUE}, Boot's)"],
    )
    var tomcatAcceptCount: Int = 100

    @Option(
        names = ["--api-tomcat-connection-timeout"],
        paramLabel = "MS",
        description = ["products/forward mvc*: Tomcat connection-timeout (default \${DEFAULT-VALUE}, the seed's \"5s is typical\")"],
    )
    var tomcatConnectionTimeoutMs: Long = 5000

    @Option(
        names = ["--hikari-max-pool-size"],
        paramLabel = "N",
        description = ["products mvc*: HikariCP maximum-pool-size (default \${DEFAULT-VALUE}, the seed's \"25~30\")"],
    )
    var hikariMax: Int = 25

    @Option(
        names = ["--hikari-min-idle"],
        paramLabel = "N",
        description = ["products mvc*: HikariCP minimum-idle (default \${DEFAULT-VALUE}, the seed's \"5~10\")"],
    )
    var hikariMinIdle: Int = 10

    @Option(
        names = ["--r2dbc-h2-pool-size"],
        paramLabel = "N",
        description = ["products webflux*: r2dbc-pool size on r2dbc-h2 (default \${DEFAULT-VALUE}, Hikari's maximum)"],
    )
    var r2dbcPoolSize: Int = 25

    @Option(
        names = ["--executor"],
        paramLabel = "CORE,MAX,QUEUE",
        split = ",",
        description = ["products mvc: the @Async ThreadPoolTaskExecutor (default cores x 2, cores x 20, 1000: the seed states no sizes)"],
    )
    var executor: List<Int>? = null

    @Option(
        names = ["--netty-event-loops"],
        paramLabel = "N",
        description = ["webflux*: Reactor Netty event loops (default 2 x cores, the seed's Table 4)"],
    )
    var nettyEventLoops: Int? = null

    @Option(
        names = ["--api-gzip"],
        paramLabel = "true|false",
        description = [
            "products/forward: server GZIP for responses over 2 KB " +
                "when the client asks (default \${DEFAULT-VALUE}, the seed's tables; JMeter does not ask)",
        ],
    )
    var gzip: Boolean = true

    val maxThreads: Int get() = tomcatMaxThreads ?: (cores * 20)
    val executorSizes: List<Int> get() = executor ?: listOf(cores * 2, cores * 20, 1000)
    val eventLoops: Int get() = nettyEventLoops ?: (2 * cores)

    fun validate() {
        val range = UsageError::requireIn
        range("--api-tomcat-max-threads", maxThreads.toLong(), 1, 100_000)
        range("--api-tomcat-accept-count", tomcatAcceptCount.toLong(), 1, 100_000)
        range("--api-tomcat-connection-timeout", tomcatConnectionTimeoutMs, 1, 600_000)
        range("--hikari-max-pool-size", hikariMax.toLong(), 1, 10_000)
        range("--hikari-min-idle", hikariMinIdle.toLong(), 0, hikariMax.toLong())
        range("--r2dbc-h2-pool-size", r2dbcPoolSize.toLong(), 1, 10_000)
        if (executorSizes.size != 3) throw UsageError("--executor takes CORE,MAX,QUEUE, was ${executor?.joinToString(",")}")
        range("--executor core", executorSizes[0].toLong(), 1, 10_000)
        range("--executor max", executorSizes[1].toLong(), executorSizes[0].toLong(), 10_000)
        range("--executor queue", executorSizes[2].toLong(), 0, 1_000_000)
        range("--netty-event-loops", eventLoops.toLong(), 1, 1024)
    }

    /** The server arguments of this tuning, every setting stated. */
    fun serverArgs(): List<String> = listOf(
        "--pssr.hikari.maximum-pool-size=$hikariMax", "--pssr.hikari.minimum-idle=$hikariMinIdle", "--pssr.r2dbc.pool-size=$r2dbcPoolSize",
        "--pssr.executor.core=${executorSizes[0]}", "--pssr.executor.max=${executorSizes[1]}", "--pssr.executor.queue=${executorSizes[2]}",
        "--pssr.tomcat.max-threads=$maxThreads", "--pssr.tomcat.accept-count=$tomcatAcceptCount",
        "--pssr.tomcat.connection-timeout-ms=$tomcatConnectionTimeoutMs", "--pssr.netty.event-loops=$eventLoops", "--pssr.gzip=$gzip",
    )

    /** For environment.json (and a --resume's comparison). */
    fun asMap(): Map<String, Any?> = mapOf(
        "apiTomcatMaxThreads" to maxThreads, "apiTomcatAcceptCount" to tomcatAcceptCount,
        "apiTomcatConnectionTimeoutMs" to tomcatConnectionTimeoutMs, "hikariMaxPoolSize" to hikariMax, "hikariMinIdle" to hikariMinIdle,
        "r2dbcH2PoolSize" to r2dbcPoolSize, "executor" to executorSizes, "nettyEventLoops" to eventLoops, "apiGzip" to gzip,
    )
}
