package pssr.bench.api

import picocli.CommandLine.Mixin
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

    /** The servers' tuning (seed 004's tables), its options listed in this section. */
    @Mixin
    val servers = ApiServerOptions()

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

    fun productsProfile(): LoadProfile = LoadProfile(productsUsers ?: listOf(if (preset == "paper") 1000 else 50), rampUpSeconds, loops)
    fun forwardProfile(): LoadProfile = LoadProfile(forwardUsers ?: listOf(25), rampUpSeconds, loops)

    /** Everything checked before a server is started; a mistake is one line (exit 2). */
    fun validate(products: Boolean, forward: Boolean) {
        servers.validate()
        if (preset !in listOf("default", "paper")) throw UsageError("unknown --preset '$preset'; valid: default, paper")
        val range = UsageError::requireIn
        fun known(option: String, given: List<String>, valid: List<String>) = given.firstOrNull { it !in valid }
            ?.let { throw UsageError("unknown $option '$it'; valid: ${valid.joinToString(", ")}") }
        if (products) known("--products-variants", productVariants, PRODUCT_VARIANTS)
        if (forward) known("--forward-variants", forwardVariants, FORWARD_VARIANTS)
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
        if (apdex.size != 2 || apdex[0] < 1 || apdex[1] < apdex[0]) {
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
    fun serverArgs(variant: String): List<String> = servers.serverArgs() + listOf(
        "--pssr.api.variant=$variant",
        "--pssr.products.rows=$productRows",
        "--pssr.products.page-size=$pageSize",
        "--pssr.forward.order-items=$orderItems",
        "--pssr.forward.connect-timeout-ms=$clientConnectTimeoutMs",
        "--pssr.forward.response-timeout-ms=$clientResponseTimeoutMs",
        "--pssr.forward.pool-acquire-timeout-ms=$clientResponseTimeoutMs",
    )

    /** For environment.json (and a --resume's comparison). */
    fun asMap(): Map<String, Any?> = servers.asMap() + mapOf(
        "apiPreset" to preset, "productsUsers" to productsProfile().users,
        "forwardUsers" to forwardProfile().users,
        "apiRampUpS" to rampUpSeconds, "apiLoops" to (loops ?: "budget"), "apiBudgetS" to budgetSeconds,
        "productVariants" to productVariants,
        "forwardVariants" to forwardVariants, "productRows" to productRows, "productPageSize" to pageSize,
        "downstream" to (downstreamUrl ?: "pssr, loopback"),
        "downstreamLatencyMs" to downstreamLatencyMs, "orderItems" to orderItems, "clientPoolSizes" to clientPoolSizes,
        "clientResponseTimeoutMs" to clientResponseTimeoutMs, "clientConnectTimeoutMs" to clientConnectTimeoutMs, "cores" to cores,
        "apiResponseTimeoutS" to responseTimeoutSeconds, "apdexTMs" to apdex[0],
        "apdexFMs" to apdex[1],
    )
}
