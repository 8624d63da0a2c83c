
package pssr.bench.claims

import pssr.bench.stats.BASELINE
import pssr.views.Approach

/**
 * Seed 000, the main paper (PSSR with virtual threads on Spring WebFlux, Spring MVC and Quarkus; two CPU cores and two threads per core,
 * JDK 21,
 * JMeter): sections 5.1-5.4, the discussion (6) and the conclusions (7). Its absolute req/s are another machine's; they are quoted, and
 * what is
 * judged is where scaling stops and how routes compare within our run.
 */
object Seed000 {
    val claims: List<Claim> =
        Seed000Presentations.claims + Seed000Stocks.claims + Seed000StocksFrameworks.claims + Seed000Resources.claims +
            Seed000Drivers.claims + Seed000Scaling.claims
}

/** The routes seed 000's claims name: its top level is 128 users; an aggregate (engine null) is over the engines a route serves. */
internal object Seed000Kit {
    const val S = "000"
    const val TOP = 128

    fun t(fw: String, model: String, engine: String, approach: String, users: Int = TOP) = Route(fw, model, engine, approach, users)

    fun agg(fw: String, model: String, approach: String, users: Int = TOP) = Route(fw, model, null, approach, users)

    /** The engines MVC and Quarkus serve in `reproduce` (ReproducePlan.PAGES): an aggregate compared across frameworks is over these on
     * both sides. */
    val SHARED = listOf("htmlflow", "jstachio")

    fun hf(fw: String, model: String, approach: String, users: Int = TOP) = t(fw, model, "htmlflow", approach, users)

    /**
     * Every WebFlux route (engine to approach, the baseline left out) measured at [TOP] users in both models: "all engines";
     * without [pooled], not the approaches on a bounded pool, whose Stocks / Presentations ratio at a level the pool holds is
     * the ratio of items per page (each request holds a thread for items x delay: 10 against 20), not the engines' work.
     */
    fun inBothModels(e: Evidence, pooled: Boolean = true): List<Pair<String, String>> {
        fun measured(model: String) = e.levels.filter { it.framework == "webflux" && it.model == model && it.users == TOP }
            .filter { it.engine != BASELINE && (pooled || Approach.byId(it.approach)?.pooled != true) }.map { it.engine to it.approach }
        val stocks = measured("stocks").toSet()
        return measured("presentations").distinct().filter { it in stocks }
    }
}
