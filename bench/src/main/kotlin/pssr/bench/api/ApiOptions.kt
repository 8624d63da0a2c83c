package pssr.bench.api

import picocli.CommandLine.Option
import pssr.bench.console.Durations
import pssr.bench.console.HelpSection
import pssr.bench.console.UsageError
import pssr.bench.measure.Apdex
import java.time.Duration

/** The variants of servers/api each workload runs, by the names its `pssr.api.variant` takes. */
val PRODUCT_VARIANTS = listOf("mvc", "mvc-virtual", "webflux", "webflux-loop")
val FORWARD_VARIANTS = listOf("mvc", "mvc-virtual", "webflux")

/** A load profile: users started over a ramp-up, each sending loops requests (null loops: as many as the time budget allows). */
data class LoadProfile(val users: List<Int>, val rampUpSeconds: Long, val loops: Int?)

/**
 * `./pssr run --workloads products,forward` options (seed 004). Every tuning setting of the seed's tables is an
 * option, defaulted as the seed says for this machine's cores; they are separate from the students options
 * (`--tomcat-*`, `--r2dbc-pool-size`) because seed 003's defaults are the frameworks' own, seed 004's are tuned.
 */
class ApiOptions : HelpSection {
    override val heading = "Products and forward workloads (seed 004; docs/SEED004.md)"

    val cores: Int = Runtime.getRuntime().availableProcessors()

    @Option(
        names = ["--preset"],
        paramLabel = "NAME",
        description = [
            "products/forward load: default (50 and 25 users, 1 s ramp-up, " +
                "loops by --api-budget) or paper (1,000 and 25 users, 1 s ramp-up, the paper's 10,000 loops scaled down by --api-budget; " +
                "--api-loops 10000 for the exact count)",
        ],
    )
    var preset: String = "default"

    @Option(
        names = ["--products-users"],
        split = ",",
        paramLabel = "N",
        description = ["products: JMeter users per level (default: 50; paper preset 1000)"],
    )
    var productsUsers: List<Int>? = null

    @Option(
        names = ["--forward-users"],
        split = ",",
        paramLabel = "N",
        description = ["forward: JMeter users per level (default 25, the paper's)"],
    )
    var forwardUsers: List<Int>? = null

    @Option(
        names = ["--api-ramp-up"],
        paramLabel = "DURATION",
        description = ["products/forward: JMeter ramp-up (default \${DEFAULT-VALUE}, the paper's)"],
    )
    var rampUp: String = "1s"
    val rampUpSeconds: Long get() = Durations.seconds("--api-ramp-up", rampUp, 0, 3600).seconds

    @Option(
        names = ["--api-loops"],
        paramLabel = "N",
        description = [
            "products/forward: requests per user, exactly (the paper: 10000); default: as many as --api-budget allows, at most the paper's",
        ],
    )
    var loops: Int? = null

    @Option(
        names = ["--api-budget"],
        paramLabel = "DURATION",
        description = [
            "products/forward: time budget of one measured profile; loops = budget x the warm-up's throughput / users, " +
                "1..10,000 (default \${DEFAULT-VALUE})",
        ],
    )
    var budget: String = "15s"
    val budgetSeconds: Long get() = Durations.seconds("--api-budget", budget, 1, 3600).seconds

    @Option(
        names = ["--products-variants"],
        split = ",",
        paramLabel = "NAME",
        description = ["products: variants (default all: mvc, mvc-virtual, webflux, webflux-loop)"],
    )
    var productVariants: List<String> = PRODUCT_VARIANTS

    @Option(
        names = ["--forward-variants"],
        split = ",",
        paramLabel = "NAME",
        description = ["forward: variants (default all: mvc, mvc-virtual, webflux)"],
    )
    var forwardVariants: List<String> = FORWARD_VARIANTS

    @Option(names = ["--product-rows"], paramLabel = "N", description = ["products: rows of the H2 table (default \${DEFAULT-VALUE})"])
    var productRows: Int = 1000

    @Option(
        names = ["--product-page-size"],
        paramLabel = "N",
        description = ["products: products enriched per response (default \${DEFAULT-VALUE})"],
    )
    var pageSize: Int = 20

    @Option(
        names = ["--downstream-url"],
        paramLabel = "URL",
        description = ["forward: an external downstream service (it must answer POST /orders); default: pssr starts one on loopback"],
    )
    var downstreamUrl: String? = null

