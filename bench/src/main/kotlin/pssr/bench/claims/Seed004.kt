package pssr.bench.claims

import pssr.bench.api.ApiReport
import pssr.bench.console.Fmt
import pssr.bench.paper.Seed004Figures
import pssr.bench.project.Workloads
import pssr.bench.results.ResultRow

/**
 * Seed 004, Spring MVC vs WebFlux on a compute-bound API (H2 + enrichment) and a network-bound one (POST to a downstream),
 * JMeter. Each figure is one JMeter run per variant at its most users, its throughput and mean latency with an interval from
 * the run's own batches (p95 and p99 over the batches' own percentiles); forward's MVC row is the client's default pool (5), as the seed's.
 */
object Seed004 {
    private const val S = "004"
    private const val NEEDS = "./pssr run --workloads products,forward"
    private const val RATIO = Seed004Figures.RATIO

    /** The paper's size as it prints it: "4". */
    private val X = Fmt.fixed(RATIO, 0)

    /** "More than four times", up to [Terms.ABOUT] past it: "[4.000, 5.000]". */
    private val MORE_THAN = "[${Fmt.fixed(RATIO, 3)}, ${Fmt.fixed(RATIO * Terms.ABOUT, 3)}]"

    /** Its range "500 ms to 1.5 s" and the bound no request may pass, "1.5 s". */
    private val SLOWEST = "${Fmt.fixed(Seed004Figures.APDEX_F_MS / 1000, 1)} s"
    private val RANGE = "${Fmt.grouped(Seed004Figures.APDEX_T_MS)} ms to $SLOWEST"

    private fun pair(e: Evidence, workload: String): Pair<ResultRow, ResultRow> {
        val h = ApiReport.headline(e.rows(workload))
        return (h["mvc"] ?: throw MissingRows("$workload mvc")) to (h["webflux"] ?: throw MissingRows("$workload webflux"))
    }
    private fun cpu(r: ResultRow) = "${r.engine}: ${Fmt.grouped(r.serverCpuUsPerRequest, missing = Fmt.NAN)} µs server CPU per " +
        "request, ${Fmt.fixed(r.cpuPctMean, 0, Fmt.NAN)}% CPU"

