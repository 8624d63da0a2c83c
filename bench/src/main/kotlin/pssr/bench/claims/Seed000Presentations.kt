package pssr.bench.claims

import pssr.bench.claims.ClaimKit.compare
import pssr.bench.claims.ClaimKit.compareAll
import pssr.bench.claims.ClaimKit.naming
import pssr.bench.claims.ClaimKit.scales
import pssr.bench.claims.ClaimKit.streaming
import pssr.bench.claims.Seed000Figures.Pres
import pssr.bench.claims.Seed000Figures.text
import pssr.bench.claims.Seed000Kit.S
import pssr.bench.claims.Seed000Kit.TOP
import pssr.bench.claims.Seed000Kit.agg
import pssr.bench.claims.Seed000Kit.hf
import pssr.bench.claims.Seed000Kit.t

/** Seed 000, section 5.2: the Presentations model on WebFlux, MVC and Quarkus. */
internal object Seed000Presentations {
    // the paper's sizes (its 5.2 figures' ratios), each judged two-sided by Terms.about
    private val MVC_SUSP = Pres.mvcVirtual.rps / Pres.htmlflowSusp.rps
    private val MVC_RX = Pres.mvcVirtual.rps / Pres.htmlflowRx.rps
    private val RX_SUSP = Pres.thymeleafRx.rps / Pres.htmlflowSusp.rps
    private val RX_JSTACHIO = Pres.thymeleafRx.rps / Pres.jstachioVirtual.rps
    private val Q_VIRTUAL_BLOCKING = Pres.quarkusVirtual.rps / Pres.quarkusBlocking.rps
    private val Q_RX_BLOCKING = Pres.quarkusHtmlflowRx.rps / Pres.quarkusBlocking.rps
    private val Q_RX_VIRTUAL = Pres.quarkusHtmlflowRx.rps / Pres.quarkusVirtual.rps
    private val Q_RX_WEBFLUX_RX = Pres.quarkusHtmlflowRx.rps / Pres.htmlflowRx.rps

    /** Each pair of the engines WebFlux's Blocking and Virtual lines average (AGGREGATED); JStachio-Virtual is a line of its own. */
    private fun enginePairs(approach: String) = ClaimKit.aggregated("webflux")!!.filter { approach != "virtual" || it != "jstachio" }
        .let { es -> es.flatMapIndexed { i, a -> es.drop(i + 1).map { a to it } } }

