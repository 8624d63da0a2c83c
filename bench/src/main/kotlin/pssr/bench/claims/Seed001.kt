package pssr.bench.claims

import pssr.bench.claims.ClaimKit.compare
import pssr.bench.claims.ClaimKit.compareAll
import pssr.bench.claims.ClaimKit.naming
import pssr.bench.claims.ClaimKit.scales
import pssr.bench.console.Fmt

/** Seed 001, the earlier draft of the benchmark (a 6-core machine, JMeter; WebFlux, MVC, Quarkus; 5.1 Presentations, 5.2 Stocks): its
 * figures' shapes. */
object Seed001 {
    private const val S = "001"
    private fun t(engine: String, approach: String) = Route("webflux", "presentations", engine, approach, 128)
    private fun agg(fw: String, model: String, approach: String) = Route(fw, model, null, approach, 128)

    /** MVC virtual's ~9,000 against WebFlux HtmlFlow's ~11,000 req/s ("slightly lower"), judged by [Terms.slightlyLower]. */
    private const val MVC_WEBFLUX = 9000.0 / 11000

    val claims: List<Claim> = listOf(
        scales(
            "001-blocking-16", S, "5.1",
            "Blocking engines on a separate dispatcher stop scaling beyond 16 users (WebFlux, Presentations; a 6-core machine).",
            "flat past 16 users",
            "webflux", "presentations", null, "blocking", 16,
        ),
        compare(
            "001-jstachio-virtual-matches-htmlflow", S, "5.1",
            "JStachio on virtual threads matches HtmlFlow at 128 users (both about 11,000 req/s on 6 cores).",
            "~11,000 vs ~11,000 req/s", Kind.SIZE, "JStachio virtual / HtmlFlow suspending", t("jstachio", "virtual"),
            t("htmlflow", "suspending"),
            Terms::comparable, 1.0,
        ),
        compare(
            "001-thymeleaf-about-077", S, "5.1",
            "Thymeleaf reactive reaches about 0.77x HtmlFlow's throughput at 128 users (8,500 vs 11,000 req/s): " +
                "${Terms.aboutText(8500.0 / 11000)}, the band clipped where it would reach into \"comparable\".",
            "~8,500 vs ~11,000 req/s", Kind.SIZE,
            "Thymeleaf reactive / HtmlFlow suspending, ${Terms.aboutText(8500.0 / 11000)}:",
            t("thymeleaf", "reactive"), t("htmlflow", "suspending"),
            { r -> Terms.about(r, 8500.0 / 11000) }, 8500.0 / 11000,
        ),
        scales(
            "001-thymeleaf-128", S, "5.1", "Thymeleaf reactive scales up to 128 users, less effectively than HtmlFlow.",
            "scales to 128 users", "webflux", "presentations", "thymeleaf", "reactive", 128,
        ),
        scales(
            "001-5.1-htmlflow-susp-128", S, "5.1",
            "\"The non-blocking engines scale effectively up to 128 concurrent users, with HtmlFlow achieving approximately " +
                "11,000\": HtmlFlow suspending scales up to 128 users (WebFlux, Presentations; Thymeleaf's is 001-thymeleaf-128).",
            "~11,000 req/s, scales to 128", "webflux", "presentations", "htmlflow", "suspending", 128,
        ),
        // 5.1 Spring MVC and Quarkus (Presentations)
        scales(
            "001-5.1-mvc-blocking-128", S, "5.1", "Spring MVC's blocking engines scale up to 128 users (Presentations).",
            "both approaches scale up to 128",
            "mvc", "presentations", null, "blocking", 128,
        ),
        scales(
            "001-5.1-mvc-virtual-128", S, "5.1", "Spring MVC's engines on virtual threads scale up to 128 users (Presentations).",
            "both approaches scale up to 128",
            "mvc", "presentations", null, "virtual", 128,
        ),
        naming(
            compare(
                "001-5.1-mvc-virtual-slightly-higher", S, "5.1",
                "On Spring MVC, virtual threads give slightly higher throughput than blocking at 128 users.",
                "virtual ~9,000 req/s, slightly higher", Kind.SIZE,
                "MVC virtual / blocking (engines' mean)",
                agg("mvc", "presentations", "virtual"),
                agg("mvc", "presentations", "blocking"), Terms::slightlyHigher,
            ),
            agg("mvc", "presentations", "virtual"),
        ),
        naming(
            compareEach(
                "001-5.1-mvc-below-webflux",
                S,
                "5.1",
                "Spring MVC's values (blocking and virtual) are \"slightly lower\" than WebFlux's (HtmlFlow suspending) at 128 users: " +
                    "virtual slightly lower, within [${Fmt.fixed(1 / Terms.SLIGHTLY, 2)}, ${Terms.COMPARABLE.start}) (the mirror of " +
                    "slightly higher; the paper's ~9,000 vs ~11,000 is ${Fmt.fixed(MVC_WEBFLUX, 2)}x), blocking, for which it gives no " +
                    "figure, lower (Presentations).",
                "~9,000 vs ~11,000 req/s",
                Kind.SIZE,
            ) { _ ->
                listOf(
                    Part(
                        "MVC virtual (mean) / WebFlux HtmlFlow suspending, slightly lower:",
                        agg("mvc", "presentations", "virtual"),
                        t("htmlflow", "suspending"),
                        Terms::slightlyLower,
                    ),
                    Part(
                        "MVC blocking (mean) / WebFlux HtmlFlow suspending, lower:",
                        agg("mvc", "presentations", "blocking"),
                        t("htmlflow", "suspending"),
                        Terms::lower,
                    ),
                )
            },
            agg("mvc", "presentations", "virtual"),
            agg("mvc", "presentations", "blocking"),
        ),
        scales(
            "001-5.1-quarkus-blocking-128", S, "5.1", "Quarkus's blocking engines scale up to 128 users (Presentations).",
            "~10,000 req/s at 128",
            "quarkus", "presentations", null, "blocking", 128,
        ),
        naming(
            compare(
                "001-5.1-quarkus-virtual-similar", S, "5.1",
                "On Quarkus, virtual threads and blocking deliver similar throughput at 128 users (Presentations).",
                "virtual slightly higher, not significant", Kind.SIZE,
                "Quarkus virtual / blocking (engines' mean)",
                agg("quarkus", "presentations", "virtual"),
                agg("quarkus", "presentations", "blocking"), Terms::comparable,
            ),
            agg("quarkus", "presentations", "virtual"),
        ),
        ClaimKit.frameworks(
            "001-5.1-quarkus-blocking-above-webflux", S, "5.1",
            "Quarkus handles blocking approaches more effectively than Spring WebFlux: its blocking engines reach higher " +
                "throughput than WebFlux's at 128 users (Presentations).",
            "Quarkus blocking ~10,000 req/s at 128; WebFlux's Sync flat past 16 users",
            "presentations", "quarkus", "webflux", Terms::higher, "blocking" to 128,
        ),
        scales(
            "001-5.1-virtual-128", S, "5.1",
            "On WebFlux, the engines on virtual threads scale up to 128 users (Virtual line, Presentations; a 6-core machine).",
            "Virtual engines scale up to 128", "webflux", "presentations", null, "virtual", 128,
        ),
        // 5.2 Stocks: "the scalability of the engines remains largely unaffected"
        scales(
            "001-5.2-blocking-16", S, "5.2",
            "Blocking engines on a separate dispatcher stop scaling beyond 16 users with Stocks too (WebFlux).",
            "flat past 16 users, as in Presentations", "webflux", "stocks", null, "blocking", 16,
        ),
        scales(
            "001-5.2-thymeleaf-128", S, "5.2", "Thymeleaf reactive scales up to 128 users with Stocks too.",
            "~5,000 req/s; scales to 128", "webflux", "stocks", "thymeleaf", "reactive", 128,
        ),
        scales(
            "001-5.2-mvc-blocking-128", S, "5.2", "Spring MVC's blocking engines scale up to 128 users (Stocks).",
            "both approaches scale up to 128", "mvc", "stocks", null, "blocking", 128,
        ),
        scales(
            "001-5.2-mvc-virtual-128", S, "5.2", "Spring MVC's engines on virtual threads scale up to 128 users (Stocks).",
            "both approaches scale up to 128", "mvc", "stocks", null, "virtual", 128,
        ),
        scales(
            "001-5.2-quarkus-blocking-128", S, "5.2",
            "\"The Quarkus implementation scales effectively up to 128 concurrent " +
                "users\": its blocking engines scale up to 128 users (Stocks).",
            "blocking ~6,000 req/s, scales to 128", "quarkus", "stocks", null, "blocking", 128,
        ),
        scales(
            "001-5.2-quarkus-virtual-128", S, "5.2",
            "\"The Quarkus implementation scales effectively up to 128 concurrent " +
                "users\": its engines on virtual threads scale up to 128 users (Stocks).",
            "virtual similar to blocking, scales to 128", "quarkus", "stocks", null, "virtual", 128,
        ),
        compareAll(
            "001-5.2-stocks-half",
            S,
            "5.2",
            "\"Throughput is reduced by approximately 50 percent across all engines\": every WebFlux route measured in both models " +
                "is ${Terms.aboutText(0.5)} in Stocks against Presentations at 128 users (the blocking routes left out: on their " +
                "bounded pool the ratio is the pages' items, 10 against 20, so about 0.5 by construction).",
            "HtmlFlow ~6,000 vs ~11,000, Thymeleaf ~5,000 vs ~8,500 req/s",
            Kind.SIZE,
            { r -> Terms.about(r, 0.5) },
        ) { e ->
            Seed000Kit.inBothModels(e, pooled = false).map { (en, a) ->
                Triple("$en $a Stocks / Presentations", Route("webflux", "stocks", en, a, 128), t(en, a))
            }
        },
        naming(
            compare(
                "001-5.2-mvc-no-change-virtual", S, "5.2",
                "On Spring MVC, virtual threads bring no significant change over blocking at 128 users (Stocks).",
                "blocking ~5,500 req/s, no significant change", Kind.SIZE,
                "MVC virtual / blocking (engines' mean)",
                agg("mvc", "stocks", "virtual"),
                agg("mvc", "stocks", "blocking"), Terms::comparable,
            ),
            agg("mvc", "stocks", "virtual"),
        ),
        naming(
            compare(
                "001-5.2-quarkus-comparable-webflux", S, "5.2",
                "Quarkus's blocking engines are comparable to WebFlux's HtmlFlow suspending at 128 users (Stocks).",
                "~6,000 vs ~6,000 req/s", Kind.SIZE,
                "Quarkus blocking (mean) / WebFlux HtmlFlow suspending",
                agg("quarkus", "stocks", "blocking"),
                Route("webflux", "stocks", "htmlflow", "suspending", 128), Terms::comparable, 1.0,
            ),
            agg("quarkus", "stocks", "blocking"),
        ),
        naming(
            compare(
                "001-5.2-quarkus-virtual-similar", S, "5.2",
                "On Quarkus, virtual and platform threads achieve similar throughput at 128 users (Stocks).",
                "no significant difference", Kind.SIZE, "Quarkus virtual / blocking (engines' mean)", agg("quarkus", "stocks", "virtual"),
                agg("quarkus", "stocks", "blocking"), Terms::comparable,
            ),
            agg("quarkus", "stocks", "virtual"),
        ),
    )
}
