package pssr.bench.paper

/**
 * Throughput the seed paper reports (seeds/000, section 5; ../shared/BRIEF.md "Figures to compare against"): the one table
 * the report draws beside our numbers and the claims of claims/Seed000 quote and judge against, measured on a GitHub-hosted
 * runner (AMD EPYC 7763 "configured with two CPU cores and two threads per core", its §5.1), OpenJDK 21, JMeter,
 * `-Xms512m -Xmx16g`, 256 requests per user. Shown beside our numbers as a reference only: other hardware, other JDK, other
 * source scheduler — compare shapes and ratios, not absolute values.
 *
 * [engine] null means the paper's aggregate: the mean over the blocking-capable engines run with [approach].
 * [users] is the level the paper names for that value (its peak); null when it gives the peak without the level.
 */
object PaperFigures {
    const val LABEL = "paper, two CPU cores and two threads per core, other hardware"

    data class Figure(
        val framework: String,
        val model: String,
        val engine: String?,
        val approach: String,
        val rps: Double,
        val users: Int?,
    ) {
        val series: String get() = engine?.let { "$it/$approach" } ?: "${approach.replaceFirstChar { it.uppercase() }} (mean)"
    }

    /** The three routes the paper plots separately on its WebFlux figures; the others are aggregated per approach. */
    val separatedRoutes = listOf("htmlflow" to "suspending", "jstachio" to "virtual", "thymeleaf" to "reactive")

    /** The approaches the paper aggregates (mean over engines): Blocking and Virtual. */
    val aggregatedApproaches = listOf("blocking", "virtual")

    val all = listOf(
        // Presentations (figures 2-4)
        Figure("webflux", "presentations", "htmlflow", "suspending", 4487.0, 128),
        Figure("webflux", "presentations", "jstachio", "virtual", 3514.0, 64),
        Figure("webflux", "presentations", "thymeleaf", "reactive", 2559.0, 32),
        Figure("webflux", "presentations", "htmlflow", "virtual", 4691.0, null),
        Figure("webflux", "presentations", "htmlflow", "reactive", 4792.0, null),
        Figure("mvc", "presentations", null, "virtual", 2797.0, 32),
        Figure("mvc", "presentations", null, "blocking", 2498.0, 32),
        Figure("quarkus", "presentations", null, "blocking", 3744.0, 64),
        Figure("quarkus", "presentations", null, "virtual", 4856.0, 128),
        Figure("quarkus", "presentations", "htmlflow", "reactive", 3088.0, null),
        // Stocks (figures 5-7)
        Figure("webflux", "stocks", "jstachio", "virtual", 1509.0, null),
        Figure("webflux", "stocks", "thymeleaf", "reactive", 1750.0, null),
        Figure("webflux", "stocks", "htmlflow", "virtual", 3090.0, null),
        Figure("webflux", "stocks", "htmlflow", "reactive", 3026.0, null),
        Figure("mvc", "stocks", null, "blocking", 1916.0, 64),
        Figure("quarkus", "stocks", null, "blocking", 3019.0, 128),
        Figure("quarkus", "stocks", null, "virtual", 3357.0, 128),
        Figure("quarkus", "stocks", "htmlflow", "reactive", 1760.0, null),
    )

    fun of(framework: String, model: String) = all.filter { it.framework == framework && it.model == model }

    /** The paper's figure for one route ([engine] null: the approach's mean over engines); a figure not in the table is a bug. */
    fun of(framework: String, model: String, engine: String?, approach: String): Figure =
        all.single { it.framework == framework && it.model == model && it.engine == engine && it.approach == approach }
}
