package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The round-by-round budget on synthetic claims: each round narrows a claim's interval as if more pairs were measured. */
class RoundsTest {
    private fun j(v: Verdict) = Judgement(v, v.word)

    @Test
    fun `the looks spend alpha so that their sum stays under it`() {
        val r = Rounds(alpha = 0.05, maxLooks = 10)
        assertEquals(0.975, r.confidence(1), 1e-12)
        assertEquals(0.9875, r.confidence(2), 1e-12)
        assertTrue((1..10).sumOf { 1 - r.confidence(it) } < 0.05)
    }

    @Test
    fun `a claim that decides in round 2 stops there, and one decided in round 1 is never measured again`() {
        val measured = ArrayList<List<String>>()
        val out = Rounds(maxLooks = 4).run(
            judge = { round, _ ->
                mapOf("early" to j(Verdict.HOLDS), "late" to j(if (round >= 2) Verdict.REFUTED else Verdict.INCONCLUSIVE))
            },
            measure = { _, open ->
                measured += open
                open.toSet()
            },
        )
        assertEquals(listOf(listOf("late")), measured, "only the open claim is measured again, once")
        assertEquals(2, out.rounds)
        assertEquals(mapOf("early" to 1, "late" to 2), out.roundOf)
        assertEquals(mapOf("early" to 1, "late" to 2), out.looks)
        assertEquals(Verdict.REFUTED, out.judgements.getValue("late").verdict)
    }

    @Test
    fun `a claim that never decides uses every round the budget allows and stays inconclusive`() {
        var budgetRounds = 2 // room for two more rounds, then the budget says no
        val confidences = ArrayList<Double>()
        val out = Rounds(maxLooks = 10).run(
            judge = { _, c ->
                confidences += c
                mapOf("never" to j(Verdict.INCONCLUSIVE))
            },
            measure = { _, open -> if (budgetRounds-- > 0) open.toSet() else emptySet() },
        )
        assertEquals(3, out.rounds)
        assertEquals(Verdict.INCONCLUSIVE, out.judgements.getValue("never").verdict)
        assertEquals(3, out.roundOf.getValue("never"))
        assertEquals(3, out.looks.getValue("never"))
        assertEquals(listOf(0.975, 0.9875, 0.99375), confidences)
    }

    @Test
    fun `a claim the budget did not measure again keeps its first look's judgement and confidence`() {
        val judgedAt = HashMap<String, MutableList<Double>>()
        val out = Rounds(maxLooks = 4).run(
            judge = { _, c ->
                mapOf("a" to j(Verdict.INCONCLUSIVE), "b" to j(Verdict.INCONCLUSIVE)).also { js ->
                    js.keys.forEach { judgedAt.getOrPut(it) { ArrayList() } += c }
                }
            },
            // the budget has room for "a" only, twice
            measure = { round, open -> if (round <= 3) setOf("a").intersect(open.toSet()) else emptySet() },
        )
        assertEquals(mapOf("a" to 3, "b" to 1), out.looks)
        assertEquals(mapOf("a" to 3, "b" to 1), out.roundOf)
        assertEquals(3, out.rounds)
        assertEquals(Verdict.INCONCLUSIVE, out.judgements.getValue("b").verdict)
    }

    @Test
    fun `the claims with the fewest looks are offered first`() {
        val offered = ArrayList<List<String>>()
        Rounds(maxLooks = 4).run(
            judge = { _, _ -> mapOf("a" to j(Verdict.INCONCLUSIVE), "b" to j(Verdict.INCONCLUSIVE)) },
            measure = { round, open ->
                offered += open
                if (round == 2) setOf("a") else emptySet()
            },
        )
        assertEquals(listOf(listOf("a", "b"), listOf("b", "a")), offered)
    }

    @Test
    fun `among claims with as many looks, the one nearest a decision is offered first`() {
        fun open(needed: Int) = Judgement(Verdict.INCONCLUSIVE, "open", toDecide = ToDecide.Need(6, needed))
        val offered = ArrayList<List<String>>()
        Rounds(maxLooks = 2).run(
            judge = { _, _ -> mapOf("edge" to open(ToDecide.MOST + 1), "far" to open(40), "near" to open(8)) },
            measure = { _, ids ->
                offered += ids
                emptySet()
            },
        )
        assertEquals(listOf(listOf("near", "far", "edge")), offered)
    }

    @Test
    fun `a verdict decided in an early round is kept even if a later look would read it otherwise`() {
        val out = Rounds(maxLooks = 3).run(
            judge = { round, _ ->
                mapOf("a" to j(if (round == 1) Verdict.HOLDS else Verdict.INCONCLUSIVE), "b" to j(Verdict.INCONCLUSIVE))
            },
            measure = { _, open -> open.toSet() },
        )
        assertEquals(Verdict.HOLDS, out.judgements.getValue("a").verdict)
        assertEquals(1, out.roundOf.getValue("a"))
        assertEquals(mapOf("a" to 1, "b" to 3), out.looks)
    }

    @Test
    fun `an interval at 97_5 percent is labelled so`() {
        assertEquals("97.5%", Estimate.label(0.975))
        assertEquals("95%", Estimate.label(0.95))
    }
}
