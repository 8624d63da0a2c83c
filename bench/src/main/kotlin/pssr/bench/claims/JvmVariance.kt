package pssr.bench.claims

import pssr.bench.console.Fmt
import pssr.bench.stats.JvmLevels
import pssr.bench.stats.Stats

/**
 * The variance at each level of the pages' throughput (Kalibera and Jones, ISMM 2013): per framework, over the
 * route levels measured in at least two server JVMs, how much one window scatters around its JVM's mean and how much the
 * JVMs add on top, and from them the windows per JVM that give the narrowest interval for the time
 * ([JvmLevels.optimalWindowsPerJvm]). A JVM costs its start and warm-up ([jvmSeconds]), shared by the route levels it
 * measures; a window costs its warm-up, measurement and overhead ([windowSeconds]).
 */
data class JvmVariance(
    val framework: String,
    val routeLevels: Int,
    val jvms: Int,
    val withinPct: Double,
    val betweenPct: Double,
    /** Route levels whose JVMs differed more than their windows explain (F test p <= 0.25: intervals of JVMs' means). */
    val jvmEffect: Int,
    val optimalWindows: Int?,
) {
    companion object {
        /**
         * Defaults: a shared JVM's start, verification and first route's steady warm-up (~60 s here); a 1 s window with its
         * 1 s warm-up and ~1 s overhead.
         */
        fun of(e: Evidence, jvmSeconds: Double = 60.0, windowSeconds: Double = 3.0): List<JvmVariance> =
            e.levels.groupBy { it.framework }.mapNotNull { (fw, ls) ->
                val measured = ls.mapNotNull { l ->
                    val route = Route(l.framework, l.model, l.engine, l.approach, l.users)
                    // a level whose repetitions two JVMs share (two drivers' folders of one route) is no JVM's level
                    val reps = try {
                        e.perRepetition(route)
                    } catch (_: MissingRows) {
                        return@mapNotNull null
                    }
                    val m = reps.values.average()
                    // relative figures, so routes of different speeds weigh the same
                    e.jvmLevels(route, reps.mapValues { it.value / m }).takeIf { it.jvms >= 2 && !it.within.isNaN() }
                }
                if (measured.isEmpty()) return@mapNotNull null
                val within = Stats.median(measured.map { it.within })
                val between = Stats.median(measured.map { it.between })
                val perJvm = (jvmSeconds / ls.size).coerceAtLeast(windowSeconds / 10)
                JvmVariance(
                    fw,
                    measured.size,
                    measured.maxOf { it.jvms },
                    100 * kotlin.math.sqrt(within),
                    100 * kotlin.math.sqrt(between),
                    measured.count { !it.pooled },
                    JvmLevels.optimalWindows(perJvm, windowSeconds, within, between),
                )
            }

        /** The ledger's section (markdown), or nothing when no route level was measured in two JVMs. */
        fun markdown(vs: List<JvmVariance>): String = if (vs.isEmpty()) {
            ""
        } else {
            buildString {
                appendLine()
                appendLine("## Variance at each level")
                appendLine()
                appendLine(
                    "Throughput of the pages' route levels measured in at least two server JVMs (reproduce's rounds add two per claim):",
                )
                appendLine("the median over route levels of one window's standard deviation around its JVM's mean, and of what the")
                appendLine("JVMs add (Kalibera and Jones' T1 and T2, % of the mean). An interval counts every window where the JVMs'")
                appendLine("means differ no more than their windows explain (F test p > 0.25, Bancroft's pooling rule), otherwise only")
                appendLine("the JVMs' means (docs/CLAIMS.md).")
                appendLine()
                appendLine(
                    "| framework | route levels | JVMs | window sd | JVM sd | levels with a JVM effect | windows per JVM, least variance |",
                )
                appendLine("|---|---|---|---|---|---|---|")
                for (v in vs) {
                    val best = if (v.betweenPct == 0.0) {
                        "as many as the budget allows (the JVMs add nothing measurable)"
                    } else {
                        v.optimalWindows?.toString() ?: "-"
                    }
                    appendLine(
                        "| ${v.framework} | ${v.routeLevels} | ${v.jvms} | ${pct(v.withinPct)} | ${pct(v.betweenPct)} | " +
                            "${v.jvmEffect} | $best |",
                    )
                }
            }
        }

        private fun pct(v: Double) = Fmt.percent(v, 1)
    }
}
