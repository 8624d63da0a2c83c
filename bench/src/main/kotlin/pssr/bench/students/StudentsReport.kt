
package pssr.bench.students

import pssr.bench.console.Fmt
import pssr.bench.markup.Table
import pssr.bench.markup.htmlEscape
import pssr.bench.measure.Errors
import pssr.bench.measure.Server
import pssr.bench.paper.Seed003Table1
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory

/**
 * The students workload's section of report.html and summary.md, and the lines `run` prints: Table 1 in the
 * paper's layout with the paper's figures beside ours, every measured row with errors by kind, the Tomcat
 * sweep, and a paragraph, computed from the rows, saying which of the paper's claims this run reproduces.
 */
object StudentsReport {
    internal fun variantOf(r: ResultRow) = when {
        r.framework == "webflux" -> "webflux-r2dbc"
        r.approach == "platform" -> "mvc-platform"
        r.engine == "r2dbc" -> "mvc-virtual-r2dbc"
        else -> "mvc-virtual"
    }
    internal fun io(r: ResultRow) = r.model.removePrefix("students-")
    fun errPct(r: ResultRow) = if (r.requests == 0L) Double.NaN else 100.0 * r.errors / r.requests

    /** JMeter's throughput: every sample, right or wrong, per second (what the paper's 195.9 and 606.1 are). */
    fun jmeterRps(r: ResultRow) = if (r.windowSeconds <= 0) Double.NaN else r.requests / r.windowSeconds
    internal fun threads(r: ResultRow) = Regex("tomcatMaxThreads=(\\d+)").find(r.config)?.groupValues?.get(1)?.toInt()

    /** Table 1's cell per variant: I/O in the application, the most users, Tomcat's default 200 threads where swept. */
    fun table1Rows(rows: List<ResultRow>): Map<String, ResultRow> {
        val app = rows.filter { io(it) == "app" }
        if (app.isEmpty()) return emptyMap()
        val users = app.maxOf { it.users }
        return app.filter { it.users == users }.groupBy(::variantOf).mapValues { (_, rs) ->
            rs.firstOrNull { threads(it) == 200 }
                ?: rs.first()
        }
    }

    private fun p95(run: RunDirectory?, r: ResultRow): Double = try {
        run?.histograms()?.get(r.key)?.let { it.getValueAtPercentile(95.0) / 1000.0 } ?: Double.NaN
    } catch (e: Exception) {
        Double.NaN
    }

    internal fun kinds(r: ResultRow) = "connect refused ${r.errorsConnect - r.errorsConnectTimeout}, connect " +
        "timeout ${r.errorsConnectTimeout}, read timeout ${r.errorsTimeout}, reset ${r.errorsRead}, " +
        "5xx ${r.errorsStatus} (pool timeout ${r.errorsPoolTimeout}), wrong body ${r.errorsContent}"

    private data class Line(val metric: String, val paperPlatform: String, val paperVirtual: String, val ours: (ResultRow) -> String)

    private fun lines(run: RunDirectory?) = listOf(
        Line(
            "Average latency",
            "${Fmt.grouped(Seed003Table1.platform.latencyMs)} ms",
            "${Fmt.grouped(Seed003Table1.virtual.latencyMs)} ms",
        ) { "${Fmt.grouped(it.latencyMeanMs)} ms" },
        Line(
            "Error rate",
            "${Fmt.grouped(Seed003Table1.platform.errorPct, 2)}%",
            "${Fmt.grouped(Seed003Table1.virtual.errorPct, 2)}%",
        ) { "${Fmt.grouped(errPct(it), 2)}%" },
        Line(
            "Throughput (JMeter, all samples)",
            "${Fmt.grouped(Seed003Table1.platform.throughput, 1)} req/s",
            "${Fmt.grouped(Seed003Table1.virtual.throughput, 1)} req/s",
        ) { "${Fmt.grouped(jmeterRps(it), 1)} req/s" },
        Line("RAM (peak RSS)", "~${Fmt.grouped(Seed003Table1.platform.ramMb)} MB", "~${Fmt.grouped(Seed003Table1.virtual.ramMb)} MB") {
            "${Fmt.grouped(it.rssMbPeak)} MB"
        },
        Line("Correct responses", "-", "-") { "${Fmt.grouped(it.throughputRps, 1)} req/s" },
        Line("Best the profile allows", "-", "-") { "${Fmt.grouped(it.floorRps, 1)} req/s" },
        Line("p50 / p95 / p99", "-", "-") {
            "${Fmt.grouped(it.latencyP50Ms)} / ${Fmt.grouped(p95(run, it))} / ${Fmt.grouped(it.latencyP99Ms)} ms"
        },
        Line("Heap peak", "-", "~50 MB") { "${Fmt.grouped(it.heapMbPeak)} MB" },
        Line("Live threads peak", "~42", "-") { Fmt.grouped(it.threadsPeak.toDouble()) },
        Line("Server CPU per request", "-", "-") { "${Fmt.grouped(it.serverCpuUsPerRequest)} µs" },
        Line("Errors by kind", "-", "-") { kinds(it) },
    )

