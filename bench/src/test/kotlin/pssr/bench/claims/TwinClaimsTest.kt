package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.resultRow
import pssr.bench.results.ResultRow
import pssr.bench.stats.RouteLevel

/**
 * Twin claims: the draft's (seed 001) and the paper's (seed 000) sentence about the same routes, each naming its own level.
 * Where a named level sits on the latency floor the comparison is judged at the lowest level above that is off it
 * ([Claim.offFloor]), so twins read the same rows there and print the same measured ratio.
 */
class TwinClaimsTest {
    /** 32 and 64 users at their floor (0.9 of users / 10 ms, cores 0.6), 128 CPU-bound (0.5 of it, cores 0.95). */
    private val evidence: Evidence = run {
        val rows = ArrayList<ResultRow>()
        for (fw in listOf("webflux", "mvc", "quarkus")) {
            for (model in listOf("presentations", "stocks")) {
                for (engine in listOf("htmlflow", "jstachio", "thymeleaf")) {
                    for (approach in listOf("blocking", "virtual", "suspending", "reactive")) {
                        // each route its own cost at 128 users, so every ratio there is a figure of its own
                        val cost = 1.0 + (fw.length * 7 + engine.length * 3 + approach.length) % 11 / 40.0
                        for (users in listOf(32, 64, 128)) {
                            for (rep in 1..3) {
                                val floor = users / 0.01
                                val (rps, busy) = if (users < 128) floor * 0.9 to 0.6 else floor * 0.5 / cost to 0.95
                                rows += resultRow(fw, model, engine, approach, users, rep, rps * (1 + rep * 0.002)).copy(coresBusy = busy)
                            }
                        }
                    }
                }
            }
        }
        Evidence(RouteLevel.of(rows), emptyList(), rows, emptyList())
    }

    private fun judged(id: String) = Claims.all.single { it.id == id }.judged(evidence)

    /** The measured ratios a judgement prints ("1.02x"), not the paper's sizes it tests them against ("about 0.62x"). */
    private fun ratios(j: Judgement) = Regex("(?<!about )\\b(\\d+\\.\\d+)x").findAll(j.ours).map { it.value }.toSet()

    @Test
    fun `where both name the level off the floor, twins with the same words give the same verdict`() {
        assertEquals(judged("001-5.2-mvc-no-change-virtual").verdict, judged("000-5.3-mvc-no-gain-from-virtual").verdict)
    }

    @Test
    fun `twins read the same rows at 128 users, where both are off the floor, and print the same ratio`() {
        for ((paper, draft) in TWINS) {
            val a = judged(paper)
            val b = judged(draft)
            assertTrue(a.verdict != Verdict.FLOOR_BOUND && b.verdict != Verdict.FLOOR_BOUND, "${a.ours} / ${b.ours}")
            assertTrue((ratios(a) intersect ratios(b)).isNotEmpty(), "$paper: ${a.ours}\n$draft: ${b.ours}")
        }
    }

    companion object {
        /** The paper's claim and the draft's about the same comparison. */
        val TWINS = listOf(
            "000-5.3-mvc-no-gain-from-virtual" to "001-5.2-mvc-no-change-virtual",
            "000-5.2-mvc-virtual-above-blocking" to "001-5.1-mvc-virtual-slightly-higher",
            "000-5.2-mvc-below-webflux" to "001-5.1-mvc-below-webflux",
            "000-5.2-quarkus-sync-above-webflux" to "001-5.1-quarkus-blocking-above-webflux",
        )
    }
}
