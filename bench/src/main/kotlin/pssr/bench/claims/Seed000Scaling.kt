package pssr.bench.claims

import pssr.bench.claims.Seed000Kit.S
import pssr.bench.claims.Seed000Kit.agg
import pssr.bench.claims.Seed000Kit.hf

/**
 * Seed 000 5.2's sentences on scalability that also compare throughput (judged in [Seed000Presentations]): their scalability half,
 * a route's throughput gain from the level where the paper says it stagnates to 128 users, over the gain of the route it is
 * compared with (Presentations). Both gains are read in one run, so their ratio is judged like any ratio (docs/CLAIMS.md).
 */
object Seed000Scaling {
    /** The gain from [from] to 128 users of [r] (read at 128), as an estimate: T(128) / T([from]). */
    private fun gain(e: Evidence, r: Route, from: Int): Estimate = r.estimate(e) / r.copy(users = from).estimate(e)

    /**
     * [text]'s parts: each (what, a route, the route it is compared with), the first's gain over the second's judged by [term]
     * ([Terms.lower] where the first stagnates, [Terms.comparable] where both scale alike).
     */
    private fun scales(
        id: String,
        text: String,
        paper: String,
        from: Int,
        parts: List<Triple<String, Route, Route>>,
        term: (Estimate) -> Verdict = Terms::lower,
    ) = Claim(id, S, "5.2", text, paper, Kind.SHAPE, ClaimKit.REPRODUCE) { e ->
        val judged = parts.map { (what, a, b) ->
            val r = gain(e, a, from) / gain(e, b, from)
            Triple(what, r, Readings.labelled(what) { term(r) })
        }
        Judgement(
            Terms.all(
                *judged.map {
                    it.third
                }.toTypedArray(),
            ),
            judged.joinToString("; ") { (w, r, v) -> "$w ${r.text("x")} ${v.word}" },
        )
    }

    val claims: List<Claim> = listOf(
        // "does not achieve the same level of performance or scalability as the same approach in Spring WebFlux, stagnating after 32"
        scales(
            "000-5.2-quarkus-rx-scales-less-than-webflux",
            "Quarkus's HtmlFlow reactive does not scale as the same approach on WebFlux does (\"does not achieve the same level of " +
                "performance or scalability as the same approach in Spring WebFlux, stagnating after 32 concurrent users\"): its " +
                "throughput gain from 32 to 128 users, over WebFlux HtmlFlow reactive's, lower (under ${Terms.COMPARABLE.start}; " +
                "Presentations).",
            "Quarkus HtmlFlow-Rx flat after 32 users, WebFlux's scaling to 128",
            32,
            listOf(
                Triple(
                    "T(128)/T(32) Quarkus / WebFlux HtmlFlow reactive",
                    hf("quarkus", "presentations", "reactive"),
                    hf("webflux", "presentations", "reactive"),
                ),
            ),
        ),
        // "while Spring MVC can handle a moderate level of concurrency, it does not reach the scalability of the reactive or
        // suspendable approaches": MVC's peak is at 32 users (both approaches "scale effectively up to 32")
        scales(
            "000-5.2-mvc-scales-less-than-webflux",
            "Spring MVC does not reach the scalability of WebFlux's reactive and suspendable approaches (\"it does not reach the " +
                "scalability of the reactive or suspendable approaches\"): MVC virtual's throughput gain from 32 to 128 users (the " +
                "engines' mean), over WebFlux HtmlFlow suspending's and over its reactive's, lower (under ${Terms.COMPARABLE.start}; " +
                "Presentations).",
            "MVC scales up to 32 users, WebFlux's reactive and suspendable approaches to 128",
            32,
            listOf("suspending", "reactive").map { a ->
                Triple(
                    "T(128)/T(32) MVC virtual (mean) / WebFlux HtmlFlow $a",
                    agg("mvc", "presentations", "virtual"),
                    hf("webflux", "presentations", a),
                )
            },
        ),
        // "comparable to the Suspendable and Reactive approaches used in Spring WebFlux in terms of scalability and throughput"
        // (the throughput half is 000-5.2-quarkus-virtual-vs-webflux); Quarkus virtual "allowing scalability up to 128 users"
        scales(
            "000-5.2-quarkus-virtual-scales-like-webflux",
            "Quarkus on virtual threads scales as WebFlux's suspendable and reactive approaches do (\"comparable ... in terms of " +
                "scalability\"): Quarkus virtual's throughput gain from 32 to 128 users (the engines' mean), over WebFlux HtmlFlow " +
                "suspending's and over its reactive's, comparable (within ${Terms.COMPARABLE.start}..${Terms.COMPARABLE.endInclusive}; " +
                "Presentations).",
            "Quarkus virtual scales up to 128 users, as WebFlux's suspendable and reactive approaches",
            32,
            listOf("suspending", "reactive").map { a ->
                Triple(
                    "T(128)/T(32) Quarkus virtual (mean) / WebFlux HtmlFlow $a",
                    agg("quarkus", "presentations", "virtual"),
                    hf("webflux", "presentations", a),
                )
            },
            Terms::comparable,
        ),
    )
}
