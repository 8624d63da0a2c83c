package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.resultRow
import pssr.bench.results.ResultRow
import pssr.bench.stats.RouteLevel

/**
 * A comparison read where a side sat at its latency floor (users / (items x item delay)) is no verdict on the stacks
 * (docs/CLAIMS.md, "Floor-bound"): it reads "floor-bound at N users" with its figures; read where both sides are below
 * the floor, it is judged as before.
 */
class FloorBoundTest {
    // 32 users, 10 items 1 ms apart: the floor is 3,200 req/s; 0.80 of it (2,560) and more is the floor's
    private fun rows(engine: String, rps: Double, users: Int = 32, coresBusy: Double = 0.6): List<ResultRow> = (1..3).map {
        resultRow("webflux", engine = engine, users = users, repetition = it, throughput = rps + it, coresBusy = coresBusy)
    }

    private fun evidence(rs: List<ResultRow>) = Evidence(RouteLevel.of(rs), emptyList(), rs, emptyList())

    private val faster = ClaimKit.compare(
        "test-htmlflow-faster", "000", "5.2", "HtmlFlow is faster than JStachio", "-", Kind.SIZE, "HtmlFlow / JStachio",
        Route("webflux", "presentations", "htmlflow", "virtual", 32), Route("webflux", "presentations", "jstachio", "virtual", 32),
        Terms::higher,
    )

    @Test
    fun `a comparison where a side is at its floor reads floor-bound at its users, with the verdict it would have had`() {
        val j = faster.judged(evidence(rows("htmlflow", 2_900.0) + rows("jstachio", 2_000.0)))
        assertEquals(Verdict.FLOOR_BOUND, j.verdict, j.ours)
        assertTrue(j.ours.startsWith("floor-bound at 32 users (webflux/htmlflow/virtual"), j.ours)
        assertTrue(j.ours.contains("it would have read holds: HtmlFlow / JStachio 1.45x"), j.ours)
    }

    @Test
    fun `the same comparison with both sides below the floor is judged`() {
        val j = faster.judged(evidence(rows("htmlflow", 2_400.0) + rows("jstachio", 2_000.0)))
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
    }

    @Test
    fun `at the floor with the cores busy (the knee) the stacks' cost shows, so it is judged`() {
        val j = faster.judged(evidence(rows("htmlflow", 2_900.0, coresBusy = 0.95) + rows("jstachio", 2_000.0, coresBusy = 0.95)))
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
    }

    @Test
    fun `an inconclusive comparison stays inconclusive, only a decided verdict is read for its regime`() {
        val noisy = listOf(1_700.0, 2_700.0, 2_200.0).mapIndexed { i, rps ->
            resultRow("webflux", engine = "jstachio", users = 32, repetition = i + 1, throughput = rps, coresBusy = 0.6)
        }
        val j = faster.judged(evidence(rows("htmlflow", 2_900.0) + noisy))
        assertEquals(Verdict.INCONCLUSIVE, j.verdict, j.ours)
    }

    @Test
    fun `a comparison at its floor is judged at the lowest level above where no side is at its floor, and says so`() {
        val j = faster.judged(
            evidence(
                rows("htmlflow", 2_900.0) + rows("jstachio", 2_000.0) +
                    rows("htmlflow", 5_500.0, users = 64) + rows("jstachio", 4_000.0, users = 64) +
                    rows("htmlflow", 6_000.0, users = 128, coresBusy = 0.95) + rows("jstachio", 6_600.0, users = 128, coresBusy = 0.95),
            ),
        )
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
        assertTrue(j.ours.startsWith("read at 128 users, the lowest measured level off the floor (floor-bound at 32 users"), j.ours)
        assertTrue(j.ours.contains("HtmlFlow / JStachio 0.91x"), j.ours)
    }

    @Test
    fun `a comparison no measured level lifts off the floor stays floor-bound, and says so`() {
        val j = faster.judged(evidence(rows("htmlflow", 2_900.0) + rows("jstachio", 2_000.0) + rows("htmlflow", 5_500.0, users = 64)))
        assertEquals(Verdict.FLOOR_BOUND, j.verdict, j.ours)
        assertTrue(j.ours.contains("no measured level above is off it"), j.ours)
    }

    @Test
    fun `a scaling claim is floor-bound when its top level is at the floor`() {
        val scales = ClaimKit.scales(
            "test-scales", "000", "5.2", "HtmlFlow scales to 32", "-", "webflux", "presentations", "htmlflow", "virtual", 32,
        )
        val j = scales.judged(evidence(rows("htmlflow", 1_500.0, users = 16) + rows("htmlflow", 2_900.0)))
        assertEquals(Verdict.FLOOR_BOUND, j.verdict, j.ours)
    }

    @Test
    fun `a scaling claim refuted by its route growing past the level at the floor's pace is refuted, and says the floor`() {
        val scales = ClaimKit.scales(
            "test-stops", "000", "5.2", "HtmlFlow stops scaling past 16", "-", "webflux", "presentations", "htmlflow", "virtual", 16,
        )
        // every level at its floor (8: 800 req/s, 16: 1,600, 32: 3,200): a stack that stopped at 16 could not keep pace at 32
        val rs = rows("htmlflow", 700.0, users = 8) + rows("htmlflow", 1_500.0, users = 16) + rows("htmlflow", 2_900.0)
        val j = scales.judged(evidence(rs))
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
        assertTrue(j.ours.contains("T(32)/T(16) 1.9"), j.ours)
        assertTrue(j.ours.endsWith("at its latency floor at 16 users and growing past it: the stack had room there"), j.ours)
    }
}
