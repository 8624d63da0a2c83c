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
    val claims: List<Claim> = listOf(
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
            "Engines on virtual threads on WebFlux scale up to 64 users (JStachio-Virtual, Presentations).",
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
                    "peaks are (Presentations).",
                "${Pres.mvcVirtual.text} vs ${Pres.mvcBlocking.text} req/s", Kind.SIZE,
                "MVC virtual / blocking (engines' mean) at 32 users",
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
            "Spring MVC does not stream the tested templates (blocking and virtual, no flush).",
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
                "Quarkus's engines on virtual threads scale up to 128 users (Presentations).",
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
                agg("quarkus", "presentations", "virtual"),
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
    )
}