    @Option(
        names = ["--downstream-latency"],
        paramLabel = "MS",
        description = ["forward: the latency of the downstream pssr starts (default \${DEFAULT-VALUE})"],
    )
    var downstreamLatencyMs: Long = 100

    @Option(
        names = ["--downstream-fail-status"],
        hidden = true,
        paramLabel = "STATUS",
        description = ["forward: the downstream pssr starts answers every request with this status (0: never; for tests of failures)"],
    )
    var downstreamFailStatus: Int = 0

    @Option(
        names = ["--order-items"],
        paramLabel = "N",
        description = ["forward: lines in the order POSTed downstream (default \${DEFAULT-VALUE}, ~1 KB)"],
    )
    var orderItems: Int = 10

    @Option(
        names = ["--client-pool-sizes"],
        split = ",",
        paramLabel = "N",
        description = [
            "forward: connections per downstream route of " +
                "the mvc variant's client; several values sweep it, 0 is the library's default (Apache HttpClient 5: 5) (default 0,2,25)",
        ],
    )
    var clientPoolSizes: List<Int> = listOf(0, 2, 25)

    @Option(
        names = ["--client-response-timeout"],
        paramLabel = "MS",
        description = ["forward: the API's client: response timeout, also the wait for a pooled connection (default \${DEFAULT-VALUE})"],
    )
    var clientResponseTimeoutMs: Long = 5000

    @Option(
        names = ["--client-connect-timeout"],
        paramLabel = "MS",
        description = ["forward: the API's client: connect timeout (default \${DEFAULT-VALUE})"],
    )
    var clientConnectTimeoutMs: Long = 2000

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

    @Option(
        names = ["--api-response-timeout"],
        paramLabel = "DURATION",
        description = ["products/forward: JMeter connect and response timeout (default \${DEFAULT-VALUE})"],
    )
    var responseTimeoutText: String = "30s"
    val responseTimeoutSeconds: Long get() = Durations.seconds("--api-response-timeout", responseTimeoutText, 1, 3600).seconds

    @Option(
        names = ["--apdex"],
        paramLabel = "T,F",
        split = ",",
        description = ["Apdex thresholds in ms (default 500,1500: JMeter's, the seed's)"],
    )
    var apdex: List<Long> = listOf(Apdex.T_MS, Apdex.F_MS)

    val maxThreads: Int get() = tomcatMaxThreads ?: (cores * 20)
    val executorSizes: List<Int> get() = executor ?: listOf(cores * 2, cores * 20, 1000)
    val eventLoops: Int get() = nettyEventLoops ?: (2 * cores)

    fun productsProfile(): LoadProfile = LoadProfile(productsUsers ?: listOf(if (preset == "paper") 1000 else 50), rampUpSeconds, loops)
    fun forwardProfile(): LoadProfile = LoadProfile(forwardUsers ?: listOf(25), rampUpSeconds, loops)

    /** Everything checked before a server is started; a mistake is one line (exit 2). */
    fun validate(products: Boolean, forward: Boolean) {
        if (preset !in listOf("default", "paper")) throw UsageError("unknown --preset '$preset'; valid: default, paper")
        fun range(option: String, v: Long, min: Long, max: Long) {
            if (v < min || v > max) {
                throw UsageError("$option must be $min..$max, was $v")
            }
        }
        if (products) {
            for (v in productVariants) {
                if (v !in
                    PRODUCT_VARIANTS
                ) {
                    throw UsageError("unknown --products-variants '$v'; valid: ${PRODUCT_VARIANTS.joinToString(", ")}")
                }
            }
        }
        if (forward) {
            for (v in forwardVariants) {
                if (v !in
                    FORWARD_VARIANTS
                ) {
                    throw UsageError("unknown --forward-variants '$v'; valid: ${FORWARD_VARIANTS.joinToString(", ")}")
                }
            }
        }
        for (u in productsProfile().users + forwardProfile().users) range("--products-users/--forward-users", u.toLong(), 1, 5000)
        // the duration options: each getter parses and checks its option (Durations)
        for (duration in listOf(::rampUpSeconds, ::budgetSeconds, ::responseTimeoutSeconds)) duration.get()
        loops?.let { range("--api-loops", it.toLong(), 1, 100_000) }
        range("--product-rows", productRows.toLong(), 1, 10_000_000)
        range("--product-page-size", pageSize.toLong(), 1, 200)
        range("--downstream-latency", downstreamLatencyMs, 0, 60_000)
        range("--order-items", orderItems.toLong(), 1, 10_000)
        if (downstreamFailStatus != 0) range("--downstream-fail-status", downstreamFailStatus.toLong(), 400, 599)
        if (clientPoolSizes.isEmpty()) throw UsageError("--client-pool-sizes needs at least one size")
        for (p in clientPoolSizes) range("--client-pool-sizes", p.toLong(), 0, 10_000)
        range("--client-response-timeout", clientResponseTimeoutMs, 1, 600_000)
        range("--client-connect-timeout", clientConnectTimeoutMs, 1, 600_000)
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
        if (apdex.size != 2 || apdex[0] < 1 ||
            apdex[1] < apdex[0]
        ) {
            throw UsageError("--apdex takes T,F in ms with 0 < T <= F, was ${apdex.joinToString(",")}")
        }
        downstreamUrl?.let { u ->
            val m = Regex("^http://([^/:]+)(:\\d{1,5})?/?$").find(u) ?: throw UsageError(
                "--downstream-url must be http://host[:port] (it is sent POST /orders), was '$u'",
            )
            if (m.groupValues[1].isBlank()) throw UsageError("--downstream-url has no host: '$u'")
        }
    }

