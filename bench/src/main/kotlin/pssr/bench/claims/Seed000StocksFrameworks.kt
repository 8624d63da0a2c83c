package pssr.bench.claims

import pssr.bench.claims.ClaimKit.compare
import pssr.bench.claims.ClaimKit.compareAll
import pssr.bench.claims.ClaimKit.naming
import pssr.bench.claims.ClaimKit.scales
import pssr.bench.claims.Seed000Figures.Stocks
import pssr.bench.claims.Seed000Figures.text
import pssr.bench.claims.Seed000Kit.S
import pssr.bench.claims.Seed000Kit.SHARED
import pssr.bench.claims.Seed000Kit.TOP
import pssr.bench.claims.Seed000Kit.agg
import pssr.bench.claims.Seed000Kit.hf
import pssr.bench.claims.Seed000Kit.t

/** Seed 000, section 5.3 on Spring MVC and Quarkus (Stocks), against WebFlux. */
internal object Seed000StocksFrameworks {
    // the paper's sizes (its 5.3 figures' ratios), each judged two-sided by Terms.about
    private val MVC_BLOCKING_RX = Stocks.mvcBlocking.rps / Stocks.htmlflowRx.rps
    private val Q_VIRTUAL_BLOCKING = Stocks.quarkusVirtual.rps / Stocks.quarkusBlocking.rps
    private val Q_RX_WEBFLUX_RX = Stocks.quarkusHtmlflowRx.rps / Stocks.htmlflowRx.rps

