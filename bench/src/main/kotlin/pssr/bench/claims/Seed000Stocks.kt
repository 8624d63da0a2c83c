package pssr.bench.claims

import pssr.bench.claims.ClaimKit.compare
import pssr.bench.claims.ClaimKit.compareAll
import pssr.bench.claims.ClaimKit.scales
import pssr.bench.claims.Seed000Figures.Pres
import pssr.bench.claims.Seed000Figures.Stocks
import pssr.bench.claims.Seed000Figures.paperDrop
import pssr.bench.claims.Seed000Figures.text
import pssr.bench.claims.Seed000Kit.S
import pssr.bench.claims.Seed000Kit.TOP
import pssr.bench.claims.Seed000Kit.hf
import pssr.bench.claims.Seed000Kit.inBothModels
import pssr.bench.claims.Seed000Kit.t
import pssr.bench.console.Fmt

/** Seed 000, section 5.3 on WebFlux: the Stocks model, its drop from Presentations and how its routes compare. */
internal object Seed000Stocks {
    // the paper's sizes (its 5.2 and 5.3 figures' ratios), each judged two-sided by Terms.about
    private val STOCKS_PRES = Stocks.htmlflowVirtual.rps / Pres.htmlflowVirtual.rps
    private val JSTACHIO_THYMELEAF = Stocks.jstachioVirtual.rps / Stocks.thymeleafRx.rps
    private val HTMLFLOW_VIRTUAL_DROP = Stocks.htmlflowVirtual.rps / Pres.htmlflowVirtual.rps
    private val HTMLFLOW_DROPS = HTMLFLOW_VIRTUAL_DROP / (Stocks.htmlflowRx.rps / Pres.htmlflowRx.rps)
    private val ENGINE_DROP = (Stocks.jstachioVirtual.rps / Pres.jstachioVirtual.rps) / HTMLFLOW_VIRTUAL_DROP

    /** A WebFlux route's throughput in Stocks over Presentations at 128 users, paired by repetition: its drop with the richer model. */
    private fun Evidence.drop(engine: String, approach: String) =
        ratio(t("webflux", "stocks", engine, approach), t("webflux", "presentations", engine, approach))

