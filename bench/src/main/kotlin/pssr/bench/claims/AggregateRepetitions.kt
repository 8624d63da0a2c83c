package pssr.bench.claims

import pssr.bench.results.ResultRow

/**
 * An aggregate's figure per repetition ("Virtual (mean)" over the engines), each engine weighing the same, from its rows at
 * one level. A repetition counts where its run measured every engine of the aggregate (at any level: a `reproduce` round
 * that measured one engine again does not tilt it). An engine's row missing at this level alone (left out as measured
 * before steady state) is that engine's mean over the other repetitions, scaled by how fast the repetition's other
 * engines ran against their own means: the plain mean over the engines present would jump by the missing engine's share,
 * and leaving the repetition out would cost a degree of freedom.
 */
internal object AggregateRepetitions {
    /**
     * [rs]: the aggregate's rows at one level; [measuredIn]: the engines each repetition's run measured at any level; [jvmOf]:
     * the JVM that measured a row (null: not known). A repetition whose rows two JVMs measured (a repetition number two runs
     * used: the 8 KB Rocker run beside a paper's pages) is refused: an aggregate is one JVM's engines.
     */
    fun of(
        all: List<ResultRow>,
        measuredIn: Map<Int, Set<String>>,
        metric: (ResultRow) -> Double,
        jvmOf: (ResultRow) -> String? = { null },
    ): Map<Int, Double> {
        val rs = all.groupBy { it.repetition }.filterValues { g -> g.mapNotNull(jvmOf).distinct().size <= 1 }.values.flatten()
        if (rs.isEmpty()) return emptyMap()
        val byEngine = rs.groupBy { it.engine }.mapValues { (_, g) ->
            g.groupBy { it.repetition }.mapValues { (_, x) -> x.map(metric).average() }
        }
        val means = byEngine.mapValues { (_, byRep) -> byRep.values.average() }
        val reps = rs.map { it.repetition }.distinct().filter { rep -> measuredIn[rep].orEmpty().containsAll(byEngine.keys) }
        return reps.associateWith { rep ->
            val speed = byEngine.entries.mapNotNull { (e, byRep) -> byRep[rep]?.div(means.getValue(e)) }.average()
            byEngine.entries.map { (e, byRep) -> byRep[rep] ?: (means.getValue(e) * speed) }.average()
        }.ifEmpty {
            // no run measured every engine (each engine from a run of its own): the engines' mean repetition by repetition
            rs.groupBy { it.repetition }.mapValues { (_, g) ->
                g.groupBy { it.engine }.values.map { e -> e.map(metric).average() }.average()
            }
        }
    }
}
