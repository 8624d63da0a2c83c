package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.claims.ClaimKit
import pssr.bench.measure.Windows
import pssr.bench.setup.Setups
import pssr.servers.RouteKey
import java.time.Duration

/** The pages phases measure the routes and levels the claims read (`run --claims-only`), found by tracing each judgement. */
class ClaimLevelsTest {
    private val levels = ReproducePlan.claimLevels

    @Test
    fun `a scaling claim reads the levels next to its own, not the whole series`() {
        // 000-5.2-htmlflow-susp-128: HtmlFlow suspending scales up to 128 users, judged on T(128)/T(64) (no level above)
        val reads = levels.byClaim.getValue("000-5.2-htmlflow-susp-128").map { it.second }.toSet()
        assertEquals(setOf(64, 128), reads)
    }

    @Test
    fun `an aggregate line reads each of its approach's engines`() {
        val reads = levels.byClaim.getValue("000-5.2-webflux-blocking-4").map { it.first.engine }.toSet()
        assertEquals(ClaimKit.aggregated("webflux")!!.toSet(), reads)
    }

    @Test
    fun `a paper's phase measures a route only at the levels the claims judged on its rows read`() {
        val route = RouteKey("webflux", "presentations", "htmlflow", "blocking")
        // 000-5.2-webflux-blocking-4 reads it at 2, 4 and 8 users; seed 001's claims are judged on paper-001's rows, not at 2 or 4
        val draft = ReproducePlan.claimLevels(Setups.PAPER_001).byRoute.getValue(route)
        assertTrue(2 in levels.byRoute.getValue(route) && 2 !in draft && 8 in draft, "tool's ${levels.byRoute[route]}, paper-001's $draft")
        // paper-000's rows judge seeds 000 and 002, and seed 001's routes paper-001 does not run: every level of the tool's
        // (the tool's own pages go on to 256 users for the comparisons; the papers' stop at 128, as they did)
        val below = levels.byRoute.mapValues { (_, at) -> at.filter { it <= ClaimKit.PAPERS_TOP_USERS }.toSortedSet() }
        assertEquals(below, ReproducePlan.claimLevels(Setups.PAPER_000).byRoute)
    }

    @Test
    fun `every route a pages phase measures is read by some claim at every level it is measured at`() {
        val phase = ReproducePhases.pagesPhase(ReproducePlan.PAGES.first(), ReproducePlan.MIN_REPEAT, 1)
        assertTrue("--claims-only" in phase.args, "${phase.args}")
        for ((route, at) in levels.byRoute) {
            assertTrue(at.isNotEmpty() && at.all { it in ReproducePlan.TOOL_LEVELS }, "$route $at")
            assertTrue(levels.byClaim.values.any { reads -> reads.any { it.first == route } }, "$route")
        }
    }

    @Test
    fun `a route no claim reads is not measured, and a read route only at its levels`() {
        val plan = RunPlan(
            listOf(2, 4, 8, 16, 32, 64, 128),
            Duration.ZERO,
            Windows(
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
            ),
            3,
            1,
            Duration.ofSeconds(10),
            only = levels.byRoute,
        )
        assertEquals(emptyList<Int>(), plan.levelsOf(RouteKey("webflux", "stocks", "baseline", "virtual")))
        assertEquals(listOf(32, 64, 128), plan.levelsOf(RouteKey("webflux", "presentations", "htmlflow", "reactive")))
    }

    @Test
    fun `a comparison read at 128 users is measured at 256 too, where its routes may be off their floor, and no scaling claim reads 256`() {
        // 000-5.3-htmlflow-three-similar compares WebFlux's Stocks approaches at 128, where run M had them at 0.78-0.82 of the floor
        val reads = levels.byClaim.getValue("000-5.3-htmlflow-three-similar").map { it.second }.toSet()
        assertEquals(setOf(128, ReproducePlan.ABOVE_TOP), reads)
        // "scales up to 128" is the papers' series, which stops at 128: the step past it is not read from the tool's 256
        assertEquals(setOf(64, 128), levels.byClaim.getValue("000-5.3-htmlflow-susp-128").map { it.second }.toSet())
    }
}
