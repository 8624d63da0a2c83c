package pssr.bench.report

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import pssr.bench.measure.Sample
import pssr.bench.resultRow
import pssr.bench.stats.BASELINE
import pssr.bench.stats.RouteLevel
import pssr.bench.stats.Stats

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
        // mean 12, s = 2, n = 3, t(0.975, 2) = 4.302653 (4.303 in printed tables): half-width 4.302653 * 2 / sqrt 3 = 4.96828
        val ci = Stats.ci95(listOf(10.0, 12.0, 14.0))!!
        assertEquals(12.0 - 4.302653 * 2 / Math.sqrt(3.0), ci.low, 1e-5)
        assertEquals(12.0 + 4.302653 * 2 / Math.sqrt(3.0), ci.high, 1e-5)
        assertEquals(4.9683, ci.halfWidth, 1e-4)
        // n = 2: t(0.975, 1) = 12.706205, s = 7.0711, half = 12.706205 * 7.0711 / 1.4142 = 63.531
        assertEquals(63.531, Stats.ci95(listOf(100.0, 110.0))!!.halfWidth, 1e-3)
        assertNull(Stats.ci95(listOf(42.0)), "one repetition has no interval")
        assertNull(Stats.ci95(emptyList()))
        assertTrue(12.0 in ci && 17.0 !in ci)
    }

    @Test
    fun `paired ratios are averaged on the log scale, their interval exponentiated`() {
        val (value, ci) = Stats.logRatio(listOf(0.5, 2.0, 1.0))
        assertEquals(1.0, value, 1e-12) // the geometric mean: 0.5 and 2.0 cancel, where the arithmetic mean says 1.17
        val half = Stats.t95(2) * Stats.stdev(listOf(Math.log(0.5), Math.log(2.0), 0.0)) / Math.sqrt(3.0)
        assertEquals(Math.exp(-half), ci!!.low, 1e-12)
        assertEquals(Math.exp(half), ci.high, 1e-12)
        assertTrue(ci.low > 0)
    }

    @Test
    fun `one ratio has a value and no interval`() {
        val (value, ci) = Stats.logRatio(listOf(1.2))
        assertEquals(1.2, value, 1e-12)
        assertEquals(null, ci)
    }

    @Test
    fun `t critical values come from the t distribution, not a table`() {
        // Printed tables: t(0.975, 4) = 2.776, t(0.975, 30) = 2.042; the normal limit 1.960 is approached, not jumped to.
        assertEquals(2.776445, Stats.t95(4), 1e-6)
        assertEquals(2.042272, Stats.t95(30), 1e-6)
        assertEquals(1.962339, Stats.t95(1000), 1e-6)
        assertThrows<IllegalArgumentException> { Stats.t95(0) }
    }

    @Test
    fun `Welch test of two pairs with equal spread has df 2 and a closed-form p`() {
        // A = 10, 12 and B = 16, 18: s² = 2 on each side, t = (11 - 17) / sqrt(2/2 + 2/2) = -6 / sqrt 2 = -4.2426,
        // df = (1 + 1)² / (1 + 1) = 2, and for df = 2 the two-sided p is 1 - |t| / sqrt(2 + t²) = 1 - sqrt(18 / 20) = 0.0513167.
        val w = Stats.welch(listOf(10.0, 12.0), listOf(16.0, 18.0))!!
        assertEquals(-6 / Math.sqrt(2.0), w.t, 1e-9)
        assertEquals(2.0, w.df, 1e-9)
        assertEquals(1 - Math.sqrt(0.9), w.p, 1e-7)
    }

    @Test
    fun `Welch test matches R's t-test of the sleep data`() {
        // R: t.test(extra ~ group, data = sleep) -> Welch Two Sample t-test: t = -1.8608, df = 17.776, p-value = 0.07939
        val g1 = listOf(0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0)
        val g2 = listOf(1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4)
        val w = Stats.welch(g1, g2)!!
        assertEquals(-1.8608, w.t, 1e-4)
        assertEquals(17.776, w.df, 1e-3)
        assertEquals(0.07939, w.p, 1e-5)
        assertEquals(w.p, Stats.welch(g2, g1)!!.p, 1e-12, "two-sided: the order of the samples does not matter")
    }

    @Test
    fun `Welch test with unequal spread takes its degrees of freedom from the noisier side`() {
        // A = 5, 5, 5 has no spread: s²a/na = 0, so df = (s²b/nb)² / ((s²b/nb)² / (nb - 1)) = nb - 1 = 1 (Cauchy).
        // B = 1, 3: s²b/nb = 2 / 2 = 1, t = (5 - 2) / 1 = 3, two-sided p = 1 - (2 / pi) atan 3 = 0.2048328.
        val w = Stats.welch(listOf(5.0, 5.0, 5.0), listOf(1.0, 3.0))!!
        assertEquals(3.0, w.t, 1e-12)
        assertEquals(1.0, w.df, 1e-12)
        assertEquals(1 - 2 / Math.PI * Math.atan(3.0), w.p, 1e-7)
    }

    @Test
    fun `Welch test needs two values on each side`() {
        assertNull(Stats.welch(listOf(1.0), listOf(1.0, 2.0, 3.0)))
        assertNull(Stats.welch(listOf(1.0, Double.NaN), listOf(1.0, 2.0)), "NaN repetitions do not count")
        assertEquals(1.0, Stats.welch(listOf(4.0, 4.0), listOf(4.0, 4.0))!!.p, "identical constants: no difference")
        assertEquals(0.0, Stats.welch(listOf(4.0, 4.0), listOf(5.0, 5.0))!!.p, "different constants: no noise to hide in")
    }

    @Test
    fun `Holm adjusts a family of p-values step-down`() {
        // sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04 -> max so far 0.06
        // (R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02)
        val adjusted = Stats.holm(listOf(0.01, 0.04, 0.03, 0.005))
        assertEquals(listOf(0.03, 0.06, 0.06, 0.02), adjusted.map { Math.round(it * 1e9) / 1e9 })
        assertEquals(listOf(1.0, 1.0), Stats.holm(listOf(0.6, 0.7)), "capped at 1")
        assertEquals(listOf(0.2), Stats.holm(listOf(0.2)), "a family of one is not adjusted")
        assertEquals(emptyList<Double>(), Stats.holm(emptyList()))
    }

    @Test
    fun `summary of repetitions`() {
        val s = Stats.summarize(listOf(10.0, 14.0, 12.0))
        assertEquals(3, s.n)
        assertEquals(12.0, s.median, eps)
        assertEquals(10.0, s.min, eps)
        assertEquals(14.0, s.max, eps)
        assertEquals(4.9683 / 12, s.relativeHalfWidth, 1e-4)
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
        fun row(engine: String, rep: Int, thr: Double, errors: Int = 0) = resultRow(
            engine = engine,
            users = 32,
            repetition = rep,
            throughput = thr,
            errors = errors.toLong(),
            floorRps = 3200.0,
        )
        val levels = RouteLevel.of(
            listOf(
                row("jstachio", 1, 1000.0),
                row("jstachio", 2, 1400.0, errors = 3),
                row("jstachio", 3, 1200.0),
                row(BASELINE, 1, 2400.0),
                row(BASELINE, 2, 2400.0),
            ),
        )
        assertEquals(2, levels.size)
        val j = levels.first { it.engine == "jstachio" }
        assertEquals(1200.0, j.throughput.median, eps)
        assertEquals(3, j.errors)
        assertEquals(3.0 / (10_000 + 14_003 + 12_000), j.errorRate, eps)
        assertEquals(1200.0 / 3200.0, j.efficiencyVsFloor, eps)
        val vs = RouteLevel.vsBaseline(levels)
        assertEquals(0.5, vs.getValue(j), eps)
        assertEquals(1.0, vs.getValue(levels.first { it.engine == BASELINE }), eps)
        assertNotNull(j.throughput.ci)
        assertFalse(j.driverBound)
    }
}
