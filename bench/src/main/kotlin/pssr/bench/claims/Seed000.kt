package pssr.bench.claims

import pssr.bench.claims.ClaimKit.compare
import pssr.bench.claims.ClaimKit.ratio
import pssr.bench.claims.ClaimKit.scales
import pssr.bench.claims.ClaimKit.streaming

/**
 * Seed 000, the main paper (PSSR with virtual threads on Spring WebFlux, Spring MVC and Quarkus; 2-vCPU runner, JDK 21,
 * JMeter): sections 5.1-5.4 and the conclusions. Its absolute req/s are another machine's; they are quoted, and what is
 * judged is where scaling stops and how routes compare within our run.
 */
object Seed000 {
    private const val S = "000"
    private const val TOP = 128
    private fun t(fw: String, model: String, engine: String, approach: String, users: Int = TOP) = Route(fw, model, engine, approach, users)
    private fun agg(fw: String, model: String, approach: String, users: Int = TOP) = Route(fw, model, null, approach, users)

    val claims: List<Claim> = listOf(
        // 5.2 Presentations
        scales("000-5.2-webflux-blocking-4", S, "5.2", "On WebFlux, the blocking engines (on a separate dispatcher) stop scaling beyond 4 users (Presentations).",
            "blocking engines flat past 4 users", "webflux", "presentations", null, "blocking", 4),
        scales("000-5.2-htmlflow-susp-128", S, "5.2", "HtmlFlow suspending on WebFlux scales up to 128 users (Presentations).",
            "4,487 req/s at 128 users", "webflux", "presentations", "htmlflow", "suspending", TOP),
        scales("000-5.2-virtual-64", S, "5.2", "Engines on virtual threads on WebFlux scale up to 64 users (JStachio-Virtual, Presentations).",
            "JStachio-Virtual 3,514 req/s, peak at 64", "webflux", "presentations", "jstachio", "virtual", 64),
        scales("000-5.2-thymeleaf-rx-32", S, "5.2", "Thymeleaf reactive on WebFlux scales up to 32 users (Presentations).",
            "2,559 req/s, peak at 32", "webflux", "presentations", "thymeleaf", "reactive", 32),
        compare("000-5.2-htmlflow-virtual-vs-reactive", S, "5.2", "HtmlFlow on a virtual thread and HtmlFlow reactive reach similar throughput on WebFlux at 128 users (Presentations).",
            "4,691 vs 4,792 req/s", Kind.SIZE, "HtmlFlow virtual / reactive", t("webflux", "presentations", "htmlflow", "virtual"), t("webflux", "presentations", "htmlflow", "reactive"),
            Terms::comparable, 4691.0 / 4792),
        scales("000-5.2-mvc-blocking-32", S, "5.2", "Spring MVC's blocking engines scale up to 32 users (Presentations).",
            "2,498 req/s, peak at 32", "mvc", "presentations", null, "blocking", 32),
        scales("000-5.2-mvc-virtual-32", S, "5.2", "Spring MVC's engines on virtual threads scale up to 32 users (Presentations).",
            "2,797 req/s, peak at 32", "mvc", "presentations", null, "virtual", 32),
        compare("000-5.2-mvc-virtual-above-blocking", S, "5.2", "On Spring MVC, virtual threads give slightly more throughput than blocking at 128 users (Presentations).",
            "2,797 vs 2,498 req/s", Kind.SIZE, "MVC virtual / blocking (engines' mean)", agg("mvc", "presentations", "virtual"), agg("mvc", "presentations", "blocking"),
            Terms::higher, 2797.0 / 2498),
        compare("000-5.2-mvc-below-webflux", S, "5.2", "Spring MVC on virtual threads stays below WebFlux's suspendable HtmlFlow at 128 users (Presentations).",
            "2,797 vs 4,487 req/s", Kind.SIZE, "MVC virtual (mean) / WebFlux HtmlFlow suspending", agg("mvc", "presentations", "virtual"), t("webflux", "presentations", "htmlflow", "suspending"),
            Terms::lower, 2797.0 / 4487),
        streaming("000-5.2-mvc-does-not-stream", S, "5.2", "Spring MVC does not stream the tested templates (blocking and virtual, no flush).",
            "MVC: no PSSR for the tested templates", "mvc", listOf("blocking", "virtual"), streams = false),
        scales("000-5.2-quarkus-blocking-64", S, "5.2", "Quarkus's blocking engines scale up to 64 users (Presentations).",
            "3,744 req/s, peak at 64", "quarkus", "presentations", null, "blocking", 64),
        scales("000-5.2-quarkus-virtual-128", S, "5.2", "Quarkus's engines on virtual threads scale up to 128 users (Presentations).",
            "4,856 req/s at 128", "quarkus", "presentations", null, "virtual", TOP),
        compare("000-5.2-quarkus-virtual-vs-webflux", S, "5.2", "Quarkus on virtual threads is comparable to WebFlux's suspendable HtmlFlow at 128 users (Presentations).",
            "4,856 vs 4,487 req/s", Kind.SIZE, "Quarkus virtual (mean) / WebFlux HtmlFlow suspending", agg("quarkus", "presentations", "virtual"), t("webflux", "presentations", "htmlflow", "suspending"),
            Terms::comparable, 4856.0 / 4487),
        compare("000-5.2-quarkus-htmlflow-rx-below", S, "5.2", "Quarkus's HtmlFlow reactive is below its blocking engines at 128 users (Presentations).",
            "3,088 vs 3,744 req/s", Kind.SIZE, "Quarkus HtmlFlow reactive / blocking (mean)", t("quarkus", "presentations", "htmlflow", "reactive"), agg("quarkus", "presentations", "blocking"),
            Terms::lower, 3088.0 / 3744),
        scales("000-5.2-quarkus-htmlflow-rx-32", S, "5.2", "Quarkus's HtmlFlow reactive stagnates after 32 users (Presentations).",
            "3,088 req/s, flat after 32", "quarkus", "presentations", "htmlflow", "reactive", 32),
        // 5.3 Stocks
        compare("000-5.3-stocks-lower", S, "5.3", "Stocks (20 items) gives lower throughput than Presentations (10 items) on the same route (WebFlux HtmlFlow virtual, 128 users).",
            "3,090 vs 4,691 req/s", Kind.SIZE, "Stocks / Presentations", t("webflux", "stocks", "htmlflow", "virtual"), t("webflux", "presentations", "htmlflow", "virtual"),
            Terms::lower, 3090.0 / 4691),
        scales("000-5.3-webflux-blocking-4", S, "5.3", "On WebFlux, the blocking engines stop scaling beyond 4 users (Stocks).",
            "as in Presentations", "webflux", "stocks", null, "blocking", 4),
        compare("000-5.3-jstachio-below-thymeleaf", S, "5.3", "On WebFlux, JStachio on virtual threads is below Thymeleaf reactive at 128 users (Stocks).",
            "1,509 vs 1,750 req/s", Kind.SIZE, "JStachio virtual / Thymeleaf reactive", t("webflux", "stocks", "jstachio", "virtual"), t("webflux", "stocks", "thymeleaf", "reactive"),
            Terms::lower, 1509.0 / 1750),
        compare("000-5.3-htmlflow-virtual-vs-reactive", S, "5.3", "HtmlFlow virtual and reactive are similar on WebFlux at 128 users (Stocks).",
            "3,090 vs 3,026 req/s", Kind.SIZE, "HtmlFlow virtual / reactive", t("webflux", "stocks", "htmlflow", "virtual"), t("webflux", "stocks", "htmlflow", "reactive"),
            Terms::comparable, 3090.0 / 3026),
        compare("000-5.3-mvc-no-gain-from-virtual", S, "5.3", "On Spring MVC, virtual threads bring no gain over blocking at 128 users (Stocks).",
            "blocking 1,916 req/s, virtual no better", Kind.SIZE, "MVC virtual / blocking (engines' mean)", agg("mvc", "stocks", "virtual"), agg("mvc", "stocks", "blocking"),
            Terms::comparable),
        scales("000-5.3-mvc-blocking-64", S, "5.3", "Spring MVC's blocking engines scale up to 64 users (Stocks).",
            "1,916 req/s, scaling to 64", "mvc", "stocks", null, "blocking", 64),
        scales("000-5.3-quarkus-blocking-128", S, "5.3", "Quarkus's blocking engines scale up to 128 users (Stocks).",
            "3,019 req/s at 128", "quarkus", "stocks", null, "blocking", TOP),
        scales("000-5.3-quarkus-virtual-128", S, "5.3", "Quarkus's engines on virtual threads scale up to 128 users (Stocks).",
            "3,357 req/s at 128", "quarkus", "stocks", null, "virtual", TOP),
        compare("000-5.3-quarkus-rx-below-webflux", S, "5.3", "Quarkus's HtmlFlow reactive is below WebFlux's HtmlFlow reactive at 128 users (Stocks).",
            "1,760 vs 3,026 req/s", Kind.SIZE, "Quarkus / WebFlux HtmlFlow reactive", t("quarkus", "stocks", "htmlflow", "reactive"), t("webflux", "stocks", "htmlflow", "reactive"),
            Terms::lower, 1760.0 / 3026),
        // 5.4 resources
        Claim("000-5.4-virtual-more-cpu-than-susp", S, "5.4", "Under load HtmlFlow on virtual threads uses more CPU than HtmlFlow suspending (WebFlux, Presentations, 128 users).",
            "CPU peak ~50% vs ~42%", Kind.SIZE, ClaimKit.REPRODUCE) { e ->
            val v = e.level("webflux", "presentations", "htmlflow", "virtual", TOP); val s = e.level("webflux", "presentations", "htmlflow", "suspending", TOP)
            // CPU per request: what each costs the server, independent of how many requests the window held; paired by repetition
            val r = e.pairedRatio(t("webflux", "presentations", "htmlflow", "virtual"), t("webflux", "presentations", "htmlflow", "suspending")) { it.serverCpuUsPerRequest }
            Judgement(Terms.higher(r), "server CPU per request virtual / suspending ${r.text("x")} (${"%.0f".format(v.serverCpuUs)} vs ${"%.0f".format(s.serverCpuUs)} µs)",
                "paper ${"%.2f".format(50.0 / 42)}x (CPU %), ours ${"%.2f".format(r.value)}x (CPU per request)")
        },
        Claim("000-5.4-gc-low", S, "5.4", "Garbage collection costs little under load (HtmlFlow virtual and suspending, WebFlux, 128 users): under 5% of the window.",
            "GC overhead low", Kind.SIZE, ClaimKit.REPRODUCE) { e ->
            val rows = e.rows.filter { it.framework == "webflux" && it.model == "presentations" && it.engine == "htmlflow" && it.approach in listOf("virtual", "suspending") && it.users == TOP }
            if (rows.isEmpty()) throw MissingRows("webflux/presentations/htmlflow virtual and suspending at $TOP users")
            val shares = rows.map { it.gcMs / (it.windowSeconds * 1000) }.filter { it.isFinite() }
            if (shares.isEmpty()) throw MissingRows("GC time of those rows")
            val est = Estimate(shares.average(), shares.min(), shares.max(), shares.size)
            Judgement(Terms.below(est, 0.05), "GC time / window ${est.text(digits = 3)} (min-max over ${shares.size} windows)")
        },
        Claim("000-5.4-memory-300mb", S, "5.4", "HtmlFlow virtual and suspending each keep about 300 MB of heap under load (WebFlux, 128 users).",
            "~300 MB peak", Kind.SIZE, ClaimKit.REPRODUCE) { e ->
            val peaks = listOf("virtual", "suspending").map { e.level("webflux", "presentations", "htmlflow", it, TOP).heapPeak }
            val est = Estimate(peaks.average(), peaks.min(), peaks.max(), peaks.size)
            Judgement(Terms.about(est / Estimate.point(300.0), 1.0), "heap peak ${est.text(" MB", 0)} (the JVM shared by every route of its phase, -Xms512m)",
                cause = "the heap peak is the whole server JVM's, sized by -Xms512m -Xmx2g and shared by the phase's routes: it measures the JVM's settings more than one engine")
        },
        Claim("000-5.1-rocker-buffer", S, "5.1", "A 512 B output buffer changes Rocker's throughput on Quarkus by 0.046% (no measurable cost).",
            "0.046% difference", Kind.SIZE, "scripts/quarkus-buffers.sh") { _ -> throw MissingRows("Quarkus at 512 B vs 8 KB output buffer") },
        Claim("000-5.1-jmeter-vs-ab", S, "5.1", "JMeter and Apache Bench give the same throughput within a few percent (2.83% mean absolute difference).",
            "2.83% mean absolute difference", Kind.SIZE, "scripts/driver-check.sh (pssr's wrk vs plain wrk vs JMeter on one JVM)") { _ -> throw MissingRows("the same routes measured by two load drivers") },
        // conclusions
        Claim("000-6-virtual-comparable-consistently", S, "6 (conclusions)", "Virtual threads consistently deliver throughput comparable to the asynchronous approaches under high concurrency (64 and 128 users, WebFlux and Quarkus, both models).",
            "virtual ~ reactive/suspending", Kind.SHAPE, ClaimKit.REPRODUCE) { e ->
            val parts = ArrayList<Pair<String, Verdict>>()
            for (model in listOf("presentations", "stocks")) for (u in listOf(64, TOP)) {
                val best = { fw: String, approaches: List<String> -> approaches.flatMap { a -> e.levels.filter { it.framework == fw && it.model == model && it.approach == a && it.users == u && it.engine != "baseline" } }
                    .maxByOrNull { it.throughput.median } ?: throw MissingRows("$fw/$model ${approaches.joinToString("/")} at $u users") }
                for ((fw, async) in listOf("webflux" to listOf("reactive", "suspending"), "quarkus" to listOf("reactive"))) {
                    val r = Evidence.estimate(best(fw, listOf("virtual")).throughput) / Evidence.estimate(best(fw, async).throughput)
                    parts += "$fw/$model@$u ${"%.2f".format(r.value)}x" to Terms.atLeast(r, Terms.COMPARABLE.start)
                }
            }
            Judgement(Terms.all(*parts.map { it.second }.toTypedArray()), "best virtual / best asynchronous route: " + parts.joinToString(", ") { "${it.first} ${it.second.word}" })
        },
        ratio("000-6-webflux-best", S, "6 (conclusions)", "WebFlux enables PSSR best: its best streaming route leads Quarkus's at 128 users (Presentations).",
            "WebFlux the best for PSSR", Kind.SHAPE, "WebFlux best / Quarkus best",
            { e -> Evidence.estimate(e.levels.filter { it.framework == "webflux" && it.model == "presentations" && it.users == TOP && it.engine != "baseline" }.maxByOrNull { it.throughput.median }?.throughput ?: throw MissingRows("webflux at $TOP users")) },
            { e -> Evidence.estimate(e.levels.filter { it.framework == "quarkus" && it.model == "presentations" && it.users == TOP && it.engine != "baseline" }.maxByOrNull { it.throughput.median }?.throughput ?: throw MissingRows("quarkus at $TOP users")) },
            Terms::higher),
        streaming("000-6-quarkus-streams-with-buffer", S, "6 (conclusions)", "Quarkus streams once its output buffer is set small (512 B here): every Quarkus route streams.",
            "Quarkus needs the output buffer set", "quarkus", listOf("blocking", "virtual", "reactive"), streams = true),
    )
}