    val claims: List<Claim> = listOf(
        naming(
            compare(
                "000-5.3-mvc-no-gain-from-virtual", S, "5.3",
                "On Spring MVC, virtual threads bring no gain over blocking at 64 users, where both peak (Stocks).",
                "blocking ${Stocks.mvcBlocking.text} req/s, virtual no better", Kind.SIZE,
                "MVC virtual / blocking (engines' mean) at 64 users",
                agg("mvc", "stocks", "virtual", 64), agg("mvc", "stocks", "blocking", 64),
                Terms::comparable,
            ),
            agg("mvc", "stocks", "virtual", 64),
        ),
        scales(
            "000-5.3-mvc-blocking-64", S, "5.3", "Spring MVC's blocking engines scale up to 64 users (Stocks).",
            "${Stocks.mvcBlocking.text} req/s, scaling to 64", "mvc", "stocks", null, "blocking", 64,
        ),
        scales(
            "000-5.3-mvc-virtual-64", S, "5.3",
            "Spring MVC's engines on virtual threads scale up to 64 users, as the blocking ones (Stocks).",
            "both approaches scale up to 64", "mvc", "stocks", null, "virtual", 64,
        ),
        Claim(
            "000-5.3-mvc-above-webflux",
            S,
            "5.3",
            "Blocking and virtual-thread rendering reach higher throughput on Spring MVC than on WebFlux (engines' mean over HtmlFlow " +
                "and JStachio on both, 64 users, Stocks).",
            "MVC up to ${Stocks.mvcBlocking.text} req/s; WebFlux's Blocking and Virtual lines lower",
            Kind.SHAPE,
            ClaimKit.REPRODUCE,
        ) { e ->
            val parts = listOf("blocking", "virtual").map { a ->
                val r = e.aggregate("mvc", "stocks", a, 64, SHARED) / e.aggregate("webflux", "stocks", a, 64, SHARED)
                Triple(a, r, Terms.higher(r))
            }
            Judgement(
                Terms.all(*parts.map { it.third }.toTypedArray()),
                "MVC / WebFlux (mean of ${SHARED.joinToString(", ")}): " +
                    parts.joinToString("; ") { "${it.first} ${it.second.text("x")} ${it.third.word}" },
            )
        },
        naming(
            compareEach(
                "000-5.3-mvc-below-webflux-async",
                S,
                "5.3",
                "Spring MVC's blocking and virtual approaches at their 64-user peak stay below both the reactive and the suspendable " +
                    "approach of WebFlux (HtmlFlow, 128 users; Stocks): blocking / reactive by about the paper's size " +
                    "(${Terms.aboutText(MVC_BLOCKING_RX)}), the pairs the paper gives no figure for lower.",
                "${Stocks.mvcBlocking.text} vs ${Stocks.htmlflowRx.text} req/s",
                Kind.SIZE,
            ) { _ ->
                listOf("blocking", "virtual").flatMap { a ->
                    listOf("reactive", "suspending").map { w ->
                        val sized = a == "blocking" && w == "reactive"
                        Part(
                            "MVC $a (mean) at 64 / WebFlux HtmlFlow $w, ${if (sized) Terms.aboutText(MVC_BLOCKING_RX) else "lower"}:",
                            agg("mvc", "stocks", a, 64),
                            hf("webflux", "stocks", w),
                        ) { r -> if (sized) Terms.about(r, MVC_BLOCKING_RX) else Terms.lower(r) }
                    }
                }
            },
            agg("mvc", "stocks", "blocking", 64),
            agg("mvc", "stocks", "virtual", 64),
        ),
        scales(
            "000-5.3-quarkus-blocking-128", S, "5.3", "Quarkus's blocking engines scale up to 128 users (Stocks).",
            "${Stocks.quarkusBlocking.text} req/s at 128", "quarkus", "stocks", null, "blocking", TOP,
        ),
        scales(
            "000-5.3-quarkus-virtual-128", S, "5.3", "Quarkus's engines on virtual threads scale up to 128 users (Stocks).",
            "${Stocks.quarkusVirtual.text} req/s at 128", "quarkus", "stocks", null, "virtual", TOP,
        ),
        naming(
            compare(
                "000-5.3-quarkus-virtual-above-blocking", S, "5.3",
                "On Quarkus, virtual threads reach higher throughput than blocking at 128 users, by about the paper's size " +
                    "(${Terms.aboutText(Q_VIRTUAL_BLOCKING)}; Stocks).",
                "${Stocks.quarkusVirtual.text} vs ${Stocks.quarkusBlocking.text} req/s", Kind.SIZE,
                "Quarkus virtual / blocking (engines' mean), ${Terms.aboutText(Q_VIRTUAL_BLOCKING)}:", agg("quarkus", "stocks", "virtual"),
                agg("quarkus", "stocks", "blocking"),
                { Terms.about(it, Q_VIRTUAL_BLOCKING) }, Q_VIRTUAL_BLOCKING,
            ),
            agg("quarkus", "stocks", "virtual"),
        ),
        naming(
            compareAll(
                "000-5.3-quarkus-comparable-webflux",
                S,
                "5.3",
                "Quarkus's synchronous approaches are comparable to the WebFlux implementation at 128 users (Stocks): blocking to " +
                    "HtmlFlow reactive, virtual to HtmlFlow virtual.",
                "${Stocks.quarkusBlocking.text} and ${Stocks.quarkusVirtual.text} vs ${Stocks.htmlflowRx.text} and " +
                    "${Stocks.htmlflowVirtual.text} req/s",
                Kind.SIZE,
                Terms::comparable,
            ) { _ ->
                listOf(
                    Triple(
                        "Quarkus blocking (mean) / WebFlux HtmlFlow reactive",
                        agg("quarkus", "stocks", "blocking"),
                        hf("webflux", "stocks", "reactive"),
                    ),
                    Triple(
                        "Quarkus virtual (mean) / WebFlux HtmlFlow virtual",
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
            "Quarkus's HtmlFlow reactive is below WebFlux's HtmlFlow reactive at 128 users, by about the paper's size " +
                "(${Terms.aboutText(Q_RX_WEBFLUX_RX)}; Stocks).",
            "${Stocks.quarkusHtmlflowRx.text} vs ${Stocks.htmlflowRx.text} req/s", Kind.SIZE,
            "Quarkus / WebFlux HtmlFlow reactive, ${Terms.aboutText(Q_RX_WEBFLUX_RX)}:",
            t("quarkus", "stocks", "htmlflow", "reactive"),
            t("webflux", "stocks", "htmlflow", "reactive"),
            { Terms.about(it, Q_RX_WEBFLUX_RX) }, Q_RX_WEBFLUX_RX,
        ),
    )
}