    val claims: List<Claim> = listOf(
        compare(
            "000-5.3-stocks-lower", S, "5.3",
            "Stocks (20 items) gives lower throughput than Presentations (10 items) on the same route, by about the paper's size " +
                "(${Terms.aboutText(STOCKS_PRES)}; WebFlux HtmlFlow virtual, 128 users).",
            "${Stocks.htmlflowVirtual.text} vs ${Pres.htmlflowVirtual.text} req/s", Kind.SIZE,
            "Stocks / Presentations, ${Terms.aboutText(STOCKS_PRES)}:",
            t("webflux", "stocks", "htmlflow", "virtual"),
            t("webflux", "presentations", "htmlflow", "virtual"),
            { Terms.about(it, STOCKS_PRES) }, STOCKS_PRES,
        ),
        compareAll(
            "000-5.3-reduced-all-engines",
            S,
            "5.3",
            "Throughput is reduced across all engines with Stocks: every WebFlux route measured in both models is lower in Stocks than " +
                "in Presentations at 128 users (the blocking routes left out: on their bounded pool the ratio is the pages' items, " +
                "10 against 20, whatever the engine).",
            "throughput reduced across all engines",
            Kind.SHAPE,
            Terms::lower,
        ) { e ->
            inBothModels(e, pooled = false).map { (engine, approach) ->
                Triple(
                    "$engine $approach Stocks / Presentations",
                    t("webflux", "stocks", engine, approach),
                    t("webflux", "presentations", engine, approach),
                )
            }
        },
        scales(
            "000-5.3-webflux-blocking-4", S, "5.3", "On WebFlux, the blocking engines stop scaling beyond 4 users (Stocks).",
            "as in Presentations", "webflux", "stocks", null, "blocking", 4,
        ),
        Claim(
            "000-5.3-stocks-more-cpu-per-request",
            S,
            "5.3",
            "The throughput drop with Stocks is the engines' data-binding work: every WebFlux route measured in both models costs " +
                "the server more CPU per page in Stocks than in Presentations at 128 users (paired by repetition).",
            "throughput reduced: overhead related to the data binding process of each template engine",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val parts = inBothModels(e).map { (engine, approach) ->
                val stocks = t("webflux", "stocks", engine, approach)
                val r = e.pairedRatio(stocks, t("webflux", "presentations", engine, approach)) { row -> row.serverCpuUsPerRequest }
                Triple("$engine $approach", r, Terms.higher(r))
            }
            if (parts.isEmpty()) throw MissingRows("webflux stocks and presentations at $TOP users")
            Judgement(
                Terms.all(*parts.map { it.third }.toTypedArray()),
                "server CPU per request Stocks / Presentations, higher: " +
                    parts.joinToString("; ") { "${it.first} ${it.second.text("x")} ${it.third.word}" },
            )
        },
        // "the scalability of the engines remains largely unchanged": the three routes the paper plots, as in Presentations
        scales(
            "000-5.3-htmlflow-susp-128", S, "5.3",
            "HtmlFlow suspending on WebFlux scales up to 128 users with Stocks too, as with Presentations.",
            "as in Presentations (HtmlFlow-Susp to 128)", "webflux", "stocks", "htmlflow", "suspending", TOP,
        ),
        scales(
            "000-5.3-virtual-64", S, "5.3",
            "The engines on virtual threads on WebFlux scale up to 64 users with Stocks too (the mean over the engines; the paper's " +
                "figure is JStachio-Virtual's).",
            "JStachio-Virtual ${Stocks.jstachioVirtual.text} req/s; as in Presentations, peak at 64", "webflux", "stocks", null,
            "virtual", 64,
        ),
        scales(
            "000-5.3-thymeleaf-rx-32", S, "5.3", "Thymeleaf reactive on WebFlux scales up to 32 users with Stocks too.",
            "Thymeleaf-Rx ${Stocks.thymeleafRx.text} req/s; as in Presentations, peak at 32", "webflux", "stocks", "thymeleaf",
            "reactive", 32,
        ),
        compare(
            "000-5.3-jstachio-below-thymeleaf", S, "5.3",
            "On WebFlux, JStachio on virtual threads is below Thymeleaf reactive at 128 users, by about the paper's size " +
                "(${Terms.aboutText(JSTACHIO_THYMELEAF)}; Stocks).",
            "${Stocks.jstachioVirtual.text} vs ${Stocks.thymeleafRx.text} req/s", Kind.SIZE,
            "JStachio virtual / Thymeleaf reactive, ${Terms.aboutText(JSTACHIO_THYMELEAF)}:",
            t("webflux", "stocks", "jstachio", "virtual"),
            t("webflux", "stocks", "thymeleaf", "reactive"),
            { Terms.about(it, JSTACHIO_THYMELEAF) }, JSTACHIO_THYMELEAF,
        ),
        Claim(
            "000-5.3-jstachio-virtual-steeper-drop",
            S,
            "5.3",
            "From Presentations to Stocks, JStachio virtual loses more throughput than the reactive and the suspendable routes " +
                "(WebFlux, 128 users): its drop relative to Thymeleaf reactive's about the paper's size (${Terms.aboutText(paperDrop)}), " +
                "relative to HtmlFlow suspending's lower (the paper gives no Stocks figure for it).",
            "JStachio-Virtual ${Pres.jstachioVirtual.text} to ${Stocks.jstachioVirtual.text} (0.43x), " +
                "Thymeleaf-Rx ${Pres.thymeleafRx.text} to ${Stocks.thymeleafRx.text} (0.68x)",
            Kind.SIZE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val js = e.drop("jstachio", "virtual")
            val parts = listOf(
                Triple("Thymeleaf reactive, ${Terms.aboutText(paperDrop)}:", e.drop("thymeleaf", "reactive")) { r: Estimate ->
                    Terms.about(r, paperDrop)
                },
                Triple("HtmlFlow suspending, lower:", e.drop("htmlflow", "suspending"), Terms::lower),
            ).map { (who, d, test) ->
                val r = js / d
                Triple(who, r, test(r))
            }
            Judgement(
                Terms.all(*parts.map { it.third }.toTypedArray()),
                "Stocks / Presentations: JStachio virtual ${js.text("x")}; its drop relative to " +
                    parts.joinToString("; ") { "${it.first} ${it.second.text("x")} ${it.third.word}" },
                "paper ${Fmt.fixed(paperDrop, 2, Fmt.NAN)}x (against Thymeleaf-Rx)",
            )
        },
        Claim(
            "000-5.3-jstachio-drop-is-the-engine",
            S,
            "5.3",
            "JStachio virtual's steeper drop from Presentations to Stocks is the engine's, not virtual threads': HtmlFlow virtual drops " +
                "as much as HtmlFlow reactive (comparable), JStachio virtual more than HtmlFlow virtual, by about the paper's size " +
                "(${Terms.aboutText(ENGINE_DROP)}; WebFlux, 128 users).",
            "HtmlFlow virtual ${Pres.htmlflowVirtual.text} to ${Stocks.htmlflowVirtual.text}, reactive ${Pres.htmlflowRx.text} to " +
                "${Stocks.htmlflowRx.text}; JStachio-Virtual ${Pres.jstachioVirtual.text} to ${Stocks.jstachioVirtual.text} req/s",
            Kind.SIZE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val hfVirtual = e.drop("htmlflow", "virtual")
            val threads = hfVirtual / e.drop("htmlflow", "reactive")
            val engine = e.drop("jstachio", "virtual") / hfVirtual
            val v = listOf(Terms.comparable(threads), Terms.about(engine, ENGINE_DROP))
            Judgement(
                Terms.all(*v.toTypedArray()),
                "drop (Stocks / Presentations) of HtmlFlow virtual over HtmlFlow reactive's, comparable: ${threads.text("x")} " +
                    "${v[0].word}; of JStachio virtual over HtmlFlow virtual's, ${Terms.aboutText(ENGINE_DROP)}: " +
                    "${engine.text("x")} ${v[1].word}",
                "paper ${Fmt.fixed(HTMLFLOW_DROPS, 2)}x and ${Fmt.fixed(ENGINE_DROP, 2)}x",
            )
        },
        compare(
            "000-5.3-htmlflow-virtual-vs-reactive", S, "5.3",
            "HtmlFlow virtual and reactive are similar on WebFlux at 128 users (Stocks).",
            "${Stocks.htmlflowVirtual.text} vs ${Stocks.htmlflowRx.text} req/s", Kind.SIZE, "HtmlFlow virtual / reactive",
            t("webflux", "stocks", "htmlflow", "virtual"),
            t("webflux", "stocks", "htmlflow", "reactive"),
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
    )
}
