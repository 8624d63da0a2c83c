package pssr.bench.claims

import org.junit.jupiter.api.Assertions
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Nested
import org.junit.jupiter.api.Test
import pssr.bench.claims.Verdict.HOLDS
import pssr.bench.claims.Verdict.INCONCLUSIVE
import pssr.bench.claims.Verdict.NOT_MEASURED
import pssr.bench.claims.Verdict.REFUTED

/** Every word the claims use, on synthetic intervals: one case that holds, one refuted, one inconclusive. */
class TermsTest {
    private fun e(value: Double, low: Double, high: Double) = Estimate(value, low, high, 3)

    @Nested inner class Comparable {
        @Test fun `a ratio whose interval lies within 0_90-1_10 holds`() = assertEquals(HOLDS, Terms.comparable(e(1.0, 0.95, 1.05)))

        @Test fun `a ratio whose interval lies outside 0_90-1_10 is refuted`() = assertEquals(REFUTED, Terms.comparable(e(1.25, 1.2, 1.3)))

        @Test fun `a ratio whose interval straddles 1_10 is inconclusive`() = assertEquals(
            INCONCLUSIVE,
            Terms.comparable(e(1.1, 1.05, 1.15)),
        )
    }

    @Nested inner class NotHigher {
        @Test fun `a ratio at or under the comparable band's top holds`() = assertEquals(HOLDS, Terms.notHigher(e(0.5, 0.4, 0.6)))

        @Test fun `a ratio entirely past 1_10 is refuted`() = assertEquals(REFUTED, Terms.notHigher(e(1.3, 1.15, 1.45)))

        @Test fun `one measurement within 0_90-1_10 is inconclusive`() = assertEquals(INCONCLUSIVE, Terms.notHigher(Estimate.point(1.05)))
    }

    @Nested inner class Higher {
        @Test fun `a ratio entirely above the comparable band (past 1_10) holds`() = assertEquals(HOLDS, Terms.higher(e(1.3, 1.15, 1.45)))

        @Test fun `a ratio entirely below 1 is refuted`() = assertEquals(REFUTED, Terms.higher(e(0.8, 0.7, 0.9)))

        @Test fun `a lead told from none but inside the comparable band is refuted (comparable, not higher)`() =
            assertEquals(REFUTED, Terms.higher(e(1.04, 1.01, 1.07)))

        @Test fun `a ratio inside the comparable band whose interval contains 1 is refuted`() =
            assertEquals(REFUTED, Terms.higher(e(1.0, 0.96, 1.05)))

        @Test fun `a ratio whose interval straddles 1_10 is inconclusive`() = assertEquals(INCONCLUSIVE, Terms.higher(e(1.05, 0.95, 1.15)))

        @Test fun `an interval whose low end is 1_10 itself is inconclusive`() = assertEquals(INCONCLUSIVE, Terms.higher(e(1.15, 1.1, 1.2)))

        @Test fun `an interval whose high end is 1_10 itself is refuted`() = assertEquals(REFUTED, Terms.higher(e(1.05, 1.0, 1.1)))

        @Test fun `one measurement at the band's edge 1_10 is inconclusive`() = assertEquals(
            INCONCLUSIVE,
            Terms.higher(Estimate.point(1.1)),
        )

        @Test fun `one measurement within 0_90-1_10 is inconclusive`() = assertEquals(INCONCLUSIVE, Terms.higher(Estimate.point(1.003)))

        @Test fun `one measurement past 1_10 holds`() = assertEquals(HOLDS, Terms.higher(Estimate.point(1.2)))
    }

    @Nested inner class SlightlyHigher {
        @Test fun `a ratio entirely within 1_10-1_25 holds`() = assertEquals(HOLDS, Terms.slightlyHigher(e(1.17, 1.12, 1.22)))

        @Test fun `a ratio entirely lower is refuted`() = assertEquals(REFUTED, Terms.slightlyHigher(e(0.9, 0.85, 0.95)))

        @Test fun `a ratio inside the comparable band is refuted (comparable, not slightly higher)`() =
            assertEquals(REFUTED, Terms.slightlyHigher(e(1.01, 0.97, 1.05)))

        @Test fun `a ratio entirely above 1_25 is refuted (a large lead is not a slight one)`() = assertEquals(
            REFUTED,
            Terms.slightlyHigher(e(1.6, 1.41, 1.79)),
        )

        @Test fun `a ratio whose interval straddles 1_25 is inconclusive`() =
            assertEquals(INCONCLUSIVE, Terms.slightlyHigher(e(1.25, 1.15, 1.35)))

        @Test fun `a ratio whose interval straddles 1_10 is inconclusive`() = assertEquals(
            INCONCLUSIVE,
            Terms.slightlyHigher(e(1.08, 0.98, 1.18)),
        )

        @Test fun `one measurement within 0_90-1_10 is inconclusive`() = assertEquals(
            INCONCLUSIVE,
            Terms.slightlyHigher(Estimate.point(1.05)),
        )
    }

