package pssr.bench.calibrate

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.claims.Estimate
import pssr.bench.cli.CalibrateCommand
import java.time.Duration

/**
 * What `calibrate` makes of one comparison (docs/CLAIMS.md, "Calibration"): "different" as the claims' words say it (past
 * the comparable band), and, apart from it, whether the interval misses 1 (how an A/A interval shows it is too narrow).
 */
class ComparisonTest {
    private fun c(value: Double, low: Double, high: Double) = Comparison("A/A", 1, Estimate(value, low, high, 10))

    @Test
    fun `an A_A interval that misses 1 inside the band is counted as a miss, not as different`() {
        val narrow = c(1.04, 1.02, 1.06)
        assertTrue(narrow.missesOne)
        assertFalse(narrow.different)
        assertTrue(narrow.comparable)
    }

    @Test
    fun `a known 1_15x whose interval is past 1_10 is different and misses 1`() {
        val known = c(1.15, 1.14, 1.16)
        assertTrue(known.different && known.missesOne)
    }

    @Test
    fun `an interval that contains 1 misses nothing`() = assertFalse(c(1.0, 0.97, 1.03).missesOne)

    @Test
    fun `the csv row carries misses_1 in the header's place`() {
        val header = Comparison.HEADER.split(",")
        val row = c(1.04, 1.02, 1.06).csv().split(",")
        assertEquals("true", row[header.indexOf("misses_1")])
        assertEquals("false", row[header.indexOf("different")])
    }

    private fun plan(pairs: Int) =
        CalibrationPlan(30, pairs, Duration.ofSeconds(1), 128, knownDelayMs = 10, moreUsers = 23, fewerUsers = 20)

    @Test
    fun `fewer pairs than the deciding design end with a line saying it is a smoke check and the command that decides`() {
        val last = Calibration.summary(listOf(c(1.0, 0.97, 1.03)), plan(4)).last()
        assertTrue(last.startsWith("a smoke check: 4 pairs") && last.endsWith("./pssr calibrate --pairs 12 decides"), last)
    }

    @Test
    fun `the default's pairs are the deciding design and print no smoke-check line`() {
        val lines = Calibration.summary(listOf(c(1.0, 0.97, 1.03)), plan(CalibrateCommand().pairs))
        assertTrue(lines.none { "smoke check" in it }, lines.joinToString("\n"))
    }
}
