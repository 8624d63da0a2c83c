package pssr.bench.claims

import pssr.bench.claims.Seed002.BROWSER
import pssr.bench.claims.Seed002.S
import pssr.bench.console.Fmt
import pssr.bench.paper.Seed002Table1

/** Seed 002's Table 1 (in "5 Performance Tests"): Lighthouse's figures of the demo pages with PSSR on and off. */
internal object Seed002Lighthouse {
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
            "$name on / off, ${Terms.aboutText(
                paperRatio,
            )}: ${r.text("x")} (${Fmt.fixed(median(on), 0, Fmt.NAN)} vs ${Fmt.fixed(median(off), 0, Fmt.NAN)} ms, " +
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

    /**
     * Table 1's "FCP and LCP" row: the paper found them equal on every page, with PSSR and without. Judged per page and mode on
     * the runs' own LCP / FCP (paired within a Lighthouse run), each comparable, the claim by [Terms.all].
     */
    private fun fcpEqualsLcp() = Claim(
        "002-t1-fcp-equals-lcp",
        S,
        "Table 1",
        "\"The First Contentful Paint (FCP) and Largest Contentful Paint (LCP) results are the same for all three use cases\": " +
            "on every page, with PSSR and without, LCP / FCP is comparable (each Lighthouse run's own ratio).",
        "FCP = LCP on every page, on and off",
        Kind.SIZE,
        BROWSER,
    ) { e ->
        val judged = TABLE1.flatMap { c ->
            listOf("off", "on").map { mode ->
                val f = e.browser(c.page, mode)
                val r = f.estimate({ it.lcpMs / it.fcpMs }, f.lcpMs / f.fcpMs, e.confidence)
                Triple("${c.page} $mode", r, Terms.comparable(r))
            }
        }
        Judgement(
            Terms.all(*judged.map { it.third }.toTypedArray()),
            "LCP / FCP, comparable: " + judged.joinToString("; ") { (name, r, v) -> "$name ${r.text("x")} ${v.word}" },
        )
    }

    val claims: List<Claim> = TABLE1.map { c ->
        lighthouse(
            c, "fcp",
            "PSSR brings the first contentful paint of the ${c.page} page ahead of the blocking page by about the paper's size " +
                "(${c.fcpOn} vs ${c.fcpOff} s, ${Terms.aboutText(c.fcpOn / c.fcpOff)}).",
            "FCP ${c.fcpOff} s off, ${c.fcpOn} s on", "FCP", c.fcpOn / c.fcpOff, { Terms.about(it, c.fcpOn / c.fcpOff) }, { it.fcpMs },
            { it.fcpMs },
        )
    } + TABLE1.map { c ->
        lighthouse(
            c, "lcp",
            "PSSR brings the largest contentful paint of the ${c.page} page ahead of the blocking page by about the paper's size " +
                "(${c.fcpOn} vs ${c.fcpOff} s, ${Terms.aboutText(c.fcpOn / c.fcpOff)}).",
            "LCP ${c.fcpOff} s off, ${c.fcpOn} s on", "LCP", c.fcpOn / c.fcpOff, { Terms.about(it, c.fcpOn / c.fcpOff) }, { it.lcpMs },
            { it.lcpMs },
        )
    } + TABLE1.map { c ->
        lighthouse(
            c, "speed-index",
            "PSSR lowers the Speed Index of the ${c.page} page against the blocking page by about the paper's size (${c.siOn} vs " +
                "${c.siOff} s, ${Terms.aboutText(c.siOn / c.siOff)}).",
            "Speed Index ${c.siOff} s off, ${c.siOn} s on",
            "Speed Index",
            c.siOn / c.siOff, { Terms.about(it, c.siOn / c.siOff) }, { it.speedIndexMs }, { it.speedIndexMs },
        )
    } + fcpEqualsLcp() + TABLE1.map { c ->
        Claim(
            "002-t1-${c.page}-score",
            S,
            "Table 1",
            "With PSSR the ${c.page} page's Lighthouse score is higher than without by about the paper's gain (${c.scoreOn} vs " +
                "${c.scoreOff} there, ${Scores.aboutPointsText((c.scoreOn - c.scoreOff).toDouble())}; within " +
                "${Fmt.fixed(Terms.SCORE_TOLERANCE, 0)} points outside it, one run's noise, is inconclusive, as both at the cap of 100).",
            "score ${c.scoreOff} off, ${c.scoreOn} on",
            Kind.SIZE,
            BROWSER,
        ) { e ->
            val off = e.browser(c.page, "off")
            val on = e.browser(c.page, "on")
            // the paper gives the size: two-sided on the gain in points, measured once (Scores.aboutPoints)
            val v = Scores.aboutPoints(on.score, off.score, (c.scoreOn - c.scoreOff).toDouble())
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