    @Nested inner class AboutPoints {
        // Table 1's Artist page: 91 to 99, +8 points: the band 6.4-10; within 2 points outside it, one run's noise
        @Test fun `a gain of the paper's size holds`() = assertEquals(HOLDS, Scores.aboutPoints(100.0, 91.5, 8.0))

        @Test fun `a gain far past the paper's size is refuted, not only a loss`() {
            assertEquals(REFUTED, Scores.aboutPoints(100.0, 70.0, 8.0))
            assertEquals(REFUTED, Scores.aboutPoints(90.0, 95.0, 8.0))
        }

        @Test fun `both at the cap of 100 is inconclusive, not refuted`() = assertEquals(
            INCONCLUSIVE,
            Scores.aboutPoints(100.0, 100.0, 8.0),
        )

        @Test fun `a gain within 2 points outside the band is inconclusive`() = assertEquals(
            INCONCLUSIVE,
            Scores.aboutPoints(100.0, 94.5, 8.0),
        )
    }

    @Nested inner class Lower {
        @Test fun `a ratio entirely below the comparable band (under 0_90) holds`() = assertEquals(HOLDS, Terms.lower(e(0.75, 0.65, 0.85)))

        @Test fun `a ratio entirely higher is refuted`() = assertEquals(REFUTED, Terms.lower(e(1.2, 1.1, 1.3)))

        @Test fun `an interval whose high end is 0_90 itself is inconclusive`() = assertEquals(INCONCLUSIVE, Terms.lower(e(0.85, 0.8, 0.9)))

        @Test fun `a ratio inside the comparable band is refuted (comparable, not lower)`() =
            assertEquals(REFUTED, Terms.lower(e(0.98, 0.93, 1.03)))

        @Test fun `a ratio whose interval straddles 0_90 is inconclusive`() = assertEquals(INCONCLUSIVE, Terms.lower(e(0.92, 0.85, 1.0)))

        @Test fun `one measurement within 0_90-1_10 is inconclusive`() = assertEquals(INCONCLUSIVE, Terms.lower(Estimate.point(0.93)))

        @Test fun `one measurement past 1_10 is refuted`() = assertEquals(REFUTED, Terms.lower(Estimate.point(1.12)))

        @Test fun `one measurement at the band's edge 0_90 is inconclusive`() = assertEquals(INCONCLUSIVE, Terms.lower(Estimate.point(0.9)))
    }

