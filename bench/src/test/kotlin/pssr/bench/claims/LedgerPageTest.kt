package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.resultRow
import pssr.bench.stats.RouteLevel
import pssr.probe.Jackson
import pssr.probe.at

/**
 * What claims.json carries for claims.html to draw (docs/CLAIMS.md, "claims.json and claims.html"): each figure a claim's words
 * read, with our estimate, its interval and the region of the ratio axis where the word holds.
 */
class LedgerPageTest {
    private val rows = (1..3).flatMap {
        listOf(
            resultRow("webflux", engine = "htmlflow", users = 64, repetition = it, throughput = 2_000.0 + it * 10, coresBusy = 0.95),
            resultRow("webflux", engine = "jstachio", users = 64, repetition = it, throughput = 1_600.0 + it * 7, coresBusy = 0.95),
        )
    }
    private val e = Evidence(RouteLevel.of(rows), emptyList(), rows, emptyList())
    private val a = Route("webflux", "presentations", "htmlflow", "virtual", 64)
    private val b = Route("webflux", "presentations", "jstachio", "virtual", 64)

    @Test
    fun `a comparison's reading is our ratio and interval with where its word holds, named by what it compares`() {
        val j = ClaimKit.compare("t", "000", "5.2", "HtmlFlow is faster", "-", Kind.SIZE, "HtmlFlow / JStachio", a, b, Terms::higher)
            .judged(e)
        val r = j.readings.single()
        assertEquals("HtmlFlow / JStachio", r.label)
        assertEquals(Verdict.HOLDS, r.verdict)
        assertEquals(Terms.COMPARABLE.endInclusive, r.holdsFrom)
        assertEquals(Double.POSITIVE_INFINITY, r.holdsTo)
        assertTrue(r.low <= r.value && r.value <= r.high && r.value > 1.2, "$r")
    }

    @Test
    fun `a word turned around holds on the other side of its edge`() {
        val j = ClaimKit.compare("t", "000", "5.2", "HtmlFlow is not faster", "-", Kind.SIZE, "HtmlFlow / JStachio", a, b, Terms::notHigher)
            .judged(e)
        val r = j.readings.single()
        assertEquals(Verdict.REFUTED, r.verdict)
        assertEquals(Double.NEGATIVE_INFINITY, r.holdsFrom)
        assertEquals(Terms.COMPARABLE.endInclusive, r.holdsTo)
    }

    @Test
    fun `claims json holds each claim's verdict and readings, an open end as null`() {
        val c = ClaimKit.compare("t", "000", "5.2", "HtmlFlow is faster", "-", Kind.SIZE, "HtmlFlow / JStachio", a, b, Terms::higher)
        val json = Jackson.read(LedgerPage.json(Ledger(listOf(c to c.judged(e))), mapOf("t" to listOf("run/report.html#claim-t"))))
        assertEquals("holds", json.at(0, "verdict"))
        assertEquals(1.1, json.at(0, "readings", 0, "holdsFrom"))
        assertEquals(null, json.at(0, "readings", 0, "holdsTo"))
        assertEquals("run/report.html#claim-t", json.at(0, "evidence", 0))
        assertEquals(null, json.at(0, "paperSetup"))
    }
}

class RoundsLineTest {
    @Test
    fun `the ledger's header gives the rounds' share of the time measured and what they decided`() {
        val holds = Judgement(Verdict.HOLDS, "")
        val open = Judgement(Verdict.INCONCLUSIVE, "")
        val outcome = Rounds.Outcome(
            mapOf("a" to holds, "b" to holds, "c" to open, "d" to holds),
            mapOf("a" to 2, "b" to 3, "c" to 3, "d" to 1),
            mapOf("a" to 2, "b" to 3, "c" to 3, "d" to 1),
            rounds = 3,
        )
        assertEquals(
            "Rounds: 2 after the first pass, 18 of 147 min measured (12%); they decided 2 claims (a, b); 1 measured again stay open.",
            outcome.line(18 * 60L, 147 * 60L),
        )
        assertTrue(outcome.copy(rounds = 1).line(0, 147 * 60L).startsWith("Rounds: none"))
    }
}
