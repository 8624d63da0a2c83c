
package pssr.bench.claims

import pssr.bench.claims.ClaimKit.compare
import pssr.bench.claims.ClaimKit.compareAll
import pssr.bench.claims.ClaimKit.naming
import pssr.bench.claims.ClaimKit.ratio
import pssr.bench.claims.ClaimKit.scales
import pssr.bench.claims.ClaimKit.streaming
import pssr.bench.claims.Seed000Figures.Pres
import pssr.bench.claims.Seed000Figures.Stocks
import pssr.bench.claims.Seed000Figures.paperDrop
import pssr.bench.claims.Seed000Figures.text
import pssr.bench.markup.Fmt

/**
 * Seed 000, the main paper (PSSR with virtual threads on Spring WebFlux, Spring MVC and Quarkus; two CPU cores and two threads per core,
 * JDK 21,
 * JMeter): sections 5.1-5.4, the discussion (6) and the conclusions (7). Its absolute req/s are another machine's; they are quoted, and
 * what is
 * judged is where scaling stops and how routes compare within our run.
 */
object Seed000 {
    private const val S = "000"
    private const val TOP = 128
    private fun t(fw: String, model: String, engine: String, approach: String, users: Int = TOP) = Route(fw, model, engine, approach, users)
    private fun agg(fw: String, model: String, approach: String, users: Int = TOP) = Route(fw, model, null, approach, users)

    /** The engines MVC and Quarkus serve in `reproduce` (ReproducePlan.PAGES): an aggregate compared across frameworks is over these on
     * both sides. */
    private val SHARED = listOf("htmlflow", "jstachio")
    private fun hf(fw: String, model: String, approach: String, users: Int = TOP) = t(fw, model, "htmlflow", approach, users)

