package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** Expected values computed by hand (see the comments), so a wrong formula fails. */
class StatsTest {
    private val eps = 1e-9

    @Test
    fun `percentiles interpolate linearly between closest ranks`() {
        val xs = listOf(4.0, 1.0, 3.0, 2.0) // unsorted on purpose
        assertEquals(2.5, Stats.median(xs), eps)
        assertEquals(3.7, Stats.percentile(xs, 90.0), eps) // h = 3 * 0.9 = 2.7 -> 3 + 0.7 * (4 - 3)
        assertEquals(1.0, Stats.percentile(xs, 0.0), eps)
        assertEquals(4.0, Stats.percentile(xs, 100.0), eps)
        assertEquals(29.0, Stats.percentile(listOf(15.0, 20.0, 35.0, 40.0, 50.0), 40.0), eps) // h = 1.6 -> 20 + 0.6 * 15
        assertEquals(35.0, Stats.median(listOf(15.0, 20.0, 35.0, 40.0, 50.0)), eps)
        assertEquals(7.0, Stats.median(listOf(7.0)), eps)
        assertTrue(Stats.median(emptyList()).isNaN())
        assertThrows<IllegalArgumentException> { Stats.percentile(xs, 101.0) }
    }

    @Test
    fun `mean and sample standard deviation`() {
        val xs = listOf(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0)
        assertEquals(5.0, Stats.mean(xs), eps)
        assertEquals(Math.sqrt(32.0 / 7), Stats.stdev(xs), eps) // squared deviations sum to 32, n - 1 = 7
        assertTrue(Stats.stdev(listOf(3.0)).isNaN())
    }

    @Test
    fun `95 percent confidence interval of the mean uses Student t`() {
        // mean 12, s = 2, n = 3, t(0.975, 2) = 4.303: half-width 4.303 * 2 / sqrt 3 = 4.96868
        val ci = Stats.ci95(listOf(10.0, 12.0, 14.0))!!
        assertEquals(12.0 - 4.303 * 2 / Math.sqrt(3.0), ci.low, eps)
        assertEquals(12.0 + 4.303 * 2 / Math.sqrt(3.0), ci.high, eps)
        assertEquals(4.9687, ci.halfWidth, 1e-4)
        // n = 2: t = 12.706, s = 7.0711, half = 12.706 * 7.0711 / 1.4142 = 63.53
        assertEquals(63.53, Stats.ci95(listOf(100.0, 110.0))!!.halfWidth, 1e-9)
        assertNull(Stats.ci95(listOf(42.0)), "one repetition has no interval")
        assertNull(Stats.ci95(emptyList()))
        assertEquals(2.776, Stats.t95(4), eps)
        assertEquals(1.960, Stats.t95(1000), eps)
        assertTrue(12.0 in ci && 17.0 !in ci)
    }

    @Test
    fun `summary of repetitions`() {
        val s = Stats.summarize(listOf(10.0, 14.0, 12.0))
        assertEquals(3, s.n); assertEquals(12.0, s.median, eps); assertEquals(10.0, s.min, eps); assertEquals(14.0, s.max, eps)
        assertEquals(4.9687 / 12, s.relativeHalfWidth, 1e-4)
        assertTrue(Stats.summarize(listOf(5.0)).relativeHalfWidth.isNaN())
    }

    @Test
    fun `efficiency against the floor and the baseline`() {
        // 128 users, 10 items, 1 ms: floor 12,800 req/s; 9,600 req/s is 75% of it
        assertEquals(0.75, Stats.efficiencyVsFloor(9600.0, 128 / (10 * 0.001)), eps)
        assertTrue(Stats.efficiencyVsFloor(100.0, Double.NaN).isNaN(), "zero delay: no floor")
        assertEquals(0.5, Stats.efficiencyVsBaseline(1500.0, 3000.0), eps)
        assertTrue(Stats.efficiencyVsBaseline(1500.0, 0.0).isNaN())
    }

    @Test
    fun `levels summarise repetitions and find their baseline`() {
        fun row(engine: String, rep: Int, thr: Double, errors: Int = 0) = resultRow(engine = engine, users = 32, repetition = rep,
            throughput = thr, errors = errors.toLong(), floorRps = 3200.0)
        val levels = RouteLevel.of(listOf(row("jstachio", 1, 1000.0), row("jstachio", 2, 1400.0, errors = 3), row("jstachio", 3, 1200.0),
            row(BASELINE, 1, 2400.0), row(BASELINE, 2, 2400.0)))
        assertEquals(2, levels.size)
        val j = levels.first { it.engine == "jstachio" }
        assertEquals(1200.0, j.throughput.median, eps)
        assertEquals(3, j.errors); assertEquals(3.0 / (10_000 + 14_003 + 12_000), j.errorRate, eps)
        assertEquals(1200.0 / 3200.0, j.efficiencyVsFloor, eps)
        val vs = RouteLevel.vsBaseline(levels)
        assertEquals(0.5, vs.getValue(j), eps)
        assertEquals(1.0, vs.getValue(levels.first { it.engine == BASELINE }), eps)
        assertNotNull(j.throughput.ci)
        assertFalse(j.driverBound)
    }
}