    @Nested inner class About {
        @Test fun `about 4x holds for 3_5-4_5`() = assertEquals(HOLDS, Terms.about(e(4.0, 3.5, 4.5), 4.0))

        @Test fun `about 4x is refuted by 1_0-1_5`() = assertEquals(REFUTED, Terms.about(e(1.2, 1.0, 1.5), 4.0))

        @Test fun `about 4x is inconclusive for 2_5-4_0, which straddles 3_2`() = assertEquals(
            INCONCLUSIVE,
            Terms.about(e(3.2, 2.5, 4.0), 4.0),
        )

        @Test fun `about 0_27x holds inside 0_216-0_3375 and is refuted by 0_80, which merely says "lower"`() {
            assertEquals(HOLDS, Terms.about(e(0.28, 0.26, 0.30), 0.27))
            assertEquals(REFUTED, Terms.about(e(0.80, 0.75, 0.85), 0.27))
        }

        @Test fun `about 0_62x is refuted by 0_28x, a much larger size in the right direction`() =
            assertEquals(REFUTED, Terms.about(e(0.28, 0.27, 0.29), 0.62))

        @Test fun `about 4x is refuted past its top (5_0) as well as under its bottom`() =
            assertEquals(REFUTED, Terms.about(e(6.0, 5.5, 6.5), 4.0))

        @Test fun `about 0_62x is inconclusive for an interval straddling its bottom 0_496`() =
            assertEquals(INCONCLUSIVE, Terms.about(e(0.5, 0.45, 0.55), 0.62))

        @Test fun `near 1 the band is clipped at the comparable band, open there`() {
            assertEquals(Terms.Band(1.10, 1.11 * 1.25, lowOpen = true), Terms.aboutBand(1.11))
            assertEquals(Terms.Band(0.77 / 1.25, 0.90, highOpen = true), Terms.aboutBand(0.77))
            assertEquals("(1.100, 1.388]", Terms.aboutBand(1.11).toString())
            assertEquals("[0.616, 0.900)", Terms.aboutBand(0.77).toString())
        }

        @Test fun `about 1_11x - 1_15-1_35 holds, 1_94x refuted, reaching 1_10 inconclusive, inside comparable refuted`() {
            assertEquals(HOLDS, Terms.about(e(1.25, 1.15, 1.35), 1.11))
            assertEquals(REFUTED, Terms.about(e(1.94, 1.91, 1.97), 1.11))
            assertEquals(INCONCLUSIVE, Terms.about(e(1.15, 1.10, 1.20), 1.11))
            assertEquals(REFUTED, Terms.about(e(1.04, 1.01, 1.07), 1.11))
        }

        @Test fun `about 0_77x - the clipped band never admits a comparable ratio, and 0_92-0_98 refutes it`() {
            assertEquals(REFUTED, Terms.about(e(0.95, 0.92, 0.98), 0.77))
            assertEquals(INCONCLUSIVE, Terms.about(e(0.88, 0.86, 0.91), 0.77))
            assertEquals(HOLDS, Terms.about(e(0.75, 0.70, 0.80), 0.77))
        }

        @Test fun `the wrong side of 1 refutes`() {
            assertEquals(REFUTED, Terms.about(e(1.5, 1.4, 1.6), 0.62))
            assertEquals(REFUTED, Terms.about(e(0.6, 0.55, 0.65), 1.30))
        }

        @Test fun `one measurement inside the comparable band is inconclusive, one inside the band holds`() {
            assertEquals(INCONCLUSIVE, Terms.about(Estimate.point(1.05), 1.30))
            assertEquals(HOLDS, Terms.about(Estimate.point(1.25), 1.30))
        }

        @Test fun `a size inside the comparable band is not a size`() {
            Assertions.assertThrows(IllegalArgumentException::class.java) { Terms.aboutBand(1.05) }
        }

        @Test fun `near 1 (about the reference) is 0_80-1_25`() {
            assertEquals(HOLDS, Terms.near(e(1.0, 0.95, 1.05)))
            assertEquals(REFUTED, Terms.near(e(1.3, 1.27, 1.33)))
        }
    }

    @Nested inner class AtLeastAndBelow {
        @Test fun `at least holds when the whole interval is above`() = assertEquals(HOLDS, Terms.atLeast(e(1.5, 1.3, 1.7), 1.15))

        @Test fun `at least is refuted when the whole interval is under`() = assertEquals(REFUTED, Terms.atLeast(e(1.0, 0.9, 1.1), 1.15))

        @Test fun `at least is inconclusive when the interval straddles`() = assertEquals(
            INCONCLUSIVE,
            Terms.atLeast(e(1.15, 1.0, 1.3), 1.15),
        )

        @Test fun `below holds when the whole interval is under`() = assertEquals(HOLDS, Terms.below(e(0.02, 0.01, 0.03), 0.05))

        @Test fun `below is refuted when the whole interval is at or above`() = assertEquals(REFUTED, Terms.below(e(0.1, 0.08, 0.12), 0.05))

        @Test fun `below is inconclusive when the interval straddles`() = assertEquals(INCONCLUSIVE, Terms.below(e(0.05, 0.03, 0.07), 0.05))
    }