    val responseTimeout: Duration get() = Duration.ofSeconds(responseTimeoutSeconds)

    /** The server arguments every variant gets: every tuning setting, stated. */
    fun serverArgs(variant: String): List<String> = listOf(
        "--pssr.api.variant=$variant", "--pssr.products.rows=$productRows", "--pssr.products.page-size=$pageSize",
        "--pssr.hikari.maximum-pool-size=$hikariMax", "--pssr.hikari.minimum-idle=$hikariMinIdle", "--pssr.r2dbc.pool-size=$r2dbcPoolSize",
        "--pssr.executor.core=${executorSizes[0]}", "--pssr.executor.max=${executorSizes[1]}", "--pssr.executor.queue=${executorSizes[2]}",
        "--pssr.tomcat.max-threads=$maxThreads", "--pssr.tomcat.accept-count=$tomcatAcceptCount",
        "--pssr.tomcat.connection-timeout-ms=$tomcatConnectionTimeoutMs",
        "--pssr.netty.event-loops=$eventLoops", "--pssr.gzip=$gzip", "--pssr.forward.order-items=$orderItems",
        "--pssr.forward.connect-timeout-ms=$clientConnectTimeoutMs", "--pssr.forward.response-timeout-ms=$clientResponseTimeoutMs",
        "--pssr.forward.pool-acquire-timeout-ms=$clientResponseTimeoutMs",
    )

    /** For environment.json (and a --resume's comparison). */
    fun asMap(): Map<String, Any?> = mapOf(
        "apiPreset" to preset, "productsUsers" to productsProfile().users,
        "forwardUsers" to forwardProfile().users,
        "apiRampUpS" to rampUpSeconds, "apiLoops" to (loops ?: "budget"), "apiBudgetS" to budgetSeconds,
        "productVariants" to productVariants,
        "forwardVariants" to forwardVariants, "productRows" to productRows, "productPageSize" to pageSize,
        "downstream" to (downstreamUrl ?: "pssr, loopback"),
        "downstreamLatencyMs" to downstreamLatencyMs, "orderItems" to orderItems, "clientPoolSizes" to clientPoolSizes,
        "clientResponseTimeoutMs" to clientResponseTimeoutMs, "clientConnectTimeoutMs" to clientConnectTimeoutMs, "cores" to cores,
        "apiTomcatMaxThreads" to maxThreads, "apiTomcatAcceptCount" to tomcatAcceptCount,
        "apiTomcatConnectionTimeoutMs" to tomcatConnectionTimeoutMs,
        "hikariMaxPoolSize" to hikariMax, "hikariMinIdle" to hikariMinIdle, "r2dbcH2PoolSize" to r2dbcPoolSize, "executor" to executorSizes,
        "nettyEventLoops" to eventLoops, "apiGzip" to gzip, "apiResponseTimeoutS" to responseTimeoutSeconds, "apdexTMs" to apdex[0],
        "apdexFMs" to apdex[1],
    )
}
