
package pssr.bench.students

import pssr.bench.markup.Table
import pssr.bench.markup.htmlEscape
import pssr.bench.measure.Errors
import pssr.bench.measure.Server
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory

/** Seed 003's Table 1, as printed in the paper (Spring Boot, Java 21, JMeter 2,000 users, 30 s ramp-up, 10 loops). */
object Seed003Table1 {
    const val SOURCE = "seed 003, Table 1"
    data class Column(val latencyMs: Double, val errorPct: Double, val throughput: Double, val ramMb: Double)
    val platform = Column(1166.0, 81.22, 195.9, 1200.0)
    val virtual = Column(319.0, 0.00, 606.1, 300.0)
}

/**
 * The students workload's section of report.html and summary.md, and the lines `run` prints: Table 1 in the
 * paper's layout with the paper's figures beside ours, every measured row with errors by kind, the Tomcat
 * sweep, and a paragraph, computed from the rows, saying which of the paper's claims this run reproduces.
 */
object StudentsReport {
    private fun f(v: Double, d: Int = 0) = pssr.bench.markup.Fmt.grouped(v, d)
    private fun variantOf(r: ResultRow) = when {
        r.framework == "webflux" -> "webflux-r2dbc"
        r.approach == "platform" -> "mvc-platform"
        r.engine == "r2dbc" -> "mvc-virtual-r2dbc"
        else -> "mvc-virtual"
    }
    private fun io(r: ResultRow) = r.model.removePrefix("students-")
    fun errPct(r: ResultRow) = if (r.requests == 0L) Double.NaN else 100.0 * r.errors / r.requests

    /** JMeter's throughput: every sample, right or wrong, per second (what the paper's 195.9 and 606.1 are). */
    fun jmeterRps(r: ResultRow) = if (r.windowSeconds <= 0) Double.NaN else r.requests / r.windowSeconds
    private fun threads(r: ResultRow) = Regex("tomcatMaxThreads=(\\d+)").find(r.config)?.groupValues?.get(1)?.toInt()

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

    private fun kinds(r: ResultRow) = "connect refused ${r.errorsConnect - r.errorsConnectTimeout}, connect " +
        "timeout ${r.errorsConnectTimeout}, read timeout ${r.errorsTimeout}, reset ${r.errorsRead}, " +
        "5xx ${r.errorsStatus} (pool timeout ${r.errorsPoolTimeout}), wrong body ${r.errorsContent}"

    private data class Line(val metric: String, val paperPlatform: String, val paperVirtual: String, val ours: (ResultRow) -> String)

