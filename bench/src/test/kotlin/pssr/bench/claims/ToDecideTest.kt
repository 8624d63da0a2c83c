package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.stats.Stats
import kotlin.math.exp
import kotlin.math.ln
import kotlin.math.sqrt

/** What an inconclusive verdict would take: the measurements per figure that would carry its interval past its edge. */
class ToDecideTest {
    private val confidence = 0.975
    private val label = Estimate.label(confidence)

    /** [value] with the log half-width that [n] measurements of one measurement's log [spread] give at [confidence]. */
    private fun estimate(value: Double, spread: Double, n: Int): Estimate {
        val half = Stats.t(n - 1, confidence) * spread / sqrt(n.toDouble())
        return Estimate(value, value * exp(-half), value * exp(half), n, label)
    }

    @Test
    fun `at the measurements it names the same spread decides the word, and at one fewer it does not`() {
        // run I's 000-5.3-htmlflow-susp-128: a gain of 1.36 (97.5% 1.11-1.66) over 6 windows, against "scales" at 1.15
        val today = Estimate(1.36, 1.11, 1.66, 6, label)
        assertEquals(Verdict.INCONCLUSIVE, Terms.atLeast(today, Terms.SCALES))
        val need = ToDecide.need(today, Terms.SCALES)!!
        assertEquals(6, need.now)
        assertTrue(need.needed in 7..12, "a gain a little past half its half-width from the edge: $need")
        val spread = ln(1.66 / 1.11) / 2 * sqrt(6.0) / Stats.t(5, confidence)
        assertEquals(Verdict.HOLDS, Terms.atLeast(estimate(1.36, spread, need.needed), Terms.SCALES))
        assertEquals(Verdict.INCONCLUSIVE, Terms.atLeast(estimate(1.36, spread, need.needed - 1), Terms.SCALES))
        assertTrue(need.text().startsWith("about ${need.needed} measurements per figure would decide it"), need.text())
    }

    @Test
    fun `a figure on its edge sits there, whatever the budget`() {
        val need = ToDecide.need(Estimate(1.149, 0.922, 1.432, 6, label), Terms.SCALES)!!
        assertTrue(need.onTheEdge)
        assertEquals(">${ToDecide.MOST}", need.cell())
        assertTrue(need.text().startsWith("it sits on its edge"), need.text())
    }

    @Test
    fun `the nearest edge of the word is the one to clear`() {
        // comparable 0.90 .. 1.10: a ratio of 1.06 must clear 1.10, not 0.90
        val e = Estimate(1.06, 0.96, 1.16, 6, label)
        assertEquals(ToDecide.need(e, 1.10), ToDecide.need(e, 0.90, 1.10))
    }

    @Test
    fun `a single measurement or a min-max range has no interval to forecast from`() {
        assertNull(ToDecide.need(Estimate.point(1.12), 1.10))
        assertNull(ToDecide.need(Estimate.range(listOf(1.0, 1.2)), 1.10))
    }

    @Test
    fun `an inconclusive judgement carries its hardest figure's need, a decided one none`() {
        val near = Estimate(1.149, 0.922, 1.432, 6, label)
        val far = Estimate(1.36, 1.11, 1.66, 6, label)
        val open = ToDecide.judging { Judgement(Terms.all(Terms.atLeast(far, 1.15), Terms.below(near, 1.15)), "two steps") }
        assertEquals(Verdict.INCONCLUSIVE, open.verdict)
        assertTrue(open.toDecide!!.onTheEdge, "the step on its edge decides what the claim takes: ${open.toDecide}")
        val decided = ToDecide.judging { Judgement(Terms.all(Terms.atLeast(far, 1.0), Terms.below(far, 2.0)), "decided") }
        assertEquals(Verdict.HOLDS, decided.verdict)
        assertNull(decided.toDecide)
    }

    @Test
    fun `a figure whose estimate refutes decides the claim on its own, at its own need`() {
        val holdingOnTheEdge = Estimate(1.149, 0.922, 1.432, 6, label)
        val refuting = Estimate(1.36, 1.11, 1.66, 6, label)
        val j = ToDecide.judging {
            Judgement(Terms.all(Terms.below(holdingOnTheEdge, 1.15), Terms.below(refuting, 1.15)), "two steps")
        }
        assertEquals(ToDecide.need(refuting, 1.15), j.toDecide)
    }

    @Test
    fun `a word turned around turns the side its figure lies on`() {
        // 1.06 lies where "not higher" holds; with the step at 1.149 on the refuting side, that step decides the claim
        val notHigher = Estimate(1.06, 0.96, 1.16, 6, label)
        val onTheEdge = Estimate(1.149, 0.922, 1.432, 6, label)
        val j = ToDecide.judging { Judgement(Terms.all(Terms.notHigher(notHigher), Terms.atLeast(onTheEdge, 1.15)), "two parts") }
        assertTrue(j.toDecide!!.onTheEdge, "${j.toDecide}")
    }

    @Test
    fun `a part with no interval, or an interval over JVMs' means, leaves the claim without a forecast`() {
        val far = Estimate(1.36, 1.11, 1.66, 6, label)
        val onePoint = ToDecide.judging { Judgement(Terms.all(Terms.higher(Estimate.point(1.05)), Terms.atLeast(far, 1.15)), "x") }
        assertEquals(Verdict.INCONCLUSIVE, onePoint.verdict)
        assertNull(onePoint.toDecide)
        assertNull(ToDecide.need(Estimate(1.36, 1.11, 1.66, 6, label, df = 1), 1.15), "6 windows in 2 JVMs, their means counted")
    }

    @Test
    fun `a figure of many measurements one short of deciding is not on its edge`() {
        val n = 300
        val distance = ln(1.2 / 1.15)
        val spread = distance * sqrt(n.toDouble()) / Stats.t(n - 1, confidence) * 1.001
        val need = ToDecide.need(estimate(1.2, spread, n), 1.15)!!
        assertEquals(n + 1, need.needed)
        assertTrue(!need.onTheEdge, "$need")
    }

    @Test
    fun `the ledger prints what each open verdict would take, in claims md and claims csv`() {
        val claim = Claim("000-9-test", "000", "9", "A gain past the edge.", "none", Kind.SHAPE, "./pssr run") {
            Judgement(Terms.atLeast(Estimate(1.36, 1.11, 1.66, 6, label), Terms.SCALES), "a gain")
        }
        val ledger = Ledger(listOf(claim to claim.judged(Evidence.of(emptyList(), confidence))))
        val md = ledger.markdown(emptyList())
        assertTrue(md.contains("  - to decide: about "), md)
        assertTrue(md.contains("What the open verdicts would take: under the tool's setup: of 1 inconclusive, 1 would be decided"), md)
        val csv = ledger.csv().lines()
        assertEquals(Ledger.COLUMNS.indexOf("to_decide"), Ledger.COLUMNS.size - 2)
        assertTrue(csv[1].endsWith(",${ToDecide.need(Estimate(1.36, 1.11, 1.66, 6, label), Terms.SCALES)!!.needed},"), csv[1])
    }
}
