package pssr.bench.claims

import pssr.bench.results.ResultRow
import pssr.bench.results.RouteCheck
import pssr.bench.stats.Stats
import java.nio.file.Path

/**
 * One judged folder: its rows, streaming verdicts and browser figures, and the [setup] label it ran under ("" for the tool's
 * own). [sharedJvm]: its routes shared one server JVM per framework (`--quick`, `--target`), so its repetitions are windows
 * of one JVM; otherwise every route and repetition had a JVM of its own.
 */
class JudgedFolder(
    val dir: Path,
    val setup: String,
    val rows: List<ResultRow>,
    val checks: List<RouteCheck>,
    val browser: List<BrowserFigure>,
    val cores: Int? = null,
    val sharedJvm: Boolean = false,
) {
    /** (framework, repetition) to the JVM that measured it, for a shared JVM's folder (built once: every claim reads it). */
    val jvms: Map<Pair<String, Int>, String> by lazy {
        if (!sharedJvm) emptyMap() else rows.associate { (it.frameworkLabel to it.repetition) to "$dir#${it.frameworkLabel}" }
    }
}

/**
 * One Lighthouse figure of `./pssr browser` (summary.csv): the median over its runs, and the [runs] themselves (runs.csv)
 * where the folder has them.
 */
data class BrowserFigure(
    val page: String,
    val rendering: String,
    val pssr: String,
    val throttling: String,
    val score: Double,
    val fcpMs: Double,
    val lcpMs: Double,
    val speedIndexMs: Double,
    val runs: List<BrowserRun> = emptyList(),
) {
    /**
     * [metric] as an estimate: from three runs or more, their mean with its Student t interval at [confidence]; from fewer,
     * the summary's median ([median]) as one measurement, no interval (a figure measured once is not exact).
     */
    fun estimate(metric: (BrowserRun) -> Double, median: Double, confidence: Double = 0.95): Estimate {
        val xs = runs.map(metric).filter { it.isFinite() }
        if (xs.size < 3) return Estimate.point(median, maxOf(1, xs.size))
        val ci = Stats.ci(xs, confidence)!!
        return Estimate(Stats.mean(xs), ci.low, ci.high, xs.size, Estimate.label(confidence))
    }
}

/** One Lighthouse run of a [BrowserFigure] (runs.csv). */
data class BrowserRun(val fcpMs: Double, val lcpMs: Double, val speedIndexMs: Double)