    val claims: List<Claim> = listOf(
        Claim(
            "004-products-mvc-4x-throughput",
            S,
            "3.1.2",
            "Compute-bound: Spring MVC reaches about ${X}x WebFlux's throughput.",
            "MVC ~${X}x WebFlux",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (mvc, webflux) = pair(e, Workloads.PRODUCTS)
            val r = e.profileRps(mvc) / e.profileRps(webflux)
            val v = Terms.about(r, RATIO)
            Judgement(
                v,
                "products throughput MVC / WebFlux, ${Terms.aboutText(RATIO)}: ${r.text("x")}",
                "paper ${X}x, ours ${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                if (v == Verdict.REFUTED) {
                    "${cpu(mvc)}; ${cpu(webflux)}: on these 2 cores the stacks' CPU per request differ by " +
                        "${Fmt.fixed(webflux.serverCpuUsPerRequest / mvc.serverCpuUsPerRequest, 2, Fmt.NAN)}x, not ${X}x"
                } else {
                    ""
                },
            )
        },
        Claim(
            "004-products-mvc-4x-faster",
            S,
            "3.1.2",
            "Compute-bound: Spring MVC answers about ${X}x faster on average than WebFlux.",
            "MVC ~${X}x faster",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (mvc, webflux) = pair(e, Workloads.PRODUCTS)
            val r = e.profileMeanMs(webflux) / e.profileMeanMs(mvc)
            val v = Terms.about(r, RATIO)
            Judgement(
                v,
                "products mean latency WebFlux / MVC, ${Terms.aboutText(
                    RATIO,
                )}: ${r.text("x")} (${Fmt.fixed(webflux.latencyMeanMs, 1, Fmt.NAN)} vs " +
                    "${Fmt.fixed(mvc.latencyMeanMs, 1, Fmt.NAN)} ms)",
                "paper ${X}x, ours ${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                if (v == Verdict.REFUTED) "${cpu(mvc)}; ${cpu(webflux)}" else "",
            )
        },
        Claim(
            "004-forward-webflux-4x-throughput",
            S,
            "3.2.2",
            "Network-bound: WebFlux reaches about ${X}x Spring MVC's throughput.",
            "WebFlux ~${X}x MVC",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (mvc, webflux) = pair(e, Workloads.FORWARD)
            val r = e.profileRps(webflux) / e.profileRps(mvc)
            val v = Terms.about(r, RATIO)
            Judgement(
                v,
                "forward throughput WebFlux / MVC (client pool ${ApiReport.pool(mvc) ?: "?"}), ${Terms.aboutText(RATIO)}: ${r.text("x")}",
                "paper ${X}x, ours ${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                if (v == Verdict.REFUTED) {
                    "the clients' pools bound it: MVC's ${ApiReport.pool(mvc) ?: "?"} connections x (1 / downstream latency) against " +
                        "WebClient's ${ApiReport.pool(webflux) ?: "?"}"
                } else {
                    ""
                },
            )
        },
        Claim(
            "004-forward-webflux-faster",
            S,
            "3.2.2",
            "Network-bound: WebFlux answers more than four times faster on average than Spring MVC: more than the paper's " +
                "size and at most the top of its about band, $MORE_THAN (it gives no closer figure).",
            "WebFlux >${X}x faster",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (mvc, webflux) = pair(e, Workloads.FORWARD)
            val r = e.profileMeanMs(mvc) / e.profileMeanMs(webflux)
            // "more than four times": four is the band's floor, not its middle
            val v = Terms.within(r, RATIO..RATIO * Terms.ABOUT)
            Judgement(
                v,
                "forward mean latency MVC / WebFlux, more than ${X}x, $MORE_THAN: ${r.text("x")} " +
                    "(${Fmt.fixed(mvc.latencyMeanMs, 1, Fmt.NAN)} vs " +
                    "${Fmt.fixed(webflux.latencyMeanMs, 1, Fmt.NAN)} " +
                    "ms)",
                "paper >${X}x, ours ${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                if (v == Verdict.REFUTED) {
                    "MVC waits for one of ${ApiReport.pool(mvc) ?: "?"} pooled connections; ${cpu(mvc)}; ${cpu(webflux)}"
                } else {
                    ""
                },
            )
        },
        Claim(
            "004-forward-webflux-no-more-threads-or-cpu",
            S,
            "4 (conclusion)",
            "Network-bound: WebFlux serves its higher load without more threads or more CPU than Spring MVC: its live threads at " +
                "peak and its server's CPU consumption (cores busy, not per request) each not higher than MVC's (at most 1.10x).",
            "\"without increasing the thread pool size or CPU consumption\"",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (mvc, webflux) = pair(e, Workloads.FORWARD)
            if (mvc.threadsPeak <= 0 || webflux.threadsPeak <= 0) throw MissingRows("forward live threads")
            val threads = Estimate.point(webflux.threadsPeak.toDouble()) / Estimate.point(mvc.threadsPeak.toDouble())
            val busy = Estimate.point(webflux.cpuPctMean) / Estimate.point(mvc.cpuPctMean)
            val fewerThreads = Terms.notHigher(threads)
            val lessCpu = Terms.notHigher(busy)
            val v = Terms.all(fewerThreads, lessCpu)
            Judgement(
                v,
                "forward WebFlux / MVC: live threads at peak ${threads.text("x")} (${webflux.threadsPeak} vs ${mvc.threadsPeak}) " +
                    "${fewerThreads.word}; CPU ${busy.text("x")} (${Fmt.fixed(webflux.cpuPctMean, 0, Fmt.NAN)}% vs " +
                    "${Fmt.fixed(mvc.cpuPctMean, 0, Fmt.NAN)}% of a core) ${lessCpu.word}; per request " +
                    "${Fmt.fixed(webflux.serverCpuUsPerRequest / mvc.serverCpuUsPerRequest, 2, Fmt.NAN)}x",
                cause = if (v == Verdict.REFUTED) {
                    "${cpu(mvc)}; ${cpu(webflux)}; throughput WebFlux / MVC " +
                        "${Fmt.fixed(e.profileRps(webflux).value / e.profileRps(mvc).value, 2, Fmt.NAN)}x"
                } else {
                    ""
                },
            )
        },
        tails(
            "004-products-mvc-tails",
            "3.1.2",
            Workloads.PRODUCTS,
            mvcFaster = true,
            "Compute-bound: Spring MVC answers faster than WebFlux at the 95th and 99th percentiles too.",
            "MVC superior at both the 95th and 99th percentiles",
        ),
        tails(
            "004-forward-webflux-tails",
            "3.2.2",
            Workloads.FORWARD,
            mvcFaster = false,
            "Network-bound: WebFlux answers faster than Spring MVC at the 95th and 99th percentiles too.",
            "WebFlux consistent at both the 95th and 99th percentiles",
        ),
        answered(
            "004-products-all-answered",
            "3.1.1",
            Workloads.PRODUCTS,
            "Compute-bound: both Spring MVC and WebFlux respond to all API requests (no errors) within the paper's range of $RANGE " +
                "(its Apdex thresholds: no request slower than $SLOWEST).",
        ),
        answered(
            "004-forward-all-answered",
            "3.2.1",
            Workloads.FORWARD,
            "Network-bound: both Spring MVC and WebFlux respond to all API requests (no errors) within the paper's range of $RANGE " +
                "(its Apdex thresholds: no request slower than $SLOWEST).",
        ),
    )

    /** The faster stack's p95 and p99 over the slower's, each lower ([Terms.lower], one run each: no interval). */
    private fun tails(id: String, section: String, workload: String, mvcFaster: Boolean, text: String, paper: String) = Claim(
        id,
        S,
        section,
        text,
        paper,
        Kind.SIZE,
        NEEDS,
    ) { e ->
        val (mvc, webflux) = pair(e, workload)
        val (fast, slow) = if (mvcFaster) mvc to webflux else webflux to mvc
        // each percentile with its batches' interval (a profile measured once; older folders: a point, "one measurement")
        val parts = listOf("p95" to e::profileP95Ms, "p99" to e::profileP99Ms).map { (name, tail) ->
            val r = tail(fast) / tail(slow)
            Triple(name, r, Terms.lower(r))
        }
        val v = Terms.all(*parts.map { it.third }.toTypedArray())
        Judgement(
            v,
            "$workload ${fast.engine} / ${slow.engine}: " +
                parts.joinToString("; ") { "${it.first} ${it.second.text("x")} ${it.third.word}" } +
                " (p95 ${Fmt.fixed(fast.latencyP95Ms, 1, Fmt.NAN)} vs ${Fmt.fixed(slow.latencyP95Ms, 1, Fmt.NAN)} ms, p99 " +
                "${Fmt.fixed(fast.latencyP99Ms, 1, Fmt.NAN)} vs " +
                "${Fmt.fixed(slow.latencyP99Ms, 1, Fmt.NAN)} ms)",
            cause = if (v == Verdict.REFUTED) "${cpu(fast)}; ${cpu(slow)}" else "",
        )
    }

    /** The paper's Apdex frustration threshold: "within ... 500 ms to 1.5 s". */
    private const val FRUSTRATED_MS = Seed004Figures.APDEX_F_MS

    /**
     * "responded to all API requests within a response time range of 500 ms to 1.5 s": both halves, on either stack's headline
     * row: no errors of any kind, and no request slower than 1.5 s (the row's slowest); refuted when either half fails. The 1.5 s
     * is the paper's Apdex threshold, a criterion it set, not a figure of its machine.
     */
    private fun answered(id: String, section: String, workload: String, text: String) = Claim(
        id,
        S,
        section,
        text,
        "responded to all API requests within $RANGE",
        Kind.SIZE,
        NEEDS,
    ) { e ->
        val (mvc, webflux) = pair(e, workload)
        val rows = listOf(mvc, webflux)
        val errors = if (rows.all { it.errors == 0L }) Verdict.HOLDS else Verdict.REFUTED
        val latency = when {
            rows.any { it.latencyMaxMs.isNaN() } -> Verdict.NOT_MEASURED
            rows.all { it.latencyMaxMs <= FRUSTRATED_MS } -> Verdict.HOLDS
            else -> Verdict.REFUTED
        }
        if (latency == Verdict.NOT_MEASURED) throw MissingRows("$workload slowest request")
        Judgement(
            Terms.all(errors, latency),
            "$workload errors: mvc ${mvc.errors} of ${mvc.requests}, webflux ${webflux.errors} of ${webflux.requests} requests " +
                "${errors.word}; slowest request mvc ${Fmt.fixed(mvc.latencyMaxMs, 0, Fmt.NAN)} ms, webflux " +
                "${Fmt.fixed(webflux.latencyMaxMs, 0, Fmt.NAN)} ms (p99 ${Fmt.fixed(mvc.latencyP99Ms, 0, Fmt.NAN)} and " +
                "${Fmt.fixed(webflux.latencyP99Ms, 0, Fmt.NAN)} ms), at most $SLOWEST ${latency.word}",
        )
    }
}