    private fun lines(run: RunDirectory?) = listOf(
        Line(
            "Average latency",
            "${f(Seed003Table1.platform.latencyMs)} ms",
            "${f(Seed003Table1.virtual.latencyMs)} ms",
        ) { "${f(it.latencyMeanMs)} ms" },
        Line(
            "Error rate",
            "${f(Seed003Table1.platform.errorPct, 2)}%",
            "${f(Seed003Table1.virtual.errorPct, 2)}%",
        ) { "${f(errPct(it), 2)}%" },
        Line(
            "Throughput (JMeter, all samples)",
            "${f(Seed003Table1.platform.throughput, 1)} req/s",
            "${f(Seed003Table1.virtual.throughput, 1)} req/s",
        ) { "${f(jmeterRps(it), 1)} req/s" },
        Line("RAM (peak RSS)", "~${f(Seed003Table1.platform.ramMb)} MB", "~${f(Seed003Table1.virtual.ramMb)} MB") {
            "${f(it.rssMbPeak)} MB"
        },
        Line("Correct responses", "-", "-") { "${f(it.throughputRps, 1)} req/s" },
        Line("Best the profile allows", "-", "-") { "${f(it.floorRps, 1)} req/s" },
        Line("p50 / p95 / p99", "-", "-") { "${f(it.latencyP50Ms)} / ${f(p95(run, it))} / ${f(it.latencyP99Ms)} ms" },
        Line("Heap peak", "-", "~50 MB") { "${f(it.heapMbPeak)} MB" },
        Line("Live threads peak", "~42", "-") { f(it.threadsPeak.toDouble()) },
        Line("Server CPU per request", "-", "-") { "${f(it.serverCpuUsPerRequest)} µs" },
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
                    "| ${f(r.latencyMeanMs)} | ${f(r.latencyP99Ms)} | ${f(errPct(r), 2)} | ${kinds(r)} | ${f(r.throughputRps, 1)} " +
                    "| ${f(jmeterRps(r), 1)} | ${f(r.floorRps, 1)} | ${f(r.rssMbPeak)} | ${r.threadsPeak} |",
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
                f(r.latencyMeanMs),
                f(r.latencyP50Ms),
                f(p95(run, r)),
                f(r.latencyP99Ms),
            )) {
                append("<td class=n>").append(v).append("</td>")
            }
            append(
                if (r.errors > 0) {
                    "<td class=\"n err\">"
                } else {
                    "<td class=n>"
                },
            ).append(f(errPct(r), 2)).append("</td><td>").append(htmlEscape(kinds(r))).append("</td>")
            for (v in listOf(
                f(r.throughputRps, 1),
                f(jmeterRps(r), 1),
                f(r.floorRps, 1),
                f(r.rssMbPeak),
                f(r.heapMbPeak),
                r.threadsPeak.toString(),
                f(r.serverCpuUsPerRequest),
            )) {
                append("<td class=n>").append(v).append("</td>")
            }
            append("</tr>\n")
        }
        append("</table>\n")
    }

    /** Sentences about the paper's claims, each from measured rows; a claim with no row to test it is said to be untested. */
    fun claims(rows: List<ResultRow>): List<String> {
        val out = ArrayList<String>()
        val t = table1Rows(rows)
        val plat = t["mvc-platform"]
        val virt = t["mvc-virtual"]
        if (plat != null) {
            val e = errPct(plat)
            out += if (e >= 50) {
                "Reproduced: platform threads fail under the paper's profile (${f(e, 2)}% errors vs the paper's " +
                    "81.22%; ${kinds(plat)}; ${plat.config})."
            } else {
                "Not reproduced with these settings: platform threads (${plat.config}) answered ${plat.requests} requests " +
                    "with ${f(e, 2)}% errors (paper: 81.22%), " +
                    "mean ${f(plat.latencyMeanMs)} ms. 200 Tomcat threads each holding a request for ${plat.itemDelayMs} ms serve up " +
                    "to ${f(200_000.0 / plat.itemDelayMs.coerceAtLeast(1))} req/s, " +
                    "above the ${f(plat.floorRps, 1)} req/s the ramp can offer, so thread-per-request alone does not exhaust at this load" +
                    (
                        if (rows.mapNotNull(::threads).distinct().size > 1) {
                            "; the Tomcat sweep below shows which pool sizes do."
                        } else {
                            " (--tomcat-max-threads 25,50,100,200 measures which pool sizes do)."
                        }
                        )
            }
        }
        if (virt != null) {
            val floor = virt.itemDelayMs.toDouble()
            val over = virt.latencyMeanMs / floor - 1
            out += "Virtual threads: mean ${f(virt.latencyMeanMs)} ms against the ${f(floor)} ms I/O floor (${f(over * 100, 1)}% above " +
                "it; paper 319 ms) with ${f(errPct(virt), 2)}% errors (paper 0.00%): " +
                (
                    if (over <= 0.10 && virt.errors == 0L) {
                        "reproduced."
                    } else {
                        "the excess is queueing on 2 shared cores (JMeter's 2,000 threads run on the same machine) and the query itself."
                    }
                    )
            out += "Throughput is set by the profile, not the server: ${virt.users} users x loops over the ramp allow at " +
                "most ${f(virt.floorRps, 1)} req/s; " +
                "virtual threads reached ${f(jmeterRps(virt), 1)} req/s (paper 606.1, which is this bound for 2,000 x 10 over 30 s + 10 " +
                "x 0.3 s)."
        }
        if (plat != null && virt != null) {
            out += "Memory: peak RSS ${f(plat.rssMbPeak)} MB with platform threads vs ${f(virt.rssMbPeak)} MB with virtual threads " +
                "(paper ~1,200 vs ~300 MB); live threads peak ${plat.threadsPeak} vs ${virt.threadsPeak}" + (
                    if (plat.rssMbPeak > 2 * virt.rssMbPeak) {
                        ": the 4x claim's direction is reproduced."
                    } else {
                        ": the paper's 4x difference is not reproduced here."
                    }
                    )
        }
        val sweep = rows.filter { variantOf(it) == "mvc-platform" && io(it) == "app" && threads(it) != null }
        if (sweep.map { threads(it) }.distinct().size > 1) {
            val users = sweep.maxOf { it.users }
            out += "Tomcat max threads at $users users (platform threads, I/O in the application): " +
                sweep.filter { it.users == users }.sortedBy { threads(it) }.joinToString("; ") {
                    "${threads(it)} " +
                        "threads: ${f(errPct(it), 2)}% errors (${kinds(it)}), mean ${f(it.latencyMeanMs)} ms, ${f(jmeterRps(it), 1)} req/s"
                } + ". " +
                sweep.first().let { r ->
                    "Keeping up with the profile takes bound x delay = ${f(r.floorRps * r.itemDelayMs / 1000.0)} " +
                        "requests in flight, one platform thread each; " +
                        "with fewer threads requests wait in Tomcat's queue, latency grows past the client's timeout and the errors are " +
                        "read timeouts (the paper's \"connection timeouts\"), " +
                        "while Tomcat keeps serving requests whose clients have already given up, so correct answers per second fall " +
                        "below the pool's own capacity."
                }
        }
        for (r in rows.filter { io(it) == "db" }.groupBy { variantOf(it) }.mapNotNull { it.value.maxByOrNull { r -> r.users } }) {
            val pool = Regex("pool=(\\d+)").find(r.config)?.groupValues?.get(1)?.toDoubleOrNull() ?: Double.NaN
            out += "I/O in the database (${variantOf(r)}, ${r.users} users): ${f(r.throughputRps, 1)} correct req/s against a pool bound " +
                "of ${f(pool)} / ${r.itemDelayMs} ms = ${f(pool * 1000 / r.itemDelayMs, 1)} req/s: " +
                "every request holds a connection for the whole delay, so the pool, not the threads, sets the throughput " +
                "(${f(errPct(r), 2)}% errors, pool timeouts ${r.errorsPoolTimeout})."
        }
        if (t.isEmpty()) out += "No row with the I/O in the application: Table 1's claims are untested in this run."
        return out
    }
}