    val claims: List<Claim> = listOf(
        // 5.2 Presentations
        naming(
            scales(
                "000-5.2-webflux-blocking-4", S, "5.2",
                "On WebFlux, the blocking engines (on a separate dispatcher) stop scaling beyond 4 users (Presentations).",
                "blocking engines flat past 4 users", "webflux", "presentations", null, "blocking", 4,
            ),
            agg("webflux", "presentations", "blocking"),
            scaling = true,
        ),
        scales(
            "000-5.2-htmlflow-susp-128", S, "5.2", "HtmlFlow suspending on WebFlux scales up to 128 users (Presentations).",
            "${Pres.htmlflowSusp.text} req/s at 128 users", "webflux", "presentations", "htmlflow", "suspending", TOP,
        ),
        scales(
            "000-5.2-virtual-64", S, "5.2",
            "Engines on virtual threads on WebFlux scale up to 64 users (JStachio-Virtual, " +
                "Presentations).",
            "JStachio-Virtual ${Pres.jstachioVirtual.text} req/s, peak at 64", "webflux", "presentations", "jstachio", "virtual", 64,
        ),
        scales(
            "000-5.2-thymeleaf-rx-32", S, "5.2", "Thymeleaf reactive on WebFlux scales up to 32 users (Presentations).",
            "${Pres.thymeleafRx.text} req/s, peak at 32", "webflux", "presentations", "thymeleaf", "reactive", 32,
        ),
        compare(
            "000-5.2-htmlflow-virtual-vs-reactive", S, "5.2",
            "HtmlFlow on a virtual thread and HtmlFlow reactive reach similar throughput on WebFlux at 128 users (Presentations).",
            "${Pres.htmlflowVirtual.text} vs ${Pres.htmlflowRx.text} req/s", Kind.SIZE, "HtmlFlow virtual / reactive",
            t("webflux", "presentations", "htmlflow", "virtual"),
            t(
                "webflux",
                "presentations",
                "htmlflow",
                "reactive",
            ),
            Terms::comparable, Pres.htmlflowVirtual.rps / Pres.htmlflowRx.rps,
        ),
        compareAll(
            "000-5.2-htmlflow-three-similar",
            S,
            "5.2",
            "HtmlFlow reactive, suspending and virtual all achieve similar throughput on WebFlux at 128 users (Presentations): " +
                "suspending against the other " +
                "two.",
            "virtual ${Pres.htmlflowVirtual.text}, reactive ${Pres.htmlflowRx.text} req/s; HtmlFlow-Susp ${Pres.htmlflowSusp.text}",
            Kind.SIZE,
            Terms::comparable,
        ) { _ ->
            listOf(
                Triple(
                    "HtmlFlow suspending / " +
                        "reactive",
                    hf("webflux", "presentations", "suspending"),
                    hf("webflux", "presentations", "reactive"),
                ),
                Triple(
                    "HtmlFlow suspending / " +
                        "virtual",
                    hf("webflux", "presentations", "suspending"),
                    hf("webflux", "presentations", "virtual"),
                ),
            )
        },
        naming(
            scales(
                "000-5.2-mvc-blocking-32", S, "5.2", "Spring MVC's blocking engines scale up to 32 users (Presentations).",
                "${Pres.mvcBlocking.text} req/s, peak at 32", "mvc", "presentations", null, "blocking", 32,
            ),
            agg("mvc", "presentations", "blocking"),
            scaling = true,
        ),
        naming(
            scales(
                "000-5.2-mvc-virtual-32", S, "5.2", "Spring MVC's engines on virtual threads scale up to 32 users (Presentations).",
                "${Pres.mvcVirtual.text} req/s, peak at 32", "mvc", "presentations", null, "virtual", 32,
            ),
            agg("mvc", "presentations", "virtual"),
            scaling = true,
        ),
        naming(
            compare(
                "000-5.2-mvc-virtual-above-blocking", S, "5.2",
                "On Spring MVC, virtual threads give a slightly higher peak throughput than blocking, at 32 users where the paper's " +
                    "peaks " +
                    "are (Presentations).",
                "${Pres.mvcVirtual.text} vs ${Pres.mvcBlocking.text} req/s", Kind.SIZE,
                "MVC virtual / blocking (engines' mean) at 32 " +
                    "users",
                agg("mvc", "presentations", "virtual", 32), agg("mvc", "presentations", "blocking", 32),
                Terms::slightlyHigher, Pres.mvcVirtual.rps / Pres.mvcBlocking.rps,
            ),
            agg("mvc", "presentations", "virtual", 32),
        ),
        naming(
            compare(
                "000-5.2-mvc-below-webflux", S, "5.2",
                "Spring MVC on virtual threads at its peak (32 users) stays below WebFlux's suspendable HtmlFlow at 128 users " +
                    "(Presentations).",
                "${Pres.mvcVirtual.text} vs ${Pres.htmlflowSusp.text} req/s", Kind.SIZE,
                "MVC virtual (mean) at 32 / WebFlux HtmlFlow suspending at 128", agg("mvc", "presentations", "virtual", 32),
                t("webflux", "presentations", "htmlflow", "suspending"), Terms::lower, Pres.mvcVirtual.rps / Pres.htmlflowSusp.rps,
            ),
            agg("mvc", "presentations", "virtual", 32),
        ),
        streaming(
            "000-5.2-mvc-does-not-stream",
            S,
            "5.2",
            "Spring MVC does not stream the tested templates (blocking and virtual, no " +
                "flush).",
            "MVC: no PSSR for the tested templates",
            "mvc",
            listOf("blocking", "virtual"),
            streams = false,
        ),
        naming(
            scales(
                "000-5.2-quarkus-blocking-64", S, "5.2", "Quarkus's blocking engines scale up to 64 users (Presentations).",
                "${Pres.quarkusBlocking.text} req/s, peak at 64", "quarkus", "presentations", null, "blocking", 64,
            ),
            agg("quarkus", "presentations", "blocking"),
            scaling = true,
        ),
        naming(
            scales(
                "000-5.2-quarkus-virtual-128", S, "5.2",
                "Quarkus's engines on virtual threads scale up to 128 users " +
                    "(Presentations).",
                "${Pres.quarkusVirtual.text} req/s at 128", "quarkus", "presentations", null, "virtual", TOP,
            ),
            agg("quarkus", "presentations", "virtual"),
            scaling = true,
        ),
        naming(
            compare(
                "000-5.2-quarkus-virtual-above-blocking", S, "5.2",
                "On Quarkus, virtual threads peak higher than blocking: virtual at 128 users against blocking at its 64-user peak " +
                    "(Presentations).",
                "${Pres.quarkusVirtual.text} vs ${Pres.quarkusBlocking.text} req/s", Kind.SIZE,
                "Quarkus virtual (mean) at 128 / blocking (mean) at 64", agg("quarkus", "presentations", "virtual"),
                agg("quarkus", "presentations", "blocking", 64), Terms::higher, Pres.quarkusVirtual.rps / Pres.quarkusBlocking.rps,
            ),
            agg("quarkus", "presentations", "virtual"),
            agg("quarkus", "presentations", "blocking", 64),
        ),
        naming(
            compare(
                "000-5.2-quarkus-virtual-vs-webflux", S, "5.2",
                "Quarkus on virtual threads is comparable to WebFlux's suspendable HtmlFlow at 128 users (Presentations).",
                "${Pres.quarkusVirtual.text} vs ${Pres.htmlflowSusp.text} req/s", Kind.SIZE,
                "Quarkus virtual (mean) / WebFlux HtmlFlow suspending",
                agg(
                    "quarkus",
                    "presentations",
                    "virtual",
                ),
                t("webflux", "presentations", "htmlflow", "suspending"),
                Terms::comparable, Pres.quarkusVirtual.rps / Pres.htmlflowSusp.rps,
            ),
            agg("quarkus", "presentations", "virtual"),
        ),
        naming(
            compare(
                "000-5.2-quarkus-htmlflow-rx-below", S, "5.2",
                "Quarkus's HtmlFlow reactive is below its blocking engines at 64 users, the blocking engines' peak (Presentations).",
                "${Pres.quarkusHtmlflowRx.text} vs ${Pres.quarkusBlocking.text} req/s", Kind.SIZE,
                "Quarkus HtmlFlow reactive / blocking (mean) at 64 users",
                t("quarkus", "presentations", "htmlflow", "reactive", 64),
                agg("quarkus", "presentations", "blocking", 64), Terms::lower, Pres.quarkusHtmlflowRx.rps / Pres.quarkusBlocking.rps,
            ),
            agg("quarkus", "presentations", "blocking", 64),
        ),
        scales(
            "000-5.2-quarkus-htmlflow-rx-32", S, "5.2", "Quarkus's HtmlFlow reactive stagnates after 32 users (Presentations).",
            "${Pres.quarkusHtmlflowRx.text} req/s, flat after 32", "quarkus", "presentations", "htmlflow", "reactive", 32,
        ),
        compare(
            "000-5.2-quarkus-rx-below-webflux", S, "5.2",
            "Quarkus's HtmlFlow reactive does not reach the same approach on WebFlux: below WebFlux's HtmlFlow reactive at 128 users " +
                "(Presentations).",
            "${Pres.quarkusHtmlflowRx.text} vs ${Pres.htmlflowRx.text} req/s", Kind.SIZE, "Quarkus / WebFlux HtmlFlow reactive",
            hf("quarkus", "presentations", "reactive"), hf("webflux", "presentations", "reactive"),
            Terms::lower, Pres.quarkusHtmlflowRx.rps / Pres.htmlflowRx.rps,
        ),
        // 5.3 Stocks
        compare(
            "000-5.3-stocks-lower", S, "5.3",
            "Stocks (20 items) gives lower throughput than Presentations (10 items) on the same route (WebFlux HtmlFlow virtual, 128 " +
                "users).",
            "${Stocks.htmlflowVirtual.text} vs ${Pres.htmlflowVirtual.text} req/s", Kind.SIZE, "Stocks / Presentations",
            t("webflux", "stocks", "htmlflow", "virtual"),
            t(
                "webflux",
                "presentations",
                "htmlflow",
                "virtual",
            ),
            Terms::lower, Stocks.htmlflowVirtual.rps / Pres.htmlflowVirtual.rps,
        ),
        compareAll(
            "000-5.3-reduced-all-engines",
            S,
            "5.3",
            "Throughput is reduced across all engines with Stocks: every WebFlux route measured in both models is lower in Stocks than " +
                "in Presentations at " +
                "128 users.",
            "throughput reduced across all engines",
            Kind.SHAPE,
            Terms::lower,
        ) { e ->
            e.levels.filter {
                it.framework == "webflux" && it.model == "presentations" && it.users == TOP &&
                    it.engine != pssr.bench.stats.BASELINE
            }
                .filter { p ->
                    e.levels.any {
                        it.framework == "webflux" && it.model == "stocks" && it.engine == p.engine &&
                            it.approach == p.approach &&
                            it.users == TOP
                    }
                }
                .map {
                    Triple(
                        "${it.engine} ${it.approach} Stocks / Presentations",
                        t("webflux", "stocks", it.engine, it.approach),
                        t("webflux", "presentations", it.engine, it.approach),
                    )
                }
        },
        naming(
            scales(
                "000-5.3-webflux-blocking-4", S, "5.3", "On WebFlux, the blocking engines stop scaling beyond 4 users (Stocks).",
                "as in Presentations", "webflux", "stocks", null, "blocking", 4,
            ),
            agg("webflux", "stocks", "blocking"),
            scaling = true,
        ),
        compare(
            "000-5.3-jstachio-below-thymeleaf", S, "5.3",
            "On WebFlux, JStachio on virtual threads is below Thymeleaf reactive at " +
                "128 users (Stocks).",
            "${Stocks.jstachioVirtual.text} vs ${Stocks.thymeleafRx.text} req/s", Kind.SIZE, "JStachio virtual / Thymeleaf reactive",
            t("webflux", "stocks", "jstachio", "virtual"),
            t(
                "webflux",
                "stocks",
                "thymeleaf",
                "reactive",
            ),
            Terms::lower, Stocks.jstachioVirtual.rps / Stocks.thymeleafRx.rps,
        ),
        Claim(
            "000-5.3-jstachio-virtual-steeper-drop",
            S,
            "5.3",
            "From Presentations to Stocks, JStachio virtual loses more throughput than the reactive and suspendable routes (Thymeleaf " +
                "reactive, HtmlFlow " +
                "suspending; WebFlux, 128 users).",
            "JStachio-Virtual ${Pres.jstachioVirtual.text} to ${Stocks.jstachioVirtual.text} (0.43x), " +
                "Thymeleaf-Rx ${Pres.thymeleafRx.text} to ${Stocks.thymeleafRx.text} (0.68x)",
            Kind.SIZE,
            ClaimKit.REPRODUCE,
        ) { e ->
            fun drop(engine: String, approach: String) = e.ratio(
                t("webflux", "stocks", engine, approach),
                t(
                    "webflux",
                    "presentations",
                    engine,
                    approach,
                ),
            )
            val js = drop("jstachio", "virtual")
            val parts = listOf(
                "Thymeleaf reactive" to drop("thymeleaf", "reactive"),
                "HtmlFlow " +
                    "suspending" to drop("htmlflow", "suspending"),
            ).map { (who, d) ->
                val r = js / d
                Triple(who, r, Terms.lower(r))
            }
            Judgement(
                Terms.all(*parts.map { it.third }.toTypedArray()),
                "Stocks / Presentations: JStachio virtual ${js.text("x")}; its drop relative to " +
                    parts.joinToString("; ") { "${it.first} ${it.second.text("x")} ${it.third.word}" },
                "paper ${"%.2f".format(paperDrop)}x (against Thymeleaf-Rx)",
            )
        },
        compare(
            "000-5.3-htmlflow-virtual-vs-reactive", S, "5.3",
            "HtmlFlow virtual and reactive are similar on WebFlux at 128 users " +
                "(Stocks).",
            "${Stocks.htmlflowVirtual.text} vs ${Stocks.htmlflowRx.text} req/s", Kind.SIZE, "HtmlFlow virtual / reactive",
            t("webflux", "stocks", "htmlflow", "virtual"),
            t(
                "webflux",
                "stocks",
                "htmlflow",
                "reactive",
            ),
            Terms::comparable, Stocks.htmlflowVirtual.rps / Stocks.htmlflowRx.rps,
        ),
        compareAll(
            "000-5.3-htmlflow-three-similar",
            S,
            "5.3",
            "HtmlFlow reactive, suspending and virtual all achieve similar throughput on WebFlux at 128 users (Stocks): suspending " +
                "against the other two.",
            "virtual ${Stocks.htmlflowVirtual.text}, reactive ${Stocks.htmlflowRx.text} req/s",
            Kind.SIZE,
            Terms::comparable,
        ) { _ ->
            listOf(
                Triple("HtmlFlow suspending / reactive", hf("webflux", "stocks", "suspending"), hf("webflux", "stocks", "reactive")),
                Triple("HtmlFlow suspending / virtual", hf("webflux", "stocks", "suspending"), hf("webflux", "stocks", "virtual")),
            )
        },
        naming(
            compare(
                "000-5.3-mvc-no-gain-from-virtual", S, "5.3",
                "On Spring MVC, virtual threads bring no gain over blocking at 64 users, where both peak (Stocks).",
                "blocking ${Stocks.mvcBlocking.text} req/s, virtual no better", Kind.SIZE,
                "MVC virtual / blocking (engines' mean) at 64 " +
                    "users",
                agg("mvc", "stocks", "virtual", 64), agg("mvc", "stocks", "blocking", 64),
                Terms::comparable,
            ),
            agg("mvc", "stocks", "virtual", 64),
        ),
        naming(
            scales(
                "000-5.3-mvc-blocking-64", S, "5.3", "Spring MVC's blocking engines scale up to 64 users (Stocks).",
                "${Stocks.mvcBlocking.text} req/s, scaling to 64", "mvc", "stocks", null, "blocking", 64,
            ),
            agg("mvc", "stocks", "blocking"),
            scaling = true,
        ),
        naming(
            scales(
                "000-5.3-mvc-virtual-64", S, "5.3",
                "Spring MVC's engines on virtual threads scale up to 64 users, as the blocking " +
                    "ones (Stocks).",
                "both approaches scale up to 64", "mvc", "stocks", null, "virtual", 64,
            ),
            agg("mvc", "stocks", "virtual"),
            scaling = true,
        ),
        Claim(
            "000-5.3-mvc-above-webflux",
            S,
            "5.3",
            "Blocking and virtual-thread rendering reach higher throughput on Spring MVC than on WebFlux (engines' mean over HtmlFlow " +
                "and JStachio on both, " +
                "64 users, Stocks).",
            "MVC up to ${Stocks.mvcBlocking.text} req/s; WebFlux's Blocking and Virtual lines lower",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val parts = listOf("blocking", "virtual").map { a ->
                val r = e.aggregate("mvc", "stocks", a, 64, SHARED) / e.aggregate("webflux", "stocks", a, 64, SHARED)
                Triple(
                    a,
                    r,
                    Terms.higher(r),
                )
            }
            Judgement(
                Terms.all(*parts.map { it.third }.toTypedArray()),
                "MVC / WebFlux (mean of ${SHARED.joinToString(", ")}): " +
                    parts.joinToString("; ") { "${it.first} ${it.second.text("x")} ${it.third.word}" },
            )
        },
        naming(
            compareAll(
                "000-5.3-mvc-below-webflux-async",
                S,
                "5.3",
                "Spring MVC's blocking and virtual approaches at their 64-user peak stay below WebFlux's reactive HtmlFlow at 128 users " +
                    "(Stocks).",
                "${Stocks.mvcBlocking.text} vs ${Stocks.htmlflowRx.text} req/s",
                Kind.SIZE,
                Terms::lower,
            ) { _ ->
                listOf("blocking", "virtual").map { a ->
                    Triple(
                        "MVC $a (mean) at 64 / WebFlux HtmlFlow " +
                            "reactive",
                        agg("mvc", "stocks", a, 64),
                        hf(
                            "webflux",
                            "stocks",
                            "reactive",
                        ),
                    )
                }
            },
            agg("mvc", "stocks", "blocking", 64),
            agg("mvc", "stocks", "virtual", 64),
        ),
        naming(
            scales(
                "000-5.3-quarkus-blocking-128", S, "5.3", "Quarkus's blocking engines scale up to 128 users (Stocks).",
                "${Stocks.quarkusBlocking.text} req/s at 128", "quarkus", "stocks", null, "blocking", TOP,
            ),
            agg("quarkus", "stocks", "blocking"),
            scaling = true,
        ),
        naming(
            scales(
                "000-5.3-quarkus-virtual-128", S, "5.3", "Quarkus's engines on virtual threads scale up to 128 users (Stocks).",
                "${Stocks.quarkusVirtual.text} req/s at 128", "quarkus", "stocks", null, "virtual", TOP,
            ),
            agg("quarkus", "stocks", "virtual"),
            scaling = true,
        ),
        naming(
            compare(
                "000-5.3-quarkus-virtual-above-blocking", S, "5.3",
                "On Quarkus, virtual threads reach higher throughput than blocking at 128 users (Stocks).",
                "${Stocks.quarkusVirtual.text} vs ${Stocks.quarkusBlocking.text} req/s", Kind.SIZE,
                "Quarkus virtual / blocking (engines' mean)", agg("quarkus", "stocks", "virtual"),
                agg(
                    "quarkus",
                    "stocks",
                    "blocking",
                ),
                Terms::higher, Stocks.quarkusVirtual.rps / Stocks.quarkusBlocking.rps,
            ),
            agg("quarkus", "stocks", "virtual"),
        ),
        naming(
            compareAll(
                "000-5.3-quarkus-comparable-webflux",
                S,
                "5.3",
                "Quarkus's synchronous approaches are comparable to the WebFlux implementation at 128 users (Stocks): blocking to " +
                    "HtmlFlow " +
                    "reactive, virtual to " +
                    "HtmlFlow virtual.",
                "${Stocks.quarkusBlocking.text} and ${Stocks.quarkusVirtual.text} vs ${Stocks.htmlflowRx.text} and " +
                    "${Stocks.htmlflowVirtual.text} req/s",
                Kind.SIZE,
                Terms::comparable,
            ) { _ ->
                listOf(
                    Triple(
                        "Quarkus blocking (mean) / WebFlux HtmlFlow " +
                            "reactive",
                        agg("quarkus", "stocks", "blocking"),
                        hf("webflux", "stocks", "reactive"),
                    ),
                    Triple(
                        "Quarkus virtual (mean) / WebFlux HtmlFlow " +
                            "virtual",
                        agg("quarkus", "stocks", "virtual"),
                        hf("webflux", "stocks", "virtual"),
                    ),
                )
            },
            agg("quarkus", "stocks", "blocking"),
            agg("quarkus", "stocks", "virtual"),
        ),
        compare(
            "000-5.3-quarkus-rx-below-webflux", S, "5.3",
            "Quarkus's HtmlFlow reactive is below WebFlux's HtmlFlow reactive at 128 " +
                "users (Stocks).",
            "${Stocks.quarkusHtmlflowRx.text} vs ${Stocks.htmlflowRx.text} req/s", Kind.SIZE, "Quarkus / WebFlux HtmlFlow reactive",
            t("quarkus", "stocks", "htmlflow", "reactive"),
            t(
                "webflux",
                "stocks",
                "htmlflow",
                "reactive",
            ),
            Terms::lower, Stocks.quarkusHtmlflowRx.rps / Stocks.htmlflowRx.rps,
        ),
        streaming(
            "000-6-webflux-best",
            S,
            "5.3",
            "WebFlux enables PSSR natively: its publish-subscribe routes (reactive, suspending) stream as data becomes available, with " +
                "no buffer setting.",
            "WebFlux the most effective at PSSR: content streamed as data becomes " +
                "available",
            "webflux",
            listOf("reactive", "suspending"),
            streams = true,
        ),
        streaming(
            "000-6-quarkus-streams-with-buffer",
            S,
            "5.3",
            "Quarkus streams once its output buffer is set small (512 B here): every Quarkus route streams.",
            "Quarkus needs the output buffer set",
            "quarkus",
            listOf("blocking", "virtual", "reactive"),
            streams = true,
        ),
        // 5.4 resources
        Claim(
            "000-5.4-virtual-more-cpu-than-susp",
            S,
            "5.4",
            "Under load HtmlFlow on virtual threads and HtmlFlow suspending show comparable resource consumption: comparable CPU per " +
                "request (WebFlux, " +
                "Presentations, 128 users).",
            "CPU peak ~50% vs ~42%: comparable resource consumption",
            Kind.SIZE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val v = e.level("webflux", "presentations", "htmlflow", "virtual", TOP)
            val s = e.level(
                "webflux",
                "presentations",
                "htmlflow",
                "suspending",
                TOP,
            )
            // CPU per request: what each costs the server, independent of how many requests the window held; paired by repetition
            val r = e.pairedRatio(
                t("webflux", "presentations", "htmlflow", "virtual"),
                t(
                    "webflux",
                    "presentations",
                    "htmlflow",
                    "suspending",
                ),
            ) { it.serverCpuUsPerRequest }
            Judgement(
                Terms.comparable(r),
                "server CPU per request virtual / suspending ${r.text("x")} " +
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
                        it.approach in listOf(
                            "virtual",
                            "suspending",
                        ) && it.users == TOP
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
            "HtmlFlow virtual and suspending each keep about 300 MB of heap under load (WebFlux, 128 " +
                "users).",
            "~300 MB peak",
            Kind.SIZE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val peaks = listOf("virtual", "suspending").map { e.level("webflux", "presentations", "htmlflow", it, TOP).heapPeak }
            val est = Estimate.range(peaks)
            Judgement(
                Terms.about(est / Estimate.point(300.0), 1.0),
                "heap peak ${est.text(" MB", 0)} (the JVM shared by every route of " +
                    "its phase, -Xms512m)",
                cause = "the heap peak is the whole server JVM's, sized by -Xms512m -Xmx2g and shared by the phase's routes: it measures " +
                    "the JVM's settings " +
                    "more than one engine",
            )
        },
        Claim(
            "000-5.1-rocker-buffer",
            S,
            "5.1",
            "A 512 B output buffer changes Rocker's throughput on Quarkus by 0.046% (no measurable " +
                "cost).",
            "0.046% difference",
            Kind.SIZE,
            "./pssr reproduce --only " +
                "paper-000-rocker-8k,paper-000-ours-quarkus-output-buffer-rocker",
        ) { e ->
            // two server JVMs: seed 000's setup (8 KB build, no flush) and the same with the 512 B build, Rocker blocking
            val at = Route("quarkus", "presentations", "rocker", "blocking", TOP)
            val big = e.labelled("paper-000", at)
            val small = e.labelled("paper-000 with ours: quarkus-output-buffer", at)
            val r = small / big
            Judgement(
                Terms.comparable(r),
                "Rocker blocking on Quarkus at $TOP users, 512 B / 8 KB ${r.text("x")} (${big.text(" req/s", 0)} at 8 KB; two JVMs)",
                "paper 1.00x (0.046%), ours ${"%.3f".format(java.util.Locale.ROOT, r.value)}x",
            )
        },
        Claim(
            "000-5.1-jmeter-vs-ab",
            S,
            "5.1",
            "JMeter and Apache Bench give the same throughput within a few percent (2.83% mean " +
                "absolute difference).",
            "2.83% mean absolute difference",
            Kind.SIZE,
            "./pssr reproduce --only drivers-jmeter,drivers-ab",
        ) { e ->
            val d = e.driverDifference("jmeter", "ab")
            Judgement(
                Terms.below(d, 0.05),
                "|ab - JMeter| / JMeter over the routes and levels both measured: ${d.text(digits = 3)} (the " +
                    "same routes, one JVM per driver)",
                "paper 0.028, ours ${"%.3f".format(java.util.Locale.ROOT, d.value)}",
            )
        },
        // 6 discussion
        compareAll(
            "000-6-webflux-reactive-above-quarkus-virtual",
            S,
            "6 (discussion)",
            "The reactive approach on WebFlux performs better than virtual threads on Quarkus: HtmlFlow reactive on WebFlux above " +
                "HtmlFlow virtual on " +
                "Quarkus (128 users, both models).",
            "no figure; 5.2/5.3 give ${Pres.htmlflowRx.text} vs ${Pres.quarkusVirtual.text} and " +
                "${Stocks.htmlflowRx.text} vs ${Stocks.quarkusVirtual.text} req/s",
            Kind.SIZE,
            Terms::higher,
        ) { _ ->
            listOf("presentations", "stocks").map { m ->
                Triple(
                    "$m WebFlux HtmlFlow reactive / Quarkus HtmlFlow " +
                        "virtual",
                    hf("webflux", m, "reactive"),
                    hf("quarkus", m, "virtual"),
                )
            }
        },
        // 7 conclusions
        compareAll(
            "000-6-virtual-comparable-consistently",
            S,
            "7 (conclusions)",
            "Virtual threads consistently deliver throughput comparable to the asynchronous approaches under high concurrency: HtmlFlow " +
                "virtual against " +
                "HtmlFlow reactive and suspending (WebFlux) and reactive (Quarkus), 64 and 128 users, both models.",
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
    )
}
