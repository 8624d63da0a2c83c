package pssr.bench.claims

import pssr.bench.browser.DocumentChecks
import pssr.bench.claims.ClaimKit.compare
import pssr.bench.claims.ClaimKit.streaming

/** Seed 002, suspendable web templates (HtmlFlow + Kotlin coroutines on WebFlux, 4 cores); its Table 1 in [Seed002Lighthouse]. */
object Seed002 {
    internal const val S = "002"
    internal const val BROWSER = "./pssr browser"

    /**
     * Seed 002's *Sync* line (5): "KotlinX.html, Rocker, JStachio, Pebble, Freemarker, Trimou, and Velocity" rendering from a
     * blocking Iterable on a separate dispatcher, the tool's `blocking` routes.
     */
    val SYNC = listOf("kotlinx", "rocker", "jstachio", "pebble", "freemarker", "trimou", "velocity")

    /** Figure 9's engines, as routes of WebFlux's Presentations: HF-susp, Thymeleaf-rx, and each Sync engine. */
    private fun figure9(users: Int) = listOf(
        "HtmlFlow suspending" to Route("webflux", "presentations", "htmlflow", "suspending", users),
        "Thymeleaf reactive" to Route("webflux", "presentations", "thymeleaf", "reactive", users),
    ) + SYNC.map { "$it blocking" to Route("webflux", "presentations", it, "blocking", users) }

    /** T([hi])/T([lo]) of [r] per doubling, paired by repetition (a route's levels of a repetition are one sweep of one JVM). */
    private fun gain(e: Evidence, r: Route, lo: Int, hi: Int) = Terms.perDoubling(e.ratio(r.copy(users = hi), r.copy(users = lo)), lo, hi)

    /**
     * Each of [parts] (name, route at [hi] users) judged on its gain from [lo] by [test] ("scales": at least [Terms.SCALES]),
     * the claim by [Terms.all]; a refuted part's cause is its level at [hi].
     */
    private fun gains(e: Evidence, lo: Int, hi: Int, parts: List<Triple<String, Route, (Estimate) -> Verdict>>): Judgement {
        val judged = parts.map { (name, r, test) -> Triple(name, r, gain(e, r, lo, hi).let { it to test(it) }) }
        val v = Terms.all(*judged.map { it.third.second }.toTypedArray())
        return Judgement(
            v,
            "T($hi)/T($lo): " + judged.joinToString("; ") { (name, _, g) -> "$name ${g.first.text()} ${g.second.word}" },
            cause = judged.filter { it.third.second == Verdict.REFUTED }.take(3).mapNotNull { it.second.level(e) }
                .joinToString("; ") { ClaimKit.cause(it) },
        )
    }

    private const val SECTION = "5 (performance tests)"