    /** What `./pssr run --workloads students` prints at the end. */
    fun table1Text(all: List<ResultRow>): List<String> {
        val rows = all.filter { it.workload == "students" }
        val t = table1Rows(rows)
        if (t.isEmpty()) {
            return listOf(
                "students: no row with the I/O in the application (Table 1 needs one); what the rows show:",
            ) + claims(rows).map { "- $it" }
        }
        val variants = VARIANTS.filter { it in t }
        val users = t.values.first().users
        val out = ArrayList<String>()
        out += "Seed 003 Table 1 beside ours ($users users, I/O in the application; paper: ${Seed003Table1.SOURCE}):"
        out += (listOf("metric", "paper platform", "paper virtual") + variants).joinToString(" | ")
        for (l in lines(null).take(4)) {
            out += (listOf(l.metric, l.paperPlatform, l.paperVirtual) + variants.map { l.ours(t.getValue(it)) })
                .joinToString(" | ")
        }
        out += claims(rows).map { "- $it" }
        return out
    }

    fun markdown(run: RunDirectory, rows: List<ResultRow>): String = buildString {
        val t = table1Rows(rows)
        appendLine()
        appendLine("## Workload: students (seed 003)")
        appendLine()
        if (t.isNotEmpty()) {
            val variants = VARIANTS.filter { it in t }
            appendLine("Table 1 in the paper's layout, ${t.values.first().users} users, I/O in the application:")
            appendLine()
            appendLine("| metric | paper: platform | paper: virtual | " + variants.joinToString(" | ") { "ours: $it" } + " |")
            appendLine("|---|---|---|" + variants.joinToString("") { "---|" })
            for (l in lines(run)) {
                appendLine(
                    "| ${l.metric} | ${l.paperPlatform} | ${l.paperVirtual} | " + variants.joinToString(
                        " | ",
                    ) { l.ours(t.getValue(it)) } + " |",
                )
            }
            appendLine()
        }
        for (c in claims(rows)) appendLine("- $c")
        appendLine()
        appendLine(
            "| variant | io | config | users | requests | mean ms | p99 ms | errors % | errors by kind | correct/s | JMeter req/s " +
                "| bound req/s | RSS MB | threads |",
        )
        appendLine("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for (r in sorted(rows)) {
            appendLine(
                "| ${variantOf(r)} | ${io(r)} | ${r.config} | ${r.users} | ${r.requests} " +
                    "| ${Fmt.grouped(r.latencyMeanMs)} | ${Fmt.grouped(r.latencyP99Ms)} | ${Fmt.grouped(errPct(r), 2)} | " +
                    "${kinds(r)} | ${Fmt.grouped(r.throughputRps, 1)} " +
                    "| ${Fmt.grouped(jmeterRps(r), 1)} | ${Fmt.grouped(r.floorRps, 1)} | ${Fmt.grouped(r.rssMbPeak)} | ${r.threadsPeak} |",
            )
        }
    }

    private fun sorted(rows: List<ResultRow>) = rows.sortedWith(
        compareBy({ VARIANTS.indexOf(variantOf(it)) }, { io(it) }, { threads(it) ?: 0 }, { it.users }),
    )

