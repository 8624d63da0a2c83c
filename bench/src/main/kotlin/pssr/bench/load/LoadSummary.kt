package pssr.bench.load

import pssr.bench.stats.Stats
import pssr.probe.page.PageVerdict

/** One page at one level, over its repetitions: what every output of `./pssr load` shows. */
data class PageLevel(val page: String, val loadModel: String, val level: Int, val rows: List<LoadRow>) {
    val throughput: Stats.Summary = Stats.summarize(rows.map { it.throughputRps })
    val latencyP99Ms: Double = Stats.median(rows.map { it.latencyP99Ms })
    val latencyP50Ms: Double = Stats.median(rows.map { it.latencyP50Ms })
    val ttfbP99Ms: Double = Stats.median(rows.map { it.ttfbP99Ms }.filter { !it.isNaN() })
    val firstContentP50Ms: Double = Stats.median(rows.map { it.firstContentP50Ms }.filter { !it.isNaN() })
    val firstContentP99Ms: Double = Stats.median(rows.map { it.firstContentP99Ms }.filter { !it.isNaN() })
    val halfVisibleP99Ms: Double = Stats.median(rows.map { it.halfVisibleP99Ms }.filter { !it.isNaN() })
    val lastByteP99Ms: Double = Stats.median(rows.map { it.lastByteP99Ms }.filter { !it.isNaN() })
    val serverCpuUsPerReq: Double = Stats.median(rows.map { it.serverCpuUsPerReq }.filter { !it.isNaN() })
    val driverCpuUsPerReq: Double = Stats.median(rows.map { it.driverCpuUsPerReq }.filter { !it.isNaN() })
    val errors: Long = rows.sumOf { it.errors }
    val requests: Long = rows.sumOf { it.requests }
    val driverBound: Boolean = rows.any { it.driverBound }

    /** Side-probe samples of every repetition together: the level's verdict is the one most of them got. */
    val verdicts: Map<PageVerdict, Int> = mapOf(
        PageVerdict.STREAMS to rows.sumOf { it.probeStreams },
        PageVerdict.BUFFERED to rows.sumOf { it.probeBuffered },
        PageVerdict.TOO_FAST to rows.sumOf { it.probeTooFast },
    )
    val verdict: PageVerdict? = PageFigures.verdictOf(verdicts)
    val judged: Int = verdicts.values.sum()
    val unit: String get() = if (loadModel == "open") {
        "req/s"
    } else if (level == 1) {
        "user"
    } else {
        "users"
    }
}

/** Where a page's verdict under load first differs from its verdict without load ("streams until 16 users, buffered from 32"). */
data class VerdictChange(val unloaded: PageVerdict, val from: PageLevel?) {
    fun text(levels: List<PageLevel>): String {
        val top = levels.last()
        if (from == null) return "$unloaded unloaded and at every level up to ${top.level} ${top.unit}"
        val before = levels.takeWhile { it !== from }.lastOrNull()
        return "$unloaded unloaded${before?.let {
            " and up to ${it.level} ${it.unit}"
        } ?: ""}; ${from.verdict?.label ?: "no judged sample"} from ${from.level} ${from.unit}"
    }
}

/** A against B at one level: throughput (B/A paired by repetition, with its interval) and first-content p99, each with Welch's p,
 * Holm-adjusted over the run. */
data class PageComparison(
    val loadModel: String,
    val level: Int,
    val a: PageLevel,
    val b: PageLevel,
    val ratio: Double,
    val ratioCi: Stats.Interval?,
    val throughputP: Double?,
    val firstContentA: List<Double>,
    val firstContentB: List<Double>,
    val firstContentP: Double?,
) {
    val firstContentDiffMs: Double get() = Stats.median(firstContentB) - Stats.median(firstContentA)
    fun significant(p: Double?) = p != null && p < ALPHA

    /** As in `compare`: a throughput change matters when it is at least [THRESHOLD] (a 1% difference can be significant and irrelevant). */
    val throughputMatters: Boolean get() = kotlin.math.abs(ratio - 1) >= THRESHOLD

    companion object {
        const val ALPHA = 0.05
        const val THRESHOLD = 0.10

        fun of(levels: List<PageLevel>): List<PageComparison> {
            val pairs = levels.groupBy { it.loadModel to it.level }.values.mapNotNull { g ->
                val a = g.firstOrNull { it.page == "A" } ?: return@mapNotNull null
                val b = g.firstOrNull { it.page == "B" } ?: return@mapNotNull null
                a to b
            }
            val raw = pairs.map { (a, b) ->
                val tp = Stats.welch(a.rows.map { it.throughputRps }, b.rows.map { it.throughputRps })?.p
                val fa = a.rows.map { it.firstContentP99Ms }.filter { !it.isNaN() }
                val fb = b.rows.map { it.firstContentP99Ms }.filter { !it.isNaN() }
                Triple(a to b, tp, Triple(fa, fb, Stats.welch(fa, fb)?.p))
            }
            // the family is every test of this run: two per level (throughput, first content)
            val ps = raw.flatMap { listOfNotNull(it.second, it.third.third) }
            val adjusted = ArrayDeque(if (ps.isEmpty()) emptyList() else Stats.holm(ps))
            return raw.map { (ab, tp, fc) ->
                val (a, b) = ab
                val tpAdj = tp?.let { adjusted.removeFirst() }
                val fcAdj = fc.third?.let { adjusted.removeFirst() }
                val byRep = a.rows.associate { it.repetition to it.throughputRps }
                val ratios = b.rows.mapNotNull { r -> byRep[r.repetition]?.let { r.throughputRps / it } }.filter { it.isFinite() }
                // paired by repetition, on the log scale (Stats.logRatio): a geometric mean with an interval that stays positive
                val (paired, ci) = Stats.logRatio(ratios)
                PageComparison(
                    a.loadModel, a.level, a, b, if (ratios.isEmpty()) b.throughput.mean / a.throughput.mean else paired,
                    ci, tpAdj, fc.first, fc.second, fcAdj,
                )
            }
        }
    }
}

/** Everything `./pssr load` concludes from its rows and the pages it learned. */
class LoadSummary(val pages: List<LoadPage>, val rows: List<LoadRow>) {
    val levels: List<PageLevel> = rows.groupBy {
        Triple(it.page, it.loadModel, it.level)
    }.map { (k, rs) -> PageLevel(k.first, k.second, k.third, rs) }
        .sortedWith(compareBy({ it.page }, { it.loadModel }, { it.level }))
    val comparisons: List<PageComparison> = if (pages.size == 2) PageComparison.of(levels) else emptyList()

    fun levelsOf(page: String, model: String) = levels.filter { it.page == page && it.loadModel == model }
    val models: List<String> get() = rows.map { it.loadModel }.distinct()

    fun change(page: LoadPage, model: String): VerdictChange {
        val ls = levelsOf(page.label, model)
        return VerdictChange(page.unloaded.verdict, ls.firstOrNull { it.verdict != page.unloaded.verdict })
    }
}