    /**
     * §3's finding: an asynchronous template that does not wait for its data (Listing 1.4, Figure 5) writes its items after the
     * end of the document. Judged on `./pssr browser`'s demo documents ([pssr.bench.browser.DocumentChecks]): every naive page
     * malformed, and every rendering that waits (suspending, virtual; PSSR on and off) well-formed on the same page, so the
     * malformation is the naive template's, not the page's.
     */
    private fun naiveMalformed() = Claim(
        "002-3-naive-async-malformed",
        S,
        "3 (problem statement)",
        "\"The sequence of execution illustrated in Figure 4 results in a potentially ill-formed HTML document where the table " +
            "rows may appear outside the table element\": the demo pages' naive asynchronous template writes its items after " +
            "the closing html tag, and the renderings that wait for the data (HtmlFlow suspending, JStachio on a virtual " +
            "thread) are well-formed on the same pages (fetched at 100 ms per item).",
        "naive async template: malformed HTML",
        Kind.SHAPE,
        BROWSER,
    ) { e ->
        val docs = e.checks(DocumentChecks.FRAMEWORK, listOf("naive", "suspending", "virtual"))
        val naive = docs.filter { it.approach == "naive" }
        if (naive.isEmpty()) throw MissingRows("the demo pages' documents (./pssr browser writes them to verification.csv)")
        val waiting = docs - naive.toSet()
        val wellFormedNaive = naive.filter { it.bodyOk }
        val malformedWaiting = waiting.filter { !it.bodyOk }
        Judgement(
            if (wellFormedNaive.isEmpty() && malformedWaiting.isEmpty() && waiting.isNotEmpty()) Verdict.HOLDS else Verdict.REFUTED,
            "${naive.size - wellFormedNaive.size} of ${naive.size} naive pages malformed (${naive.joinToString {
                "${it.model}: ${it.error.substringBefore(':')}"
            }}); " +
                "${waiting.size - malformedWaiting.size} of ${waiting.size} waiting renderings well-formed",
            cause = (wellFormedNaive + malformedWaiting).take(3).joinToString("; ") { "${it.path}: ${it.verdict}" },
        )
    }

    /**
     * "HtmlFlow consistently scales up to 128 threads": every step between the levels measured up to 128 gains at least
     * [Terms.SCALES] per doubling ([Terms.scalesUpTo] reads only the step into 128), the claim by [Terms.all].
     */
    private fun consistently128(): Claim {
        val top = Route("webflux", "presentations", "htmlflow", "suspending", 128)
        return Claim(
            "002-5-htmlflow-128",
            S,
            SECTION,
            "\"HtmlFlow consistently scales up to 128 threads\": HtmlFlow suspending gains at least ${Terms.SCALES}x per doubling at " +
                "every step between the levels measured up to 128 users (WebFlux, Presentations).",
            "scales to 128",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
            { listOf(top) },
        ) { e ->
            // the levels come from the series (untraced): the verdict rests on the steps' ratios, traced
            val series = e.untraced { e.series(top.framework, top.model, top.engine, top.approach) }
            val levels = series.keys.filter { it <= top.users }.sorted()
            if (top.users !in levels || levels.size < 2) throw MissingRows("$top and a level below it")
            val steps = levels.zipWithNext().map { (lo, hi) -> Triple(lo, hi, gain(e, top, lo, hi)) }
            val verdicts = steps.map { Terms.atLeast(it.third, Terms.SCALES) }
            val text = steps.zip(verdicts).joinToString("; ") { (st, v) -> "T(${st.second})/T(${st.first}) ${st.third.text()} ${v.word}" }
            Judgement(Terms.all(*verdicts.toTypedArray()), "per doubling: $text")
        }
    }

    /**
     * 6's "without introducing additional performance or scalability overhead": the suspendable templates against what they
     * replace, the same engine's synchronous template on the dispatcher, where load is highest. Both figures must hold:
     * throughput (blocking / suspending not higher) and the server's CPU per request (suspending / blocking not higher).
     */
    private fun noOverhead(): Claim {
        val susp = Route("webflux", "presentations", "htmlflow", "suspending", 128)
        val sync = susp.copy(approach = "blocking")
        return Claim(
            "002-6-suspending-no-overhead",
            S,
            "6 (conclusion)",
            "\"Our approach harnesses host language features without introducing additional performance or scalability " +
                "overhead\": HtmlFlow's suspendable templates against the same engine's synchronous templates on the dispatcher " +
                "(HtmlFlow blocking; WebFlux, Presentations, 128 users): throughput not lower and server CPU per request not " +
                "higher, each ratio not past the comparable band (1.10).",
            "no performance or scalability overhead",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
            { listOf(susp, sync) },
            offFloor = true,
        ) { e ->
            val slower = e.ratio(sync, susp)
            val cpu = e.pairedRatio(susp, sync) { it.serverCpuUsPerRequest }
            val (vs, vc) = Terms.notHigher(slower) to Terms.notHigher(cpu)
            val v = Terms.all(vs, vc)
            val levels = if (v == Verdict.REFUTED) listOfNotNull(susp.level(e), sync.level(e)) else emptyList()
            Judgement(
                v,
                "throughput blocking / suspending ${slower.text("x")} ${vs.word}; server CPU per request suspending / blocking " +
                    "${cpu.text("x")} ${vc.word}",
                cause = levels.joinToString("; ") { ClaimKit.cause(it) },
            )
        }
    }

    /**
     * 6's scalability half: HtmlFlow suspending's gain per doubling from 4 users (the paper's cores) to 128 against the gain of
     * the same engine's synchronous template on the dispatcher, which its pool caps: the suspendable templates' scaling not below
     * it (blocking / suspending not higher). A claim about that pool: its level is not set aside when the pool holds it.
     */
    private fun noScalabilityOverhead(): Claim {
        val susp = Route("webflux", "presentations", "htmlflow", "suspending", 128)
        val sync = susp.copy(approach = "blocking")
        return Claim(
            "002-6-suspending-no-scalability-overhead",
            S,
            "6 (conclusion)",
            "\"Our approach harnesses host language features without introducing additional ... scalability overhead\": HtmlFlow " +
                "suspending's throughput gain per doubling from 4 to 128 users not below HtmlFlow blocking's on the dispatcher (the " +
                "synchronous templates it replaces; WebFlux, Presentations): blocking / suspending not past the comparable band (1.10).",
            "no scalability overhead",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
            { listOf(susp, sync) },
        ) { e ->
            val (gs, gb) = gain(e, susp, 4, 128) to gain(e, sync, 4, 128)
            val r = gb / gs
            val v = Readings.labelled("T(128)/T(4) per doubling, blocking / suspending") { Terms.notHigher(r) }
            Judgement(
                v,
                "T(128)/T(4) per doubling: suspending ${gs.text()}, blocking ${gb.text()}; blocking / suspending ${r.text("x")} ${v.word}",
            )
        }.aboutThePool()
    }

    val claims: List<Claim> = listOf(
        naiveMalformed(),
        Claim(
            "002-5-all-scale-to-4",
            S,
            SECTION,
            "\"With 4 available cores, we observed that throughput scales across all template engines until reaching 4 concurrent " +
                "requests\": HtmlFlow suspending, Thymeleaf reactive and each Sync engine (${SYNC.joinToString(", ")}, blocking on " +
                "the dispatcher) gain at least ${Terms.SCALES}x per doubling into 4 users (T(4)/T(2), the tool's lowest levels; " +
                "WebFlux, Presentations).",
            "scale until 4 requests",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
        ) { e -> gains(e, 2, 4, figure9(4).map { (n, r) -> Triple(n, r, { g: Estimate -> Terms.atLeast(g, Terms.SCALES) }) }) },
        Claim(
            "002-5-only-thymeleaf-htmlflow-32",
            S,
            SECTION,
            "\"These two approaches are the only ones that scale effectively up to 32 threads\" (Thymeleaf reactive and HtmlFlow " +
                "suspending): each gains at least ${Terms.SCALES}x from 16 to 32 users and no Sync engine (${SYNC.joinToString(", ")}, " +
                "blocking on the dispatcher) does (WebFlux, Presentations).",
            "only Thymeleaf and HtmlFlow scale to 32",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
        ) { e ->
            gains(
                e,
                16,
                32,
                figure9(32).mapIndexed { i, (n, r) ->
                    // the first two are the non-blocking ones: they scale; every Sync engine does not
                    Triple(n, r, { g: Estimate -> if (i < 2) Terms.atLeast(g, Terms.SCALES) else Terms.below(g, Terms.SCALES) })
                },
            )
        },
        consistently128(),
        streaming(
            "002-6-suspending-well-formed-pssr",
            S,
            "6 (conclusion)",
            "HtmlFlow's suspendable templates produce well-formed pages and stream them: every WebFlux suspending route matches its " +
                "golden page and streams (verified at 100 ms per item).",
            "well-formed HTML, PSSR preserved",
            "webflux",
            listOf("suspending"),
            streams = true,
        ),
        noOverhead(),
        noScalabilityOverhead(),
        compare(
            "002-5-htmlflow-doubles-thymeleaf", S, "5 (performance tests)",
            "HtmlFlow suspending doubles Thymeleaf reactive's throughput at 128 users, ${Terms.aboutText(2.0)} (WebFlux, Presentations).",
            "about 2x", Kind.SIZE, "HtmlFlow suspending / Thymeleaf reactive, ${Terms.aboutText(2.0)}:",
            Route("webflux", "presentations", "htmlflow", "suspending", 128),
            Route("webflux", "presentations", "thymeleaf", "reactive", 128),
            { r -> Terms.about(r, 2.0) }, 2.0,
        ),
    ) + Seed002Lighthouse.claims
}
