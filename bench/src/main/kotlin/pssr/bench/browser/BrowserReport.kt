package pssr.bench.browser

import pssr.bench.console.Fmt
import pssr.bench.csv.CsvFile
import pssr.bench.markup.Table
import pssr.bench.markup.htmlEscape
import pssr.bench.paper.Seed002Table1
import pssr.bench.process.Children
import pssr.bench.report.Explorer
import pssr.bench.report.Figure
import pssr.bench.stats.Stats
import pssr.probe.browser.Chromium
import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering
import java.awt.Color
import java.awt.Font
import java.awt.RenderingHints
import java.awt.image.BufferedImage
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.nio.file.Files
import java.nio.file.Path
import java.util.Base64
import javax.imageio.ImageIO

/** The median of each figure per case x throttling, and where each run's figures came from. */
class BrowserSummary(val runs: List<LighthouseRun>, private val dir: Path) {
    data class Key(val case: BrowserCase, val throttling: String)
    class Medians(
        val score: Double,
        val fcp: Double,
        val lcp: Double,
        val speedIndex: Double,
        val ttfb: Double,
        val runs: List<LighthouseRun>,
    )

    val medians: Map<Key, Medians> = runs.groupBy { Key(it.case!!, it.throttling) }.mapValues { (_, rs) ->
        Medians(
            Stats.median(rs.map { it.score }),
            Stats.median(rs.map { it.fcp }),
            Stats.median(rs.map { it.lcp }),
            Stats.median(rs.map { it.speedIndex }),
            Stats.median(rs.map { it.ttfb }),
            rs.sortedBy { it.run },
        )
    }
    val pages: List<DemoPage> = runs.map { it.case!!.page }.distinct()
    val renderings: List<DemoRendering> = runs.map { it.case!!.rendering }.distinct()
    val throttlings: List<String> = runs.map { it.throttling }.distinct()

    fun rel(p: Path): String = dir.relativize(p).toString()

    fun writeCsv() {
        Files.writeString(
            dir.resolve("runs.csv"),
            buildString {
                appendLine("page,rendering,pssr,throttling,run,score,fcp_ms,lcp_ms,speed_index_ms,ttfb_ms,observed_fcp_ms,file,warnings")
                for (r in runs) {
                    val c = r.case!!
                    appendLine(
                        CsvFile.line(
                            listOf(
                                c.page.id, c.rendering.id, c.mode, r.throttling, r.run,
                                Fmt.fixed(
                                    r.score,
                                    0,
                                    Fmt.NAN,
                                ),
                                Fmt.fixed(r.fcp, 0, Fmt.NAN), Fmt.fixed(r.lcp, 0, Fmt.NAN),
                                Fmt.fixed(r.speedIndex, 0, Fmt.NAN), Fmt.fixed(r.ttfb, 0, Fmt.NAN), Fmt.fixed(r.observedFcp, 0, Fmt.NAN),
                                rel(r.file), r.warnings.joinToString("; "),
                            ),
                        ),
                    )
                }
            },
        )
        Files.writeString(
            dir.resolve("summary.csv"),
            buildString {
                appendLine("page,rendering,pssr,throttling,runs,score,fcp_ms,lcp_ms,speed_index_ms,ttfb_ms,files")
                for ((k, m) in medians) {
                    appendLine(
                        listOf(
                            k.case.page.id, k.case.rendering.id, k.case.mode, k.throttling, m.runs.size,
                            Fmt.fixed(
                                m.score,
                                0,
                                Fmt.NAN,
                            ),
                            Fmt.fixed(
                                m.fcp,
                                0,
                                Fmt.NAN,
                            ),
                            Fmt.fixed(m.lcp, 0, Fmt.NAN), Fmt.fixed(m.speedIndex, 0, Fmt.NAN), Fmt.fixed(m.ttfb, 0, Fmt.NAN),
                            m.runs.joinToString(" ") {
                                rel(it.file)
                            },
                        )
                            .let(CsvFile::line),
                    )
                }
            },
        )
    }