    fun html(run: RunDirectory, rows: List<ResultRow>): String = buildString {
        append("<h2 id=\"workload-students\">Workload: students (seed 003, PostgreSQL API)</h2>\n")
        append(
            "<p class=note>GET /api/students (a page of 20 of the seeded students as JSON) under seed 003's JMeter profile: users " +
                "started evenly over the ramp-up, ",
        )
        append(
            "each sending its loops of requests one after another; a fresh server JVM per row. Average and throughput as JMeter's " +
                "summary report computes them ",
        )
        append(
            "(every sample, failures included); <i>correct/s</i> counts only answers equal to the expected JSON; <i>bound</i> is the " +
                "best the profile allows: ",
        )
        append(
            "users × loops / (ramp-up + loops × I/O delay), and with the I/O in the database at most pool size / I/O delay. Method " +
                "and settings: docs/STUDENTS.md.</p>\n",
        )
        val t = table1Rows(rows)
        if (t.isNotEmpty()) {
            val variants = VARIANTS.filter { it in t }
            append(
                "<h3>Table 1 in the paper's layout (${t.values.first().users} users, I/O in the " +
                    "application)</h3>\n<table><tr><th>metric</th><th>paper: platform</th><th>paper: virtual</th>",
            )
            variants.forEach { append("<th>ours: ").append(htmlEscape(it)).append("</th>") }
            append("</tr>\n")
            for (l in lines(run)) {
                append("<tr><td>").append(htmlEscape(l.metric)).append("</td><td class=n>").append(htmlEscape(l.paperPlatform)).append(
                    "</td><td class=n>",
                ).append(htmlEscape(l.paperVirtual)).append("</td>")
                variants.forEach { append("<td class=n>").append(htmlEscape(l.ours(t.getValue(it)))).append("</td>") }
                append("</tr>\n")
            }
            append("</table>\n")
        }
        append("<h3>Which claims this run reproduces</h3>\n<ul class=note>")
        for (c in claims(rows)) append("<li>").append(htmlEscape(c)).append("</li>")
        append(
            "</ul>\n<h3>Every row</h3>\n<table><tr><th>variant</th><th>io</th><th>config</th><th>users</th><th>requests</th><th>mean " +
                "ms</th><th>p50</th><th>p95</th><th>p99</th>",
        )
        append(
            "<th>errors %</th><th>errors by kind</th><th>correct/s</th><th>JMeter req/s</th><th>bound req/s</th><th>RSS " +
                "MB</th><th>heap peak MB</th><th>threads peak</th><th>server CPU µs/req</th></tr>\n",
        )
        for (r in sorted(rows)) {
            append("<tr><td>").append(htmlEscape(variantOf(r))).append("</td><td>").append(io(r)).append("</td><td>")
                .append(htmlEscape(r.config)).append("</td>")
            for (v in listOf(
                r.users.toString(),
                r.requests.toString(),
                Fmt.grouped(r.latencyMeanMs),
                Fmt.grouped(r.latencyP50Ms),
                Fmt.grouped(p95(run, r)),
                Fmt.grouped(r.latencyP99Ms),
            )) {
                append("<td class=n>").append(v).append("</td>")
            }
            append(
                if (r.errors > 0) {
                    "<td class=\"n err\">"
                } else {
                    "<td class=n>"
                },
            ).append(Fmt.grouped(errPct(r), 2)).append("</td><td>").append(htmlEscape(kinds(r))).append("</td>")
            for (v in listOf(
                Fmt.grouped(r.throughputRps, 1),
                Fmt.grouped(jmeterRps(r), 1),
                Fmt.grouped(r.floorRps, 1),
                Fmt.grouped(r.rssMbPeak),
                Fmt.grouped(r.heapMbPeak),
                r.threadsPeak.toString(),
                Fmt.grouped(r.serverCpuUsPerRequest),
            )) {
                append("<td class=n>").append(v).append("</td>")
            }
            append("</tr>\n")
        }
        append("</table>\n")
    }

    /** Sentences about the paper's claims, each from measured rows ([StudentsFindings]). */
    fun claims(rows: List<ResultRow>): List<String> = StudentsFindings.of(rows)
}
