package pssr.bench.claims

import pssr.bench.claims.ClaimKit.compare
import pssr.bench.claims.ClaimKit.naming
import pssr.bench.claims.ClaimKit.scales
import pssr.bench.console.Fmt
import pssr.bench.paper.Seed002Table1

/** Seed 002, suspendable web templates (HtmlFlow + Kotlin coroutines on WebFlux, 4 cores) and its browser Table 1. */
object Seed002 {
    private const val S = "002"
    private const val BROWSER = "./pssr browser"

    /**
     * Seed 002 Table 1's figure [name] of one page, PSSR on / off, judged by [test]: the runs' means with their intervals from
     * 3 runs or more, else the medians as measured once.
     */
    private fun lighthouse(
        c: Column,
        id: String,
        text: String,
        paper: String,
        name: String,
        paperRatio: Double,
        test: (Estimate) -> Verdict,
        run: (BrowserRun) -> Double,
        median: (BrowserFigure) -> Double,
    ) = Claim("002-t1-${c.page}-$id", S, "Table 1", text, paper, Kind.SIZE, BROWSER) { e ->
        val off = e.browser(c.page, "off")
        val on = e.browser(c.page, "on")
        val r = on.estimate(run, median(on), e.confidence) / off.estimate(run, median(off), e.confidence)
        Judgement(
            test(r),
            "$name on / off ${r.text("x")} (${Fmt.fixed(median(on), 0, Fmt.NAN)} vs ${Fmt.fixed(median(off), 0, Fmt.NAN)} ms, " +
                "Lighthouse medians; the ratio of the runs' means from 3 runs or more)",
            "paper ${Fmt.fixed(paperRatio, 2, Fmt.NAN)}x, ours ${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
        )
    }

    /** Table 1 (in "5 Performance Tests"): per page, Lighthouse with PSSR off and on: score, FCP (= LCP there) and Speed Index, seconds. */
    private data class Column(
        val page: String,
        val scoreOff: Int,
        val scoreOn: Int,
        val fcpOff: Double,
        val fcpOn: Double,
        val siOff: Double,
        val siOn: Double,
    )

    /** Table 1 by page, PSSR off beside on, from the one copy browser.html shows too. */
    private val TABLE1 = Seed002Table1.cells.keys.map { it.first }.distinct().map { page ->
        val off = Seed002Table1.cells.getValue(page to false)
        val on = Seed002Table1.cells.getValue(page to true)
        Column(page, off.score, on.score, off.fcpLcpSeconds, on.fcpLcpSeconds, off.speedIndexSeconds, on.speedIndexSeconds)
    }

