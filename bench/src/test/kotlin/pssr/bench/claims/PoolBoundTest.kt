package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.measure.Regime
import pssr.bench.resultRow
import pssr.bench.results.ResultRow
import pssr.bench.stats.RouteLevel

/**
 * A comparison read where a side's bounded pool held its level (more users than threads, every thread busy, the cores not) is
 * no verdict on the stacks (docs/CLAIMS.md, "Pool-bound"): judged at the highest level below where no side is pool- or
 * floor-bound, or "pool-bound" with its figures; a claim about that pool is judged where it is.
 */
class PoolBoundTest {
    // 10 items 1 ms apart on 4 threads: the pool delivers at most 400 req/s at any level past 4 users
    private fun rows(engine: String, rps: Double, users: Int, coresBusy: Double = 0.3): List<ResultRow> = (1..3).map {
        resultRow(
            "webflux",
            engine = engine,
            approach = "blocking",
            users = users,
            repetition = it,
            throughput = rps + it,
            coresBusy = coresBusy,
        )
            .copy(pool = "the blocking pool (pssr-blocking-N)", poolThreads = 4, poolFloorRps = 400.0)
    }

    private fun evidence(rs: List<ResultRow>) = Evidence(RouteLevel.of(rs), emptyList(), rs, emptyList())

    private fun compare(users: Int) = ClaimKit.compare(
        "test-htmlflow-faster", "000", "5.2", "HtmlFlow blocking is faster than JStachio blocking", "-", Kind.SIZE,
        "HtmlFlow / JStachio", Route("webflux", "presentations", "htmlflow", "blocking", users),
        Route("webflux", "presentations", "jstachio", "blocking", users), Terms::higher,
    )

    @Test
    fun `a level its pool holds reads pool-bound, naming the pool and its threads`() {
        val e = evidence(rows("htmlflow", 395.0, 128) + rows("jstachio", 340.0, 128))
        assertEquals(Regime.POOL, e.levels.first().regime)
        val j = compare(128).judged(e)
        assertEquals(Verdict.POOL_BOUND, j.verdict, j.ours)
        assertTrue(
            j.ours.startsWith("pool-bound at 128 users (webflux/htmlflow/blocking on the blocking pool (pssr-blocking-N), 4 threads"),
            j.ours,
        )
        assertTrue(j.ours.contains("it would have read holds"), j.ours)
    }

    @Test
    fun `a pool-bound comparison is judged at the highest level below that is off the pool, and says so`() {
        val e = evidence(
            rows("htmlflow", 395.0, 128) + rows("jstachio", 340.0, 128) +
                rows("htmlflow", 230.0, 4, coresBusy = 0.5) + rows("jstachio", 250.0, 4, coresBusy = 0.5),
        )
        val j = compare(128).judged(e)
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
        assertTrue(j.ours.startsWith("read off the pool at 4 users, the highest measured level off the pool (pool-bound at 128"), j.ours)
    }

    @Test
    fun `a floor-bound comparison is not moved up to a level its pool holds`() {
        // 4 users on 4 threads: 395 req/s of a 400 floor; at 128 users the pool holds both sides at the same 400
        val e = evidence(
            rows("htmlflow", 395.0, 4) + rows("jstachio", 390.0, 4) + rows("htmlflow", 395.0, 128) + rows("jstachio", 340.0, 128),
        )
        assertEquals(Regime.FLOOR, e.regime(Route("webflux", "presentations", "htmlflow", "blocking", 4)))
        val j = compare(4).judged(e)
        assertEquals(Verdict.FLOOR_BOUND, j.verdict, j.ours)
        assertTrue(j.ours.contains("no measured level above is off it (at 128 users webflux/htmlflow/blocking "), j.ours)
    }

    @Test
    fun `a claim about the pool is judged at the level its pool holds`() {
        val j = compare(128).aboutThePool().judged(evidence(rows("htmlflow", 395.0, 128) + rows("jstachio", 340.0, 128)))
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
    }

    @Test
    fun `a level past a CPU-bound one, fallen by more than 5 percent with the cores no longer all busy, is overloaded`() {
        val curve = (1..3).flatMap {
            listOf(
                resultRow(
                    "webflux",
                    engine = "thymeleaf",
                    approach = "reactive",
                    users = 128,
                    repetition = it,
                    throughput = 7_700.0,
                    coresBusy = 0.95,
                ),
                resultRow(
                    "webflux",
                    engine = "thymeleaf",
                    approach = "reactive",
                    users = 256,
                    repetition = it,
                    throughput = 6_000.0,
                    coresBusy = 0.86,
                ),
            )
        }
        assertEquals(listOf(Regime.CPU, Regime.OVERLOADED), RouteLevel.of(curve).map { it.regime })
    }
}