    @Nested inner class ScalesUpTo {
        /** Throughput by users, each with a +-[spread] interval. */
        private fun series(vararg pts: Pair<Int, Double>, spread: Double = 0.02) = pts.associate { (u, t) ->
            u to
                e(t, t * (1 - spread), t * (1 + spread))
        }

        @Test fun `doubling up to 32 users and flat after, scales up to 32 holds`() =
            assertEquals(HOLDS, Terms.scalesUpTo(series(16 to 1000.0, 32 to 1900.0, 64 to 2000.0), 32).verdict)

        @Test fun `flat from 16 users on, scales up to 32 is refuted`() =
            assertEquals(REFUTED, Terms.scalesUpTo(series(16 to 1000.0, 32 to 1020.0, 64 to 1030.0), 32).verdict)

        @Test fun `a step into 32 whose interval straddles 1_15 is inconclusive`() =
            assertEquals(INCONCLUSIVE, Terms.scalesUpTo(series(16 to 1000.0, 32 to 1150.0, 64 to 1160.0, spread = 0.1), 32).verdict)

        @Test fun `still doubling past N refutes scales up to N (it scales further)`() =
            assertEquals(REFUTED, Terms.scalesUpTo(series(16 to 1000.0, 32 to 2000.0, 64 to 4000.0), 32).verdict)

        @Test fun `the top level needs only the step into it`() =
            assertEquals(HOLDS, Terms.scalesUpTo(series(64 to 1000.0, 128 to 1800.0), 128).verdict)

        @Test fun `N alone, with no level below it, is not measured rather than a vacuous holds`() =
            assertEquals(NOT_MEASURED, Terms.scalesUpTo(series(128 to 1800.0), 128).verdict)

        @Test fun `where scaling stops is the first level whose next doubling gains under 1_15`() =
            assertEquals(8, Terms.scalingLimit(series(2 to 100.0, 4 to 200.0, 8 to 390.0, 16 to 400.0, 32 to 410.0)))

        @Test fun `levels that are not doublings are normalised to one doubling`() =
            assertEquals(2.0, Terms.gain(Estimate.point(100.0), Estimate.point(400.0), 8, 32).value, 1e-9)
    }

    @Nested inner class All {
        @Test fun `all hold, it holds`() = assertEquals(HOLDS, Terms.all(HOLDS, HOLDS))

        @Test fun `any refuted, it is refuted`() = assertEquals(REFUTED, Terms.all(HOLDS, INCONCLUSIVE, REFUTED))

        @Test fun `otherwise inconclusive`() = assertEquals(INCONCLUSIVE, Terms.all(HOLDS, INCONCLUSIVE))
    }

    @Nested inner class NotMeasured {
        private val nan = Estimate.point(Double.NaN)

        @Test fun `no figure is not measured for every word`() = assertEquals(
            List(9) {
                Verdict.NOT_MEASURED
            },
            listOf(
                Terms.comparable(nan), Terms.higher(nan),
                Terms.slightlyHigher(nan), Terms.lower(nan), Terms.about(nan, 2.0), Terms.atLeast(nan, 1.0), Terms.below(nan, 1.0),
                Scores.aboutPoints(Double.NaN, 50.0, 8.0), Terms.all(HOLDS, Verdict.NOT_MEASURED),
            ),
        )
    }

    @Test
    fun `a min-max range prints as min-max, a Student t interval as 95%`() {
        assertEquals("0.004 (min-max 0.002-0.006)", Estimate.range(listOf(0.002, 0.004, 0.006)).text(digits = 3))
        assertEquals("1.00 (95% 0.90-1.10)", e(1.0, 0.9, 1.1).text())
    }

    @Test
    fun `a ratio's interval adds the half-widths of the logarithms in quadrature`() {
        val r = e(200.0, 180.0, 220.0) / e(100.0, 90.0, 110.0) // +-10% each
        val h = Math.sqrt(2.0) * Math.log(220.0 / 180.0) / 2
        assertEquals(2.0, r.value, 1e-9)
        assertEquals(2.0 * Math.exp(-h), r.low, 1e-9)
        assertEquals(2.0 * Math.exp(h), r.high, 1e-9)
    }

    @Test
    fun `a ratio of two wide intervals stays above zero, and A over B mirrors B over A`() {
        val a = e(100.0, 20.0, 180.0)
        val b = e(100.0, 30.0, 170.0) // +-80% and +-70%: the linear rule went below zero
        val ab = a / b
        val ba = b / a
        assertTrue(ab.low > 0, "low ${ab.low}")
        assertEquals(1.0 / ab.high, ba.low, 1e-9)
        assertEquals(1.0 / ab.low, ba.high, 1e-9)
    }

    @Test
    fun `a ratio of two points is a point`() {
        val r = Estimate.point(300.0) / Estimate.point(100.0)
        assertEquals(3.0, r.low, 1e-9)
        assertEquals(3.0, r.high, 1e-9)
    }
}
