
package pssr.bench.browser

import pssr.bench.console.Fmt
import pssr.bench.paper.Seed002Table1
import pssr.bench.report.Figure
import pssr.bench.stats.Stats

/**
 * The charts of browser.html: per figure (FCP, LCP, Speed Index, score) the median over the Lighthouse runs of each page,
 * a series per rendering, throttling and PSSR off or on, beside seed 002's Table 1 (grey). Pages are categories, not a
 * scale: points, no lines. Drawn in the browser from the page's data (report/Figure.kt).
 */
internal object BrowserFigures {
    fun of(summary: BrowserSummary): List<Figure> {
        val pages = summary.pages
        val names = pages.map { it.id }
        fun figure(
            id: String,
            title: String,
            unit: String,
            ours: (LighthouseRun) -> Double,
            paper: ((Seed002Table1.Cell) -> Double)?,
        ): Figure {
            val measured = summary.throttlings.flatMap { t ->
                summary.renderings.flatMap { r ->
                    listOf(false, true).map { on ->
                        Figure.Series(
                            "${r.id}, $t, PSSR ${if (on) "on" else "off"}",
                            pages.mapIndexedNotNull { i, p ->
                                val runs =
                                    summary.medians[BrowserSummary.Key(BrowserCase(p, r, on), t)]?.runs ?: return@mapIndexedNotNull null
                                val values = runs.map(ours)
                                val s = Stats.summarize(values.filter { it.isFinite() })
                                Figure.Point(
                                    i.toDouble(),
                                    Stats.median(values),
                                    s.ci?.low,
                                    s.ci?.high,
                                    runs.size,
                                    "runs: " + values.joinToString(", ") { v -> if (v.isFinite()) Fmt.fixed(v, 2) else "–" },
                                )
                            },
                            style = "points",
                        )
                    }
                }
            }.filter { it.points.isNotEmpty() }
            val seed = if (paper == null) {
                emptyList()
            } else {
                listOf(false, true).map { on ->
                    Figure.Series(
                        "seed 002 (paper), PSSR ${if (on) "on" else "off"}",
                        pages.mapIndexedNotNull { i, p ->
                            Seed002Table1.cells[p.id to on]?.let {
                                Figure.Point(i.toDouble(), paper(it), note = "seed 002, Table 1 (by hand)")
                            }
                        },
                        style = "reference-points",
                    )
                }.filter { it.points.isNotEmpty() }
            }
            return Figure(id, title, "page", "page", unit, measured + seed, nOf = "Lighthouse run", categories = names)
        }
        val s = 1 / 1000.0
        return listOf(
            figure("browser-fcp", "First Contentful Paint (median of the runs)", "s", { it.fcp * s }, { it.fcpLcpSeconds }),
            figure("browser-lcp", "Largest Contentful Paint (median of the runs)", "s", { it.lcp * s }, { it.fcpLcpSeconds }),
            figure("browser-speed-index", "Speed Index (median of the runs)", "s", { it.speedIndex * s }, { it.speedIndexSeconds }),
            figure(
                "browser-score",
                "Lighthouse performance score (median of the runs)",
                "score (0–100)",
                { it.score },
                { it.score.toDouble() },
            ),
        ).filter { it.drawable }
    }
}