    /** Seed 002's Table 1 layout: a column per page x PSSR (off, on), a row per figure x source (the paper, then ours). */
    fun rows(): Pair<List<String>, List<List<String>>> {
        val header = listOf("figure", "source") + pages.flatMap { p -> listOf("${p.id} off", "${p.id} on") }
        val rows = mutableListOf<List<String>>()
        fun figure(name: String, paper: ((Seed002Table1.Cell) -> String)?, ours: (Medians) -> String) {
            if (paper != null) {
                rows += listOf(
                    name,
                    "seed 002 (paper)",
                ) + pages.flatMap { p -> listOf(false, true).map { on -> Seed002Table1.cells[p.id to on]?.let(paper) ?: "-" } }
            }
            var named = paper != null
            for (t in throttlings) {
                for (r in renderings) {
                    rows += listOf(if (named) "" else name.also { named = true }, "$r, $t") +
                        pages.flatMap { p -> listOf(false, true).map { on -> medians[Key(BrowserCase(p, r, on), t)]?.let(ours) ?: "-" } }
                }
            }
        }
        figure("Score", { it.score.toString() }, { Fmt.fixed(it.score, 0, Fmt.NAN) })
        figure("FCP s", { Fmt.fixed(it.fcpLcpSeconds, 1, Fmt.NAN) }, { Fmt.fixed(it.fcp / 1000, 2, Fmt.NAN) })
        figure("LCP s", { Fmt.fixed(it.fcpLcpSeconds, 1, Fmt.NAN) }, { Fmt.fixed(it.lcp / 1000, 2, Fmt.NAN) })
        figure("Speed Index s", { Fmt.fixed(it.speedIndexSeconds, 1, Fmt.NAN) }, { Fmt.fixed(it.speedIndex / 1000, 2, Fmt.NAN) })
        figure("TTFB s", null, { Fmt.fixed(it.ttfb / 1000, 2, Fmt.NAN) })
        return header to rows
    }

    fun table(): String {
        val (header, rows) = rows()
        val n = runs.groupBy { Key(it.case!!, it.throttling) }.values.minOfOrNull { it.size } ?: 0
        return "Median of $n Lighthouse runs per cell (simulate = Lighthouse's default simulated mobile throttling; provided = no " +
            "throttling).\n" +
            "Seed 002 gave one FCP/LCP row; TTFB is Lighthouse's server-response-time audit (observed).\n" + Table(header, rows).render()
    }
}

/** Filmstrips by direct capture: the viewport at fixed instants after navigation, one strip per case. */
object Filmstrips {
    val INSTANTS_MS = listOf(250L, 500L, 1000L, 1500L, 2000L, 2500L, 3000L, 3500L)
    private const val W = 360
    private const val H = 270
    private const val SCALE = 2.0 / 3

    class Strip(val case: BrowserCase, val file: Path, val png: ByteArray, val takenAtMs: List<Long>)

    fun capture(chromium: Path, baseUrl: String, cases: List<BrowserCase>, dir: Path): List<Strip> {
        Files.createDirectories(dir)
        return Chromium.launch(chromium, spawn = Children::spawn).use { browser ->
            cases.map { c ->
                val frames = browser.newPage(W, H).use { it.filmstrip(baseUrl + c.path(), INSTANTS_MS) }
                val png = compose(frames.map { ImageIO.read(ByteArrayInputStream(it.png)) }, frames.map { it.wantedMillis })
                val file = dir.resolve("${c.id}.png")
                Files.write(file, png)
                Strip(c, file, png, frames.map { it.atMillis })
            }
        }
    }

    private fun compose(frames: List<BufferedImage>, wanted: List<Long>): ByteArray {
        val fw = (W * SCALE).toInt()
        val fh = (H * SCALE).toInt()
        val gap = 6
        val label = 18
        val img = BufferedImage(frames.size * (fw + gap) + gap, fh + label + 2 * gap, BufferedImage.TYPE_INT_RGB)
        val g = img.createGraphics()
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC)
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON)
        g.color = Color(0xEE, 0xEE, 0xEE)
        g.fillRect(0, 0, img.width, img.height)
        g.font = Font(Font.SANS_SERIF, Font.PLAIN, 12)
        frames.forEachIndexed { i, f ->
            val x = gap + i * (fw + gap)
            g.drawImage(f, x, gap, fw, fh, null)
            g.color = Color.GRAY
            g.drawRect(x, gap, fw - 1, fh - 1)
            g.color = Color.BLACK
            g.drawString(Fmt.fixed(wanted[i] / 1000.0, 2, Fmt.NAN) + " s", x + 4, gap + fh + 14)
        }
        g.dispose()
        return ByteArrayOutputStream().also { ImageIO.write(img, "png", it) }.toByteArray()
    }
}

/** `browser.html`: self-contained (images inlined), the Table 1 layout with the paper beside ours, then the filmstrips. */
object BrowserHtml {
    private fun esc(s: String) = htmlEscape(s)

