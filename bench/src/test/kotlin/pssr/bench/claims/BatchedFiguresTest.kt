package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.project.Workloads
import pssr.bench.resultRow
import pssr.bench.results.ResultRow

/** Seed 003's and 004's figures, one JMeter run per variant, are judged with the interval of the run's own batches. */
class BatchedFiguresTest {
    private fun students(approach: String, meanMs: Double, seMs: Double, batches: Int): ResultRow = resultRow(
        framework = "mvc",
        model = "students-app",
        engine = "jdbc",
        approach = approach,
        users = 2000,
        latencyMs = meanMs,
    ).copy(workload = Workloads.STUDENTS, batches = batches, latencyMeanSeMs = seMs, requestsRpsSe = 5.0)

    private fun judged(id: String, vararg rows: ResultRow): Judgement =
        Claims.all.first { it.id == id }.judged(Evidence(emptyList(), emptyList(), rows.toList(), emptyList()))

    @Test
    fun `a profile with batches is judged on an interval, Student t with batches - 1 degrees of freedom`() {
        val e = Estimate.batched(300.0, 10.0, 10, 0.95)
        // t(0.975, 9) = 2.262
        assertEquals(300.0 - 22.62, e.low, 0.01)
        assertEquals(300.0 + 22.62, e.high, 0.01)
        assertEquals(10, e.n)
        assertTrue(e.hasInterval)
    }

    @Test
    fun `a profile written before batch means is one measurement, no interval`() {
        assertFalse(Estimate.batched(300.0, Double.NaN, 0, 0.95).hasInterval)
    }

    @Test
    fun `seed 003's latency claim reads the batches' interval`() {
        val j = judged(
            "003-t1-virtual-faster",
            students("platform", 1166.0, 40.0, 10),
            students("virtual", 319.0, 8.0, 10),
        )
        assertEquals(Verdict.HOLDS, j.verdict)
        assertTrue("95%" in j.ours && "one measurement" !in j.ours, j.ours)
    }

    @Test
    fun `an interval from the batches that straddles the paper's size band stays inconclusive`() {
        // virtual 319 (SE 20) against platform 1,000 ms (SE 100): 0.32x, its interval about 0.24-0.42, straddles 0.342, the top
        // of "about 0.27x"
        val j = judged(
            "003-t1-virtual-faster",
            students("platform", 1000.0, 100.0, 10),
            students("virtual", 319.0, 20.0, 10),
        )
        assertEquals(Verdict.INCONCLUSIVE, j.verdict, j.ours)
    }

    @Test
    fun `a lead far from the paper size is refuted, not merely lower - 0_97x against about 0_27x`() {
        val j = judged(
            "003-t1-virtual-faster",
            students("platform", 330.0, 20.0, 10),
            students("virtual", 319.0, 20.0, 10),
        )
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
    }

    @Test
    fun `a figure over the seed's exact 300 ms keeps its interval`() {
        val j = judged("003-3.1.1-virtual-near-io-floor", students("platform", 331.0, 2.7, 10), students("virtual", 302.0, 0.5, 10))
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
        assertTrue("95%" in j.ours, j.ours)
    }

    private fun products(engine: String, p95: Double, p99: Double, se: Double): ResultRow = resultRow(
        framework = "api",
        model = "products",
        engine = engine,
        approach = "platform",
        users = 250,
    ).copy(workload = Workloads.PRODUCTS, latencyP95Ms = p95, latencyP99Ms = p99, batches = 10, latencyP95SeMs = se, latencyP99SeMs = se)

    @Test
    fun `seed 004's tails read their batches' interval, and a gap inside it decides nothing`() {
        val wide = judged("004-products-mvc-tails", products("mvc", 400.0, 600.0, 40.0), products("webflux", 460.0, 700.0, 40.0))
        assertEquals(Verdict.INCONCLUSIVE, wide.verdict, wide.ours)
        assertTrue("95%" in wide.ours && "one measurement" !in wide.ours, wide.ours)
        val narrow = judged("004-products-mvc-tails", products("mvc", 400.0, 600.0, 2.0), products("webflux", 460.0, 700.0, 2.0))
        assertEquals(Verdict.HOLDS, narrow.verdict, narrow.ours)
    }

    private fun forward(engine: String, meanMs: Double): ResultRow = resultRow(
        framework = "api",
        model = "forward",
        engine = engine,
        approach = "platform",
        users = 250,
        latencyMs = meanMs,
    ).copy(workload = Workloads.FORWARD, batches = 10, latencyMeanSeMs = meanMs * 0.01)

    @Test
    fun `seed 004's "more than four times faster" is refuted under four, holds between four and its about band's top`() {
        val under = judged("004-forward-webflux-faster", forward("mvc", 3500.0), forward("webflux", 1000.0))
        assertEquals(Verdict.REFUTED, under.verdict, under.ours)
        val over = judged("004-forward-webflux-faster", forward("mvc", 4500.0), forward("webflux", 1000.0))
        assertEquals(Verdict.HOLDS, over.verdict, over.ours)
    }
}
