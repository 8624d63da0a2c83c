package pssr.bench.claims

import pssr.bench.claims.ClaimKit.compareAll
import pssr.bench.claims.Seed000Figures.Pres
import pssr.bench.claims.Seed000Figures.Stocks
import pssr.bench.claims.Seed000Figures.text
import pssr.bench.claims.Seed000Kit.S
import pssr.bench.claims.Seed000Kit.TOP
import pssr.bench.claims.Seed000Kit.hf
import pssr.bench.claims.Seed000Kit.t
import pssr.bench.console.Fmt
import pssr.bench.results.RouteCheck
import pssr.bench.setup.Setups

/** Seed 000, section 5.4 (resources, the load drivers), the streaming findings of 6, the discussion (6) and the conclusions (7). */
internal object Seed000Resources {
    /** Seed 000's setup with Quarkus's 512 B build (the one-factor run `--ours quarkus-output-buffer`). */
    private val BUFFER_512 = Setups.PAPER_000.withOurs(listOf("quarkus-output-buffer")).label

    private fun enginesOf(checks: List<RouteCheck>) = checks.map { it.engine }.distinct().sorted().joinToString(", ")

    val claims: List<Claim> = listOf(
        Claim(
            "000-5.3-webflux-best",
            S,
            "5.3",
            "Of the tested frameworks WebFlux is the most effective at enabling PSSR: every one of its publish-subscribe routes " +
                "(reactive, suspending) streams as data becomes available, with no buffer setting, and no other framework streams a " +
                "larger share of its routes (Spring MVC's blocking and virtual, Quarkus's blocking, virtual and reactive, as the " +
                "setup configures them; Quarkus matching it needs its output buffer set, 000-5.3-quarkus-streams-with-buffer).",
            "WebFlux the most effective at PSSR: content streamed as data becomes available",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
        ) { e ->
            fun share(fw: String, approaches: List<String>) = e.checks(fw, approaches).let { cs ->
                cs.count { it.verdict == "streams" } to
                    cs
            }
            val (streamed, webflux) = share("webflux", listOf("reactive", "suspending"))
            val own = streamed.toDouble() / webflux.size
            val others = listOf("mvc" to listOf("blocking", "virtual"), "quarkus" to listOf("blocking", "virtual", "reactive"))
                .map { (fw, approaches) -> Triple(fw, approaches, share(fw, approaches)) }
            val parts = listOf(if (streamed == webflux.size) Verdict.HOLDS else Verdict.REFUTED) +
                others.map { (_, _, sh) -> if (sh.first.toDouble() / sh.second.size <= own) Verdict.HOLDS else Verdict.REFUTED }
            val missed = webflux.filter { it.verdict != "streams" }
            Judgement(
                Terms.all(*parts.toTypedArray()),
                "$streamed of ${webflux.size} webflux reactive/suspending routes stream (verified at 100 ms per item); " +
                    others.joinToString("; ") { (fw, a, sh) ->
                        "${sh.first} of ${sh.second.size} $fw ${a.joinToString("/")} routes stream"
                    },
                cause = missed.take(3).joinToString("; ") {
                    "${it.path}: ${it.verdict}, first item at ${Fmt.grouped(it.firstItemMs)} ms, last byte at " +
                        "${Fmt.grouped(it.lastByteMs)} ms, ${it.chunks} chunks"
                },
            )
        },
        Claim(
            "000-5.3-quarkus-streams-with-buffer",
            S,
            "5.3",
            "Quarkus enables PSSR only once its output buffer is set small: its StreamingOutput routes (blocking and virtual, " +
                "HtmlFlow, JStachio and Rocker as measured) are buffered at the default 8 KB (seed 000's benchmark setting, 5.1: " +
                "\"despite Quarkus not enabling PSSR at this size\") and stream at 512 B (section 4: \"we reduced it to 512 bytes, " +
                "which allows the response to be sent to the client progressively\"). Two JVMs one setting apart: seed 000's " +
                "setup and the same with the 512 B build.",
            "Quarkus needs the output buffer set",
            Kind.SHAPE,
            "./pssr reproduce --only paper-000-pages-quarkus,paper-000-ours-quarkus-output-buffer-quarkus,paper-000-rocker-8k," +
                "paper-000-ours-quarkus-output-buffer-rocker",
        ) { e ->
            val streamingOutput = listOf("blocking", "virtual")
            val big = e.labelledChecks(Setups.PAPER_000.label, "quarkus", streamingOutput)
            val small = e.labelledChecks(BUFFER_512, "quarkus", streamingOutput)
            val buffered = big.count { it.verdict == "buffered" }
            val streamed = small.count { it.verdict == "streams" }
            // Quarkus's reactive routes (a Mutiny Multi, written per item) are outside the buffer's reach: said, not judged
            val reactive = e.labelledChecks[Setups.PAPER_000.label].orEmpty().filter {
                it.framework == "quarkus" &&
                    it.approach == "reactive"
            }
            val off = big.filter { it.verdict != "buffered" } + small.filter { it.verdict != "streams" }
            Judgement(
                if (off.isEmpty()) Verdict.HOLDS else Verdict.REFUTED,
                "at 8 KB $buffered of ${big.size} quarkus blocking/virtual routes buffered (${enginesOf(big)}), at 512 B $streamed of " +
                    "${small.size} stream (${enginesOf(small)}; verified at 100 ms per item)" +
                    if (reactive.isEmpty()) {
                        ""
                    } else {
                        "; the reactive routes, which the buffer does not hold, stream at 8 KB: " +
                            "${reactive.count { it.verdict == "streams" }} of ${reactive.size}"
                    },
                cause = off.take(3).joinToString("; ") {
                    "${it.path}: ${it.verdict}, first item at ${Fmt.grouped(it.firstItemMs)} ms, last byte at " +
                        "${Fmt.grouped(it.lastByteMs)} ms, ${it.chunks} chunks"
                },
            )
        },
        // 5.4 resources
        Claim(
            "000-5.4-virtual-cpu-slightly-above-susp",
            S,
            "5.4",
            "Under load HtmlFlow on virtual threads shows only slightly higher CPU demands than HtmlFlow suspending (the paper's " +
                "50% vs 42%, 1.19x, both \"comparable\"): CPU per request virtual / suspending slightly higher, in (1.10, " +
                "${Terms.SLIGHTLY}] (WebFlux, Presentations, 128 users).",
            "CPU peak ~50% vs ~42%: only slightly higher CPU demands",
            Kind.SIZE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val v = e.level("webflux", "presentations", "htmlflow", "virtual", TOP)
            val s = e.level("webflux", "presentations", "htmlflow", "suspending", TOP)
            // CPU per request: what each costs the server, independent of how many requests the window held; paired by repetition
            val r = e.pairedRatio(
                t("webflux", "presentations", "htmlflow", "virtual"),
                t("webflux", "presentations", "htmlflow", "suspending"),
            ) { it.serverCpuUsPerRequest }
            Judgement(
                Terms.slightlyHigher(r),
                "server CPU per request virtual / suspending, slightly higher (1.10, ${Terms.SLIGHTLY}]: ${r.text("x")} " +
                    "(${Fmt.fixed(v.serverCpuUs, 0)} vs ${Fmt.fixed(s.serverCpuUs, 0)} µs)",
                "paper ${Fmt.fixed(50.0 / 42, 2)}x (peak CPU %), ours ${Fmt.fixed(r.value, 2)}x (CPU per request)",
            )
        },
        Claim(
            "000-5.4-gc-low",
            S,
            "5.4",
            "Garbage collection costs little under load (HtmlFlow virtual and suspending, WebFlux, 128 users): under 5% of the window.",
            "GC overhead low",
            Kind.SIZE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val rows = e.tracedRows(
                e.rows.filter {
                    it.framework == "webflux" && it.model == "presentations" && it.engine == "htmlflow" &&
                        it.approach in listOf("virtual", "suspending") && it.users == TOP
                },
            )
            if (rows.isEmpty()) throw MissingRows("webflux/presentations/htmlflow virtual and suspending at $TOP users")
            val shares = rows.map { it.gcMs / (it.windowSeconds * 1000) }.filter { it.isFinite() }
            if (shares.isEmpty()) throw MissingRows("GC time of those rows")
            val est = Estimate.range(shares)
            Judgement(Terms.below(est, 0.05), "GC time / window ${est.text(digits = 3)} (over ${shares.size} windows)")
        },
        Claim(
            "000-5.4-memory-300mb",
            S,
            "5.4",
            "HtmlFlow virtual and suspending each keep about 300 MB of heap under load (WebFlux, 128 users).",
            "~300 MB peak",
            Kind.SIZE,
            ClaimKit.REPRODUCE,
        ) { e ->
            // the heap peak is the JVM's, not a window's: one figure per JVM (Evidence.jvmFigure); one JVM decides nothing
            val peaks = listOf("virtual", "suspending").associateWith {
                e.jvmFigure(Route("webflux", "presentations", "htmlflow", it, TOP)) { r -> r.heapMbPeak }
            }
            val jvms = peaks.values.minOf { it.n }
            // over 300 MB keeps each figure's interval and its JVMs' count (what a forecast of the open verdict reads)
            val ratios = peaks.values.map { it.over(300.0) }
            val verdict = if (jvms < 2) {
                ratios.forEach { Readings.record(it, 1 / Terms.ABOUT, Terms.ABOUT, Verdict.INCONCLUSIVE) }
                Terms.unforecast()
            } else {
                Terms.all(*ratios.map { Terms.near(it) }.toTypedArray())
            }
            Judgement(
                verdict,
                "heap peak, each JVM's windows averaged: " + peaks.entries.joinToString("; ") { (approach, est) ->
                    "$approach ${est.text(" MB", 0)}"
                } + " over $jvms JVM${if (jvms == 1) "" else "s"} (-Xms512m; a JVM's heap holds every route it serves)",
                cause = "the heap peak is the whole server JVM's, sized by -Xms512m -Xmx2g and filled by every route it serves and " +
                    "the time it has run: it measures the JVM more than one engine" +
                    if (jvms < 2) "; one JVM measured it, and a JVM's windows are no samples of its own heap" else "",
            )
        },
        // "virtual threads and suspendable coroutines exhibit comparable memory consumption": the comparison beside the 300 MB
        Claim(
            "000-5.4-memory-comparable",
            S,
            "5.4",
            "HtmlFlow virtual and suspending keep comparable heaps under load: each window's heap peak, virtual / suspending, " +
                "comparable (WebFlux, Presentations, 128 users, windows paired by repetition).",
            "similar memory usage for both approaches",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val virtual = Route("webflux", "presentations", "htmlflow", "virtual", TOP)
            val r = e.pairedRatio(virtual, virtual.copy(approach = "suspending")) { it.heapMbPeak }
            Judgement(
                Terms.comparable(r),
                "heap peak of a window, virtual / suspending ${r.text("x")} (one JVM shared by the phase's routes)",
                cause = "the heap peak is the whole server JVM's, shared by the phase's routes: a difference is the windows' " +
                    "garbage more than one approach's stacks",
            )
        },
        Claim(
            "000-5.1-rocker-buffer",
            S,
            "5.1",
            "A 512 B output buffer changes Rocker's throughput on Quarkus by 0.046% (no measurable cost).",
            "0.046% difference",
            Kind.SIZE,
            "./pssr reproduce --only paper-000-rocker-8k,paper-000-ours-quarkus-output-buffer-rocker",
        ) { e ->
            // two server JVMs: seed 000's setup (8 KB build, no flush) and the same with the 512 B build, Rocker blocking
            val at = Route("quarkus", "presentations", "rocker", "blocking", TOP)
            val big = e.labelled(Setups.PAPER_000.label, at)
            val small = e.labelled(BUFFER_512, at)
            val r = small / big
            Judgement(
                Terms.comparable(r),
                "Rocker blocking on Quarkus at $TOP users, 512 B / 8 KB ${r.text("x")} (${big.text(" req/s", 0)} at 8 KB; two JVMs)",
                "paper 1.00x (0.046%), ours ${Fmt.fixed(r.value, 3, Fmt.NAN)}x",
            )
        },
        // 6 discussion
        compareAll(
            "000-6-webflux-reactive-above-quarkus-virtual",
            S,
            "6 (discussion)",
            "The reactive approach on WebFlux performs better than virtual threads on Quarkus: HtmlFlow reactive on WebFlux above " +
                "HtmlFlow virtual on Quarkus (128 users, both models).",
            "no figure; 5.2/5.3 give ${Pres.htmlflowRx.text} vs ${Pres.quarkusVirtual.text} and " +
                "${Stocks.htmlflowRx.text} vs ${Stocks.quarkusVirtual.text} req/s",
            Kind.SIZE,
            Terms::higher,
        ) { _ ->
            listOf("presentations", "stocks").map { m ->
                Triple("$m WebFlux HtmlFlow reactive / Quarkus HtmlFlow virtual", hf("webflux", m, "reactive"), hf("quarkus", m, "virtual"))
            }
        },
        compareAll(
            "000-6-coroutines-virtual-above-platform-threads",
            S,
            "6 (discussion)",
            "Kotlin coroutines and virtual threads both outperform platform threads: HtmlFlow suspending and HtmlFlow virtual each " +
                "reach higher throughput than HtmlFlow blocking on the dispatcher (WebFlux, 128 users, both models).",
            "no figure; 5.2: HtmlFlow-Susp ${Pres.htmlflowSusp.text}, HtmlFlow virtual ${Pres.htmlflowVirtual.text} req/s vs the " +
                "Blocking line flat past 4 users",
            Kind.SHAPE,
            Terms::higher,
        ) { _ ->
            listOf("presentations", "stocks").flatMap { m ->
                listOf("suspending", "virtual").map { a ->
                    Triple("$m HtmlFlow $a / blocking", hf("webflux", m, a), hf("webflux", m, "blocking"))
                }
            }
        }.aboutThePool(),
        // 7 conclusions
        compareAll(
            "000-7-virtual-comparable-consistently",
            S,
            "7 (conclusions)",
            "Virtual threads consistently deliver throughput comparable to the asynchronous approaches under high concurrency: HtmlFlow " +
                "virtual against HtmlFlow reactive and suspending (WebFlux) and reactive (Quarkus), 64 and 128 users, both models.",
            "virtual ~ reactive/suspending",
            Kind.SHAPE,
            Terms::comparable,
        ) { _ ->
            listOf("presentations", "stocks").flatMap { m ->
                listOf(64, TOP).flatMap { u ->
                    listOf("webflux" to "reactive", "webflux" to "suspending", "quarkus" to "reactive").map { (fw, a) ->
                        Triple("$fw/$m@$u virtual / $a", hf(fw, m, "virtual", u), hf(fw, m, a, u))
                    }
                }
            }
        },
        Claim(
            "000-7-virtual-responsive",
            S,
            "7 (conclusions)",
            "\"Without compromising scalability or responsiveness\": HtmlFlow on virtual threads against HtmlFlow reactive and " +
                "suspending (WebFlux) and reactive (Quarkus), at 128 users, both models: its p99 latency not higher (in a closed loop " +
                "the mean latency only mirrors throughput; the tail does not) and its throughput not lower, each ratio not past the " +
                "comparable band (1.10).",
            "no figure: \"without compromising scalability or responsiveness\"",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val parts = listOf("presentations", "stocks").flatMap { m ->
                listOf("webflux" to "reactive", "webflux" to "suspending", "quarkus" to "reactive").flatMap { (fw, a) ->
                    val tail = e.pairedRatio(hf(fw, m, "virtual"), hf(fw, m, a)) { it.latencyP99Ms }
                    val slower = e.ratio(hf(fw, m, a), hf(fw, m, "virtual"))
                    listOf(
                        Triple("$fw/$m p99 virtual / $a", tail, Terms.notHigher(tail)),
                        Triple("throughput $a / virtual", slower, Terms.notHigher(slower)),
                    )
                }
            }
            Judgement(
                Terms.all(*parts.map { it.third }.toTypedArray()),
                "at $TOP users, each not higher: " + parts.joinToString("; ") { "${it.first} ${it.second.text("x")} ${it.third.word}" },
            )
        },
    )
}