    fun write(file: Path, summary: BrowserSummary, strips: List<Filmstrips.Strip>, lighthouse: Lighthouse) {
        val (header, rows) = summary.rows()
        val figures = BrowserFigures.of(summary)
        val html = buildString {
            append(
                """<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>What the user sees — pssr-bench</title><style>
                body{font-family:sans-serif;margin:1.5rem;max-width:110rem} table{border-collapse:collapse;margin:1rem 0}
                td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
                td:first-child,td:nth-child(2),th{text-align:left} tr.paper td{background:#f6f0dc}
                img{max-width:100%;display:block;margin:.2rem 0 1rem} code{background:#f4f4f4}
                </style></head><body>
                """.trimIndent(),
            )
            append("<h1>What the user sees: progressive server-side rendering in a real browser</h1>")
            append(
                "<p>Seed 002's pages (Weather: 3 cities 1 s apart; Artist: two sources fetched concurrently, 1 s each; Presentations: " +
                    "10 items 200 ms apart) ",
            )
            append(
                "served by pssr-bench's WebFlux server with PSSR <b>on</b> (streamed as the data arrives) and <b>off</b> (all data " +
                    "collected, then rendered), ",
            )
            append(
                "rendered by HtmlFlow's suspending views (<code>suspending</code>) and by JStachio on a virtual thread " +
                    "(<code>virtual</code>). ",
            )
            append(
                "Measured with Lighthouse ${esc(lighthouse.version)} (performance category, mobile form factor) " +
                    "on ${esc(lighthouse.chromiumVersion)}, Node ${esc(lighthouse.nodeVersion)}. ",
            )
            append(
                "<b>simulate</b> is Lighthouse's default: the page loads unthrottled and the figures are simulated for a slow 4G " +
                    "phone (Lantern); ",
            )
            append(
                "<b>provided</b> reports what was observed, no throttling. Seed 002 does not say which it used. Each cell is the " +
                    "median of the runs; hover a cell for every run and its JSON file (in <code>lighthouse/</code>). See " +
                    "docs/BROWSER.md.</p>",
            )
            append("<h2>Seed 002 Table 1 beside ours</h2><table><tr>")
            header.forEach { append("<th>${esc(it)}</th>") }
            append("</tr>")
            for (r in rows) {
                val paper = r[1].startsWith("seed 002")
                append(if (paper) "<tr class=\"paper\">" else "<tr>")
                r.forEachIndexed { i, c ->
                    val tip = if (!paper && i >= 2) tooltip(summary, r, i) else ""
                    append("<td${if (tip.isNotEmpty()) " title=\"${esc(tip)}\"" else ""}>${esc(c)}</td>")
                }
                append("</tr>")
            }
            append("</table>")
            if (figures.isNotEmpty()) {
                append(
                    "<h2>Seed 002 Table 1 beside ours, drawn</h2><p>One point per page: ours per rendering, throttling and PSSR off " +
                        "or on, ",
                )
                append(
                    "seed 002's in grey. Hover a point for its median, 95% interval, every run's figure and n; click a name in the " +
                        "legend to hide or show it.</p>",
                )
                figures.forEach { append(it.html()) }
            }
            if (strips.isNotEmpty()) {
                val instants = Filmstrips.INSTANTS_MS.joinToString(", ") { Fmt.fixed(it / 1000.0, 2) }
                append("<h2>Filmstrips</h2><p>The viewport (${"360x270"} CSS px) captured directly over the DevTools protocol at ")
                append("$instants s after navigation started, unthrottled. ")
                append(
                    "With PSSR on the page appears at once and fills in row by row; with it off the screen stays blank until all the " +
                        "data is there.</p>",
                )
                for (p in strips.map { it.case.page }.distinct()) {
                    append("<h3>${esc(p.title)}</h3>")
                    for (s in strips.filter { it.case.page == p }) {
                        append("<p><b>${esc(s.case.rendering.id)}, PSSR ${s.case.mode}</b> — <code>${esc(summary.rel(s.file))}</code>, ")
                        append("taken at ${s.takenAtMs.joinToString(", ")} ms</p>")
                        append("<img alt=\"${esc(s.case.id)}\" src=\"data:image/png;base64,${Base64.getEncoder().encodeToString(s.png)}\">")
                    }
                }
            }
            if (figures.isNotEmpty()) StringBuilder().also { Explorer.scripts(it, Figure.json(figures)) }.let(::append)
            append("</body></html>\n")
        }
        Files.writeString(file, html)
    }

    private fun tooltip(summary: BrowserSummary, row: List<String>, column: Int): String {
        val (rendering, throttling) = row[1].split(", ").takeIf { it.size == 2 } ?: return ""
        val page = summary.pages.getOrNull((column - 2) / 2) ?: return ""
        val case = BrowserCase(page, DemoRendering.byId(rendering) ?: return "", (column - 2) % 2 == 1)
        val m = summary.medians[BrowserSummary.Key(case, throttling)] ?: return ""
        return m.runs.joinToString("\n") { r ->
            "run ${r.run}: score ${Fmt.fixed(r.score, 0, Fmt.NAN)}, FCP ${Fmt.fixed(r.fcp / 1000, 2, Fmt.NAN)}, " +
                "LCP ${Fmt.fixed(r.lcp / 1000, 2, Fmt.NAN)}, SI ${Fmt.fixed(r.speedIndex / 1000, 2, Fmt.NAN)}, TTFB " +
                "${Fmt.fixed(r.ttfb / 1000, 2, Fmt.NAN)} " +
                "— ${summary.rel(r.file)}"
        }
    }
}
