package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.measure.Regime
import pssr.bench.resultRow
import pssr.bench.results.ResultRow
import pssr.bench.stats.RouteLevel

/**
 * A level the load driver limited (its CPU, docs/HARNESS.md "Driver-bound levels") measures the driver's pace, not the stack's
 * (docs/CLAIMS.md, "Driver-bound"): a comparison is judged at the highest level below where no side is driver-, pool- or
 * floor-bound, or reads "driver-bound" with its figures; a scaling claim on such a level too, even one about its pool.
 */
class DriverBoundTest {
    // 10 items 1 ms apart: the floor is users x 100 req/s, far above these figures at 64 and 128 users
    private fun rows(engine: String, rps: Double, users: Int, driverBound: Boolean = true, approach: String = "virtual"): List<ResultRow> =
        (1..3).map {
            resultRow(
                "webflux",
                engine = engine,
                approach = approach,
                users = users,
                repetition = it,
                throughput = rps + it,
                driverBound = driverBound,
                driver = "jmeter",
                coresBusy = 0.95,
            )
        }

    private fun evidence(rs: List<ResultRow>) = Evidence(RouteLevel.of(rs), emptyList(), rs, emptyList())

    private fun compare(users: Int) = ClaimKit.compare(
        "test-htmlflow-faster", "000", "5.2", "HtmlFlow is faster than JStachio", "-", Kind.SIZE, "HtmlFlow / JStachio",
        Route("webflux", "presentations", "htmlflow", "virtual", users), Route("webflux", "presentations", "jstachio", "virtual", users),
        Terms::higher,
    )

    @Test
    fun `a comparison on a level the driver limited reads driver-bound, with the verdict it would have had`() {
        val e = evidence(rows("htmlflow", 3_000.0, 128) + rows("jstachio", 2_000.0, 128))
        assertEquals(Regime.DRIVER, e.regime(Route("webflux", "presentations", "htmlflow", "virtual", 128)))
        val j = compare(128).judged(e)
        assertEquals(Verdict.DRIVER_BOUND, j.verdict, j.ours)
        assertTrue(j.ours.startsWith("driver-bound at 128 users (webflux/htmlflow/virtual, webflux/jstachio/virtual"), j.ours)
        assertTrue(j.ours.contains("it would have read holds"), j.ours)
    }

    @Test
    fun `a driver-bound comparison is judged at the highest level below the driver did not limit, and says so`() {
        val e = evidence(
            rows("htmlflow", 3_000.0, 128) + rows("jstachio", 2_000.0, 128) +
                rows("htmlflow", 2_900.0, 64, driverBound = false) + rows("jstachio", 3_100.0, 64, driverBound = false),
        )
        val j = compare(128).judged(e)
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
        assertTrue(j.ours.startsWith("read off the driver at 64 users, the highest measured level the driver did not limit"), j.ours)
    }

    @Test
    fun `a scaling claim about its pool is still driver-bound where the driver limited its top level`() {
        val scales = ClaimKit.scales(
            "test-scales", "000", "5.3", "Quarkus blocking scales to 128", "-", "webflux", "presentations", "htmlflow", "blocking", 128,
        )
        val e = evidence(rows("htmlflow", 2_000.0, 64, approach = "blocking") + rows("htmlflow", 3_100.0, 128, approach = "blocking"))
        val j = scales.judged(e)
        assertEquals(Verdict.DRIVER_BOUND, j.verdict, j.ours)
    }
}