    val claims: List<Claim> = listOf(
        scales(
            "000-5.2-webflux-blocking-4", S, "5.2",
            "On WebFlux, the blocking engines (on a separate dispatcher) stop scaling beyond 4 users (Presentations).",
            "blocking engines flat past 4 users", "webflux", "presentations", null, "blocking", 4,
        ),
        scales(
            "000-5.2-htmlflow-susp-128", S, "5.2", "HtmlFlow suspending on WebFlux scales up to 128 users (Presentations).",
            "${Pres.htmlflowSusp.text} req/s at 128 users", "webflux", "presentations", "htmlflow", "suspending", TOP,
        ),
        scales(
            "000-5.2-virtual-64", S, "5.2",
            "The engines on virtual threads on WebFlux scale up to 64 users (Presentations; the mean over the engines, as \"the " +
                "engines\" says; the paper's figure is JStachio-Virtual's).",
            "JStachio-Virtual ${Pres.jstachioVirtual.text} req/s, peak at 64", "webflux", "presentations", null, "virtual", 64,
        ),
        scales(
            "000-5.2-thymeleaf-rx-32", S, "5.2", "Thymeleaf reactive on WebFlux scales up to 32 users (Presentations).",
            "${Pres.thymeleafRx.text} req/s, peak at 32", "webflux", "presentations", "thymeleaf", "reactive", 32,
        ),
        compareEach(
            "000-5.2-thymeleaf-rx-lower-peak",
            S,
            "5.2",
            "Thymeleaf reactive's peak (32 users) is lower than HtmlFlow suspending's (128) and JStachio virtual's (64), by about the " +
                "paper's sizes: ${Terms.aboutText(RX_SUSP)} and ${Terms.aboutText(RX_JSTACHIO)} (WebFlux, Presentations).",
            "${Pres.thymeleafRx.text} vs ${Pres.htmlflowSusp.text} (HtmlFlow-Susp) and ${Pres.jstachioVirtual.text} " +
                "(JStachio-Virtual) req/s",
            Kind.SIZE,
        ) { _ ->
            val rx = t("webflux", "presentations", "thymeleaf", "reactive", 32)
            listOf(
                Part(
                    "Thymeleaf reactive at 32 / HtmlFlow suspending at 128, ${Terms.aboutText(RX_SUSP)}:",
                    rx,
                    hf("webflux", "presentations", "suspending"),
                ) { Terms.about(it, RX_SUSP) },
                Part(
                    "Thymeleaf reactive at 32 / JStachio virtual at 64, ${Terms.aboutText(RX_JSTACHIO)}:",
                    rx,
                    t("webflux", "presentations", "jstachio", "virtual", 64),
                ) { Terms.about(it, RX_JSTACHIO) },
            )
        },
        compare(
            "000-5.2-htmlflow-virtual-vs-reactive", S, "5.2",
            "HtmlFlow on a virtual thread and HtmlFlow reactive reach similar throughput on WebFlux at 128 users (Presentations).",
            "${Pres.htmlflowVirtual.text} vs ${Pres.htmlflowRx.text} req/s", Kind.SIZE, "HtmlFlow virtual / reactive",
            t("webflux", "presentations", "htmlflow", "virtual"),
            t("webflux", "presentations", "htmlflow", "reactive"),
            Terms::comparable, Pres.htmlflowVirtual.rps / Pres.htmlflowRx.rps,
        ),
        compareAll(
            "000-5.2-htmlflow-three-similar",
            S,
            "5.2",
            "HtmlFlow reactive, suspending and virtual all achieve similar throughput on WebFlux at 128 users (Presentations): " +
                "suspending against the other two.",
            "virtual ${Pres.htmlflowVirtual.text}, reactive ${Pres.htmlflowRx.text} req/s; HtmlFlow-Susp ${Pres.htmlflowSusp.text}",
            Kind.SIZE,
            Terms::comparable,
        ) { _ ->
            listOf(
                Triple(
                    "HtmlFlow suspending / reactive",
                    hf("webflux", "presentations", "suspending"),
                    hf("webflux", "presentations", "reactive"),
                ),
                Triple(
                    "HtmlFlow suspending / virtual",
                    hf("webflux", "presentations", "suspending"),
                    hf("webflux", "presentations", "virtual"),
                ),
            )
        },
        // the paper's reason for drawing one Blocking and one Virtual line: the engines it averages perform alike
        compareAll(
            "000-5.2-engines-similar-blocking-virtual",
            S,
            "5.2",
            "On WebFlux the engines reach similar throughput on the dispatcher (blocking) and on virtual threads, the reason the " +
                "paper draws one line for each: at 64 and 128 users every pair comparable, of HtmlFlow, JStachio and Thymeleaf " +
                "blocking, of HtmlFlow and Thymeleaf virtual (JStachio-Virtual is the paper's own line; Presentations).",
            "\"aggregated due to the similar performance of different engines\"",
            Kind.SIZE,
            Terms::comparable,
        ) { _ ->
            listOf(64, TOP).flatMap { u ->
                listOf("blocking", "virtual").flatMap { approach ->
                    enginePairs(approach).map { (a, b) ->
                        fun at(engine: String) = t("webflux", "presentations", engine, approach, u)
                        Triple("$a / $b $approach at $u", at(a), at(b))
                    }
                }
            }
        },
        scales(
            "000-5.2-mvc-blocking-32", S, "5.2", "Spring MVC's blocking engines scale up to 32 users (Presentations).",
            "${Pres.mvcBlocking.text} req/s, peak at 32", "mvc", "presentations", null, "blocking", 32,
        ),
        scales(
            "000-5.2-mvc-virtual-32", S, "5.2", "Spring MVC's engines on virtual threads scale up to 32 users (Presentations).",
            "${Pres.mvcVirtual.text} req/s, peak at 32", "mvc", "presentations", null, "virtual", 32,
        ),
        naming(
            compare(
                "000-5.2-mvc-virtual-above-blocking", S, "5.2",
                "On Spring MVC, virtual threads give a slightly higher peak throughput than blocking, at 32 users where the paper's " +
                    "peaks are (Presentations).",
                "${Pres.mvcVirtual.text} vs ${Pres.mvcBlocking.text} req/s", Kind.SIZE,
                "MVC virtual / blocking (engines' mean) at 32 users",
                agg("mvc", "presentations", "virtual", 32), agg("mvc", "presentations", "blocking", 32),
                Terms::slightlyHigher, Pres.mvcVirtual.rps / Pres.mvcBlocking.rps,
            ),
            agg("mvc", "presentations", "virtual", 32),
        ),
        naming(
            compareEach(
                "000-5.2-mvc-below-webflux",
                S,
                "5.2",
                "Spring MVC at its peak (virtual threads, 32 users) does not reach the reactive or the suspendable approach of WebFlux " +
                    "(HtmlFlow, 128 users), by about the paper's sizes: ${Terms.aboutText(MVC_SUSP)} of HtmlFlow suspending and " +
                    "${Terms.aboutText(MVC_RX)} of HtmlFlow reactive (Presentations).",
                "${Pres.mvcVirtual.text} vs ${Pres.htmlflowSusp.text} (suspendable) and ${Pres.htmlflowRx.text} (reactive) req/s",
                Kind.SIZE,
            ) { _ ->
                listOf(
                    Part(
                        "MVC virtual (mean) at 32 / WebFlux HtmlFlow suspending at 128, ${Terms.aboutText(MVC_SUSP)}:",
                        agg("mvc", "presentations", "virtual", 32),
                        t("webflux", "presentations", "htmlflow", "suspending"),
                    ) { Terms.about(it, MVC_SUSP) },
                    Part(
                        "MVC virtual (mean) at 32 / WebFlux HtmlFlow reactive at 128, ${Terms.aboutText(MVC_RX)}:",
                        agg("mvc", "presentations", "virtual", 32),
                        t("webflux", "presentations", "htmlflow", "reactive"),
                    ) { Terms.about(it, MVC_RX) },
                )
            },
            agg("mvc", "presentations", "virtual", 32),
        ),
        streaming(
            "000-5.2-mvc-does-not-stream",
            S,
            "5.2",
            "Spring MVC does not stream the tested templates (blocking and virtual, no flush).",
            "MVC: no PSSR for the tested templates",
            "mvc",
            listOf("blocking", "virtual"),
            streams = false,
        ),
        scales(
            "000-5.2-quarkus-blocking-64", S, "5.2", "Quarkus's blocking engines scale up to 64 users (Presentations).",
            "${Pres.quarkusBlocking.text} req/s, peak at 64", "quarkus", "presentations", null, "blocking", 64,
        ),
        scales(
            "000-5.2-quarkus-virtual-128", S, "5.2",
            "Quarkus's engines on virtual threads scale up to 128 users (Presentations).",
            "${Pres.quarkusVirtual.text} req/s at 128", "quarkus", "presentations", null, "virtual", TOP,
        ),
        naming(
            compare(
                "000-5.2-quarkus-virtual-above-blocking", S, "5.2",
                "On Quarkus, virtual threads peak higher than blocking, by about the paper's size (${Terms.aboutText(Q_VIRTUAL_BLOCKING)}" +
                    "): virtual at 128 users against blocking at its 64-user peak (Presentations).",
                "${Pres.quarkusVirtual.text} vs ${Pres.quarkusBlocking.text} req/s", Kind.SIZE,
                "Quarkus virtual (mean) at 128 / blocking (mean) at 64, ${Terms.aboutText(Q_VIRTUAL_BLOCKING)}:",
                agg("quarkus", "presentations", "virtual"),
                agg("quarkus", "presentations", "blocking", 64), { Terms.about(it, Q_VIRTUAL_BLOCKING) }, Q_VIRTUAL_BLOCKING,
            ),
            agg("quarkus", "presentations", "virtual"),
            agg("quarkus", "presentations", "blocking", 64),
        ),
        naming(
            compareEach(
                "000-5.2-quarkus-virtual-vs-webflux",
                S,
                "5.2",
                "Quarkus on virtual threads is comparable to both the suspendable and the reactive approach of WebFlux (HtmlFlow) at " +
                    "128 users (Presentations).",
                "${Pres.quarkusVirtual.text} vs ${Pres.htmlflowSusp.text} (suspendable) and ${Pres.htmlflowRx.text} (reactive) req/s",
                Kind.SIZE,
            ) { _ ->
                listOf("suspending", "reactive").map { a ->
                    Part(
                        "Quarkus virtual (mean) / WebFlux HtmlFlow $a",
                        agg("quarkus", "presentations", "virtual"),
                        t("webflux", "presentations", "htmlflow", a),
                        Terms::comparable,
                    )
                }
            },
            agg("quarkus", "presentations", "virtual"),
        ),
        ClaimKit.frameworks(
            "000-5.2-quarkus-sync-above-webflux", S, "5.2",
            "Quarkus handles the synchronous approaches (Blocking and Virtual, 5.2) more efficiently than Spring WebFlux: its " +
                "blocking engines reach higher throughput than WebFlux's at 64 users, Quarkus's blocking peak, and its engines on " +
                "virtual threads higher than WebFlux's at 128 users (Presentations).",
            "Quarkus blocking up to ${Pres.quarkusBlocking.text} req/s; WebFlux's blocking engines flat past 4 users",
            "presentations", "quarkus", "webflux", Terms::higher, "blocking" to 64, "virtual" to 128,
        ),
        naming(
            compareEach(
                "000-5.2-quarkus-htmlflow-rx-below",
                S,
                "5.2",
                "Quarkus's HtmlFlow reactive is below both its Blocking and its Virtual approach, by about the paper's sizes: " +
                    "blocking at " +
                    "its 64-user peak (${Terms.aboutText(Q_RX_BLOCKING)}) and virtual at 128 users (${Terms.aboutText(Q_RX_VIRTUAL)}) " +
                    "(Presentations).",
                "${Pres.quarkusHtmlflowRx.text} vs ${Pres.quarkusBlocking.text} (Blocking) and ${Pres.quarkusVirtual.text} " +
                    "(Virtual) req/s",
                Kind.SIZE,
            ) { _ ->
                listOf(
                    Part(
                        "Quarkus HtmlFlow reactive / blocking (mean) at 64 users, ${Terms.aboutText(Q_RX_BLOCKING)}:",
                        t("quarkus", "presentations", "htmlflow", "reactive", 64),
                        agg("quarkus", "presentations", "blocking", 64),
                    ) { Terms.about(it, Q_RX_BLOCKING) },
                    Part(
                        "Quarkus HtmlFlow reactive / virtual (mean) at 128 users, ${Terms.aboutText(Q_RX_VIRTUAL)}:",
                        t("quarkus", "presentations", "htmlflow", "reactive"),
                        agg("quarkus", "presentations", "virtual"),
                    ) { Terms.about(it, Q_RX_VIRTUAL) },
                )
            },
            agg("quarkus", "presentations", "blocking", 64),
            agg("quarkus", "presentations", "virtual"),
        ),
        scales(
            "000-5.2-quarkus-htmlflow-rx-32", S, "5.2", "Quarkus's HtmlFlow reactive stagnates after 32 users (Presentations).",
            "${Pres.quarkusHtmlflowRx.text} req/s, flat after 32", "quarkus", "presentations", "htmlflow", "reactive", 32,
        ),
        compare(
            "000-5.2-quarkus-rx-below-webflux", S, "5.2",
            "Quarkus's HtmlFlow reactive does not reach the same approach on WebFlux: below WebFlux's HtmlFlow reactive at 128 users, " +
                "by about the paper's size (${Terms.aboutText(Q_RX_WEBFLUX_RX)}; Presentations).",
            "${Pres.quarkusHtmlflowRx.text} vs ${Pres.htmlflowRx.text} req/s", Kind.SIZE,
            "Quarkus / WebFlux HtmlFlow reactive, ${Terms.aboutText(Q_RX_WEBFLUX_RX)}:",
            hf("quarkus", "presentations", "reactive"), hf("webflux", "presentations", "reactive"),
            { Terms.about(it, Q_RX_WEBFLUX_RX) }, Q_RX_WEBFLUX_RX,
        ),
    )
}
