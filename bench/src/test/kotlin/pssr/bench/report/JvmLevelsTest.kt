package pssr.bench.report

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.claims.Evidence
import pssr.bench.claims.Route
import pssr.bench.resultRow
import pssr.bench.stats.JvmLevels
import pssr.bench.stats.RouteLevel
import pssr.bench.stats.Stats

/** Variance within and between server JVMs (Kalibera and Jones) and the interval that follows from it. */
class JvmLevelsTest {
    @Test
    fun `windows of one JVM give the plain Student t interval over the windows`() {
        val xs = listOf(100.0, 104.0, 97.0, 101.0)
        val l = JvmLevels(listOf(xs))
        assertTrue(l.pooled)
        assertEquals(Stats.ci95(xs), l.interval())
        assertTrue(l.between.isNaN()) { "one JVM cannot show what JVMs add" }
    }

    @Test
    fun `JVMs whose means differ more than their windows explain are counted as JVMs, not windows`() {
        val l = JvmLevels(listOf(listOf(100.0, 101.0, 99.0), listOf(120.0, 121.0, 119.0)))
        assertFalse(l.pooled)
        assertTrue(l.jvmEffectP < 0.01)
        val byJvm = Stats.ci95(listOf(100.0, 120.0))!!
        assertEquals(byJvm.low, l.interval()!!.low, 1e-9)
        val byWindow = Stats.ci95(listOf(100.0, 101.0, 99.0, 120.0, 121.0, 119.0))!!
        assertTrue(l.interval()!!.halfWidth > 5 * byWindow.halfWidth) { "two JVMs apart give little certainty however many windows each" }
        assertEquals(200.0 - 1.0 / 3, l.between, 1e-9) // S² of the means 200, minus within 1 / 3 windows per JVM
    }

    @Test
    fun `JVMs that agree within their windows' scatter pool every window`() {
        val l = JvmLevels(listOf(listOf(100.0, 108.0, 94.0), listOf(103.0, 96.0, 105.0)))
        assertTrue(l.pooled) { "p = ${l.jvmEffectP}" }
        assertEquals(Stats.ci95(listOf(100.0, 108.0, 94.0, 103.0, 96.0, 105.0)), l.interval())
        assertEquals(0.0, l.between, "what the JVMs add is never below zero")
    }

    @Test
    fun `the windows per JVM for the least variance grow with a JVM's cost and the windows' share of the variance`() {
        // sqrt(cost ratio 16 x within 4 / between 1) = 8
        assertEquals(8, JvmLevels.optimalWindows(48.0, 3.0, 4.0, 1.0))
        assertEquals(2, JvmLevels.optimalWindows(3.0, 3.0, 4.0, 1.0))
        assertEquals(50, JvmLevels.optimalWindows(48.0, 3.0, 4.0, 0.0), "JVMs that add nothing: as many windows as allowed")
        assertNull(JvmLevels.optimalWindows(48.0, 3.0, Double.NaN, 1.0))
    }

    @Test
    fun `a claim's paired ratio over two JVMs that disagree is as uncertain as two JVMs make it`() {
        // repetitions 1-3 in one shared JVM, 101-103 in another; the ratio virtual / reactive is 1.0 in one and 1.2 in the other
        fun rows(rep: Int, v: Double) = listOf(
            resultRow(approach = "virtual", repetition = rep, throughput = v),
            resultRow(approach = "reactive", repetition = rep, throughput = 1000.0),
        )
        val rows = listOf(1 to 1000.0, 2 to 1002.0, 3 to 998.0, 101 to 1200.0, 102 to 1203.0, 103 to 1198.0).flatMap { (r, v) ->
            rows(r, v)
        }
        fun evidence(shared: Boolean) = Evidence(
            RouteLevel.of(rows),
            emptyList(),
            rows,
            emptyList(),
            jvms = if (shared) {
                rows.associate {
                    (Route("webflux", it.model, it.engine, it.approach, it.users) to it.repetition) to
                        "jvm ${it.repetition / 100}"
                }
            } else {
                emptyMap()
            },
        )
        val a = Route("webflux", "presentations", "jstachio", "virtual", 32)
        val b = Route("webflux", "presentations", "jstachio", "reactive", 32)
        val asJvms = evidence(shared = true).ratio(a, b)
        val asWindows = evidence(shared = false).ratio(a, b)
        assertNotNull(asJvms)
        assertTrue(asJvms.high - asJvms.low > 5 * (asWindows.high - asWindows.low)) { "$asJvms vs $asWindows" }
        assertTrue(1.0 in asJvms.low..asJvms.high && 1.2 in asJvms.low..asJvms.high)
    }
}