    val claims: List<Claim> = listOf(
        naming(
            scales(
                "002-6-sync-4", S, "5 (performance tests)",
                "Synchronous templates on a separate dispatcher scale only until 4 concurrent requests (WebFlux, Presentations; 4 cores " +
                    "there).",
                "scale until 4 requests",
                "webflux", "presentations", null, "blocking", 4,
            ),
            Route("webflux", "presentations", null, "blocking", 4),
            scaling = true,
        ),
        Claim(
            "002-6-only-thymeleaf-htmlflow-32",
            S,
            "5 (performance tests)",
            "Only the non-blocking engines (Thymeleaf reactive, HtmlFlow suspending) scale up to 32 users; the synchronous ones do not " +
                "(WebFlux, Presentations).",
            "only Thymeleaf and HtmlFlow scale to 32",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
        ) { e ->
            fun into32(engine: String?, approach: String) = Terms.gain(
                e.series("webflux", "presentations", engine, approach).let { it[16] ?: throw MissingRows("16 users") },
                e.series("webflux", "presentations", engine, approach).let { it[32] ?: throw MissingRows("32 users") },
                16,
                32,
            )
            val thy = into32("thymeleaf", "reactive")
            val hf = into32("htmlflow", "suspending")
            val sync = into32(null, "blocking")
            val v = Terms.all(Terms.atLeast(thy, Terms.SCALES), Terms.atLeast(hf, Terms.SCALES), Terms.below(sync, Terms.SCALES))
            Judgement(
                v,
                "T(32)/T(16): Thymeleaf reactive ${thy.text()}, HtmlFlow suspending ${hf.text()}, blocking engines ${sync.text()} " +
                    "(mean of ${ClaimKit.enginesOf(e, "webflux", "presentations", "blocking", 32).joinToString(", ")})",
            )
        },
        scales(
            "002-6-htmlflow-128", S, "5 (performance tests)", "HtmlFlow suspending scales up to 128 users (WebFlux, Presentations).",
            "scales to 128", "webflux", "presentations", "htmlflow", "suspending", 128,
        ),
        compare(
            "002-6-htmlflow-doubles-thymeleaf", S, "5 (performance tests)",
            "HtmlFlow suspending doubles Thymeleaf reactive's throughput at 128 users (WebFlux, Presentations).",
            "about 2x", Kind.SIZE, "HtmlFlow suspending / Thymeleaf reactive",
            Route("webflux", "presentations", "htmlflow", "suspending", 128),
            Route("webflux", "presentations", "thymeleaf", "reactive", 128),
            { r -> Terms.about(r, 2.0) }, 2.0,
        ),
    ) + TABLE1.map { c ->
        lighthouse(
            c, "fcp",
            "PSSR brings the first contentful paint of the ${c.page} page well ahead of the blocking page (at most half the time).",
            "FCP ${c.fcpOff} s off, ${c.fcpOn} s on", "FCP", c.fcpOn / c.fcpOff, { Terms.below(it, 0.5) }, { it.fcpMs }, { it.fcpMs },
        )
    } + TABLE1.map { c ->
        lighthouse(
            c, "lcp",
            "PSSR brings the largest contentful paint of the ${c.page} page well ahead of the blocking page (at most half the time).",
            "LCP ${c.fcpOff} s off, ${c.fcpOn} s on", "LCP", c.fcpOn / c.fcpOff, { Terms.below(it, 0.5) }, { it.lcpMs }, { it.lcpMs },
        )
    } + TABLE1.map { c ->
        lighthouse(
            c, "speed-index", "PSSR lowers the Speed Index of the ${c.page} page against the blocking page.",
            "Speed Index ${c.siOff} s off, ${c.siOn} s on",
            "Speed Index",
            c.siOn / c.siOff, { Terms.lower(it) }, { it.speedIndexMs }, { it.speedIndexMs },
        )
    } + TABLE1.map { c ->
        Claim(
            "002-t1-${c.page}-score",
            S,
            "Table 1",
            "With PSSR the ${c.page} page's Lighthouse score is higher than without (${c.scoreOn} vs ${c.scoreOff} there): by over 2 " +
                "points; both at the cap of 100 is inconclusive.",
            "score ${c.scoreOff} off, ${c.scoreOn} on",
            Kind.SHAPE,
            BROWSER,
        ) { e ->
            val off = e.browser(c.page, "off")
            val on = e.browser(c.page, "on")
            // capped at 100 and measured once: both at the cap is inconclusive; else higher by more than Terms.SCORE_TOLERANCE points
            val v = Terms.higherScore(on.score, off.score)
            Judgement(
                v,
                "score ${Fmt.fixed(on.score, 0, Fmt.NAN)} on vs ${Fmt.fixed(off.score, 0, Fmt.NAN)} off; Speed Index " +
                    "${Fmt.fixed(on.speedIndexMs, 0, Fmt.NAN)} " +
                    "vs ${Fmt.fixed(off.speedIndexMs, 0, Fmt.NAN)} ms",
                cause = if (v == Verdict.REFUTED) {
                    "Lighthouse measured FCP ${Fmt.fixed(on.fcpMs, 0, Fmt.NAN)} vs ${Fmt.fixed(off.fcpMs, 0, Fmt.NAN)} ms and LCP " +
                        "${Fmt.fixed(on.lcpMs, 0, Fmt.NAN)} vs ${Fmt.fixed(off.lcpMs, 0, Fmt.NAN)} ms"
                } else {
                    ""
                },
            )
        }
    }
}
