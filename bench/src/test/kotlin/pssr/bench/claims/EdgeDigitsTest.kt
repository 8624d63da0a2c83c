package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.console.Fmt

/**
 * A printed interval shows the digits its verdict needs: for every word, with bounds right at its edges, the
 * verdict read from the printed figures (parsed back, judged again) is the verdict of the true ones.
 */
class EdgeDigitsTest {
    /** A word, named, with the edges a reader compares against. */
    private class Word(val name: String, val judge: (Estimate) -> Verdict, val edges: List<Double>)

    private val words = listOf(
        Word("comparable", Terms::comparable, listOf(0.90, 1.10)),
        Word("higher", Terms::higher, listOf(1.10)),
        Word("lower", Terms::lower, listOf(0.90)),
        Word("slightly higher", Terms::slightlyHigher, listOf(1.10, 1.25)),
        Word("about 2x", { Terms.about(it, 2.0) }, listOf(1.60, 2.50)),
        Word("about 0.25x", { Terms.about(it, 0.25) }, listOf(0.25 / 1.25, 0.25 * 1.25)),
        Word("at least 1.15 (scales)", { Terms.atLeast(it, Terms.SCALES) }, listOf(1.15)),
        Word("under 1.15 (stops scaling)", { Terms.below(it, Terms.SCALES) }, listOf(1.15)),
        Word("under 0.05", { Terms.below(it, 0.05) }, listOf(0.05)),
        Word("within 500 .. 1,500 ms", { Terms.within(it, 500.0..1500.0) }, listOf(500.0, 1500.0)),
    )

    /** Bounds at, just under and just over an edge, by 4e-4, 5e-5 and 4e-3 of it. */
    private fun near(x: Double) = listOf(x, x * (1 - 4e-4), x * (1 + 4e-4), x * (1 - 5e-5), x * (1 + 5e-5), x * (1 - 4e-3), x * (1 + 4e-3))

    private val interval = Regex("""^(-|[\d,.]+)x? \(95% ([\d,.]+)-([\d,.]+)\)$""")

    /** [e] as the ledger prints it within a judgement by [w], read back into an estimate. */
    private fun printedAndRead(w: Word, e: Estimate): Pair<String, Estimate> {
        val text = Edges.judging {
            w.judge(e)
            e.text("x")
        }
        val m = interval.matchEntire(text)
        if (m == null) {
            // a point: "1.10x" or "1.10x (one measurement, no interval)"
            val v = text.substringBefore("x").replace(",", "").toDouble()
            return text to Estimate(v, v, v, e.n)
        }
        val (v, lo, hi) = m.destructured
        fun d(s: String) = s.replace(",", "").toDouble()
        return text to Estimate(d(v), d(lo), d(hi), e.n)
    }

    @Test
    fun `for every word, the verdict of the printed interval is the verdict of the true one, bounds right at the edges`() {
        var cases = 0
        for (w in words) {
            val xs = w.edges.flatMap(::near) + w.edges.flatMap { listOf(it * 0.8, it * 1.2) }
            for (lo in xs) {
                for (hi in xs) {
                    if (hi <= lo) continue
                    val e = Estimate((lo + hi) / 2, lo, hi, 3)
                    val (text, read) = printedAndRead(w, e)
                    assertEquals(w.judge(e), w.judge(read), "${w.name}: $lo-$hi printed as \"$text\"")
                    cases++
                }
            }
            // a point (one measurement, no interval) at the edges: "higher" and "lower" read it against the comparable band
            for (x in xs) {
                val e = Estimate(x, x, x, 1)
                val (text, read) = printedAndRead(w, e)
                assertEquals(w.judge(e), w.judge(read), "${w.name}: point $x printed as \"$text\"")
                cases++
            }
        }
        assertTrue(cases > 1000, "$cases cases")
    }

    @Test
    fun `the issue's two examples print the digit that decides them`() {
        // 000-5.1-rocker-buffer: refuted "comparable" needs the upper bound under 0.90
        val rocker = Estimate(0.802, 0.7105, 0.8996, 6, "97.5%")
        val r = Edges.judging {
            assertEquals(Verdict.REFUTED, Terms.comparable(rocker))
            rocker.text("x")
        }
        assertEquals("0.8020x (97.5% 0.7105-0.8996)", r)
        // 002-6-htmlflow-doubles-thymeleaf: "about 2x" has its edge at 1.60; a lower bound of 1.6004 holds that side
        val doubles = Estimate(1.64, 1.6004, 1.69, 6, "97.5%")
        val d = Edges.judging {
            Terms.about(doubles, 2.0)
            doubles.text("x")
        }
        assertEquals("1.6400x (97.5% 1.6004-1.6900)", d)
        // away from every edge the two digits stay
        assertEquals("0.80x (97.5% 0.71-0.85)", Edges.judging { Estimate(0.8, 0.71, 0.85, 6, "97.5%").text("x") })
    }

    @Test
    fun `a judgement that prints a figure before comparing it gets the digits on its second run`() {
        val e = Estimate(2.6, 2.4996, 2.7, 3)
        val printed = Edges.judging {
            val text = e.text("x")
            Terms.about(e, 2.0)
            text
        }
        assertEquals("2.6000x (95% 2.4996-2.7000)", printed)
    }

    @Test
    fun `figures from 100 up get decimals only where an edge needs them`() {
        assertEquals("4,487", Fmt.figure(4487.0, 2, listOf(500.0)))
        assertEquals("499.6", Fmt.figure(499.6, 0, listOf(500.0)))
        assertEquals("500", Fmt.figure(500.0, 0, listOf(500.0)))
    }
}
