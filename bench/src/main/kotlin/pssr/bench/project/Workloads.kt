package pssr.bench.project

import pssr.bench.console.UsageError

/**
 * The workload axis: what a run loads. `pages` is the PSSR matrix (models x engines x approaches); the others
 * are APIs from the seed papers. A workload is a name and a line of description; its report section is in
 * report's WorkloadSections. Adding one adds an entry here, one there and its own package, not a branch in every command.
 */
class Workload(val name: String, val description: String)

object Workloads {
    const val PAGES = "pages"
    const val STUDENTS = "students"
    const val PRODUCTS = "products"
    const val FORWARD = "forward"

    val all = listOf(
        Workload(PAGES, "PSSR pages: models x engines x approaches x frameworks, wrk by default"),
        Workload(STUDENTS, "seed 003: GET /api/students from PostgreSQL, platform vs virtual threads, JDBC vs R2DBC, JMeter with ramp-up"),
        Workload(
            PRODUCTS,
            "seed 004: GET /api/products, H2 + enrichment (compute-bound), Spring MVC (@Async executor, virtual threads) vs WebFlux " +
                "(boundedElastic, event loop), JMeter",
        ),
        Workload(
            FORWARD,
            "seed 004: GET /api/forward, POST to a downstream service (network-bound), RestClient (pooled) vs WebClient, JMeter",
        ),
    )
    val names get() = all.map { it.name }

    /** `--workloads a,b`: known names, each once, in the order given; anything else is a [UsageError]. */
    fun parse(list: List<String>): List<Workload> {
        if (list.isEmpty()) throw UsageError("--workloads needs at least one of: ${names.joinToString(", ")}")
        return list.map { n ->
            all.firstOrNull { it.name == n }
                ?: throw UsageError("unknown workload '$n'; valid workloads: ${names.joinToString(", ")}")
        }.distinct()
    }
}
