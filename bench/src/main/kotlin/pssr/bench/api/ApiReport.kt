
package pssr.bench.api

import pssr.bench.console.Fmt
import pssr.bench.markup.Table
import pssr.bench.markup.htmlEscape
import pssr.bench.paper.Seed004Figures
import pssr.bench.project.Workloads
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import pssr.probe.Jackson
import java.nio.file.Files

/**
 * The products and forward sections of report.html and summary.md, and the lines `run` prints: every variant's
 * throughput, mean, p50/p95/p99, Apdex, errors by kind, CPU per request, RSS and threads; the seed's finding beside
 * ours with the ratio measured; and the measured reason for it (CPU per request for products, the client pool's bound
 * and its sweep for forward, the downstream alone to show it is not the bottleneck).
 */
object ApiReport {
    internal fun f(v: Double, d: Int = 0) = if (v.isInfinite()) "-" else Fmt.grouped(v, d)
    internal fun rps(r: ResultRow) = if (r.windowSeconds <= 0) Double.NaN else r.requests / r.windowSeconds
    internal fun errPct(r: ResultRow) = if (r.requests == 0L) Double.NaN else 100.0 * r.errors / r.requests
    fun pool(r: ResultRow): Int? = Regex("clientPool=(\\d+)").find(r.config)?.groupValues?.get(1)?.toInt()
    internal fun label(r: ResultRow) = r.engine + (pool(r)?.let { " (pool $it)" } ?: "")
    internal fun kinds(r: ResultRow) = listOf(
        "connect" to r.errorsConnect,
        "read timeout" to r.errorsTimeout,
        "reset" to r.errorsRead,
        "5xx" to r.errorsStatus,
        "downstream error" to r.errorsDownstreamError,
        "downstream down" to r.errorsDownstreamDown,
        "downstream timeout" to r.errorsDownstreamTimeout,
        "wrong body" to r.errorsContent,
    ).filter { it.second > 0 }
        .joinToString(", ") { "${it.first} ${it.second}" }.ifEmpty { "none" }
    internal fun apdex(r: ResultRow) = if (r.apdex.isNaN()) "-" else "${f(r.apdex, 3)} (T ${r.apdexTMs}, F ${r.apdexFMs})"

    private val HEADER = listOf(
        "variant", "users", "requests", "req/s", "mean ms", "p50", "p95", "p99", "Apdex", "errors %",
        "errors by kind",
        "CPU µs/req", "server CPU %", "RSS MB", "threads peak", "config",
    )
    private fun cells(r: ResultRow) = listOf(
        label(r), r.users.toString(), r.requests.toString(), f(rps(r), 1), f(r.latencyMeanMs, 1),
        f(r.latencyP50Ms, 1),
        f(r.latencyP95Ms, 1), f(r.latencyP99Ms, 1), apdex(r), f(errPct(r), 2), kinds(r), f(r.serverCpuUsPerRequest), f(r.cpuPctMean),
        f(r.rssMbPeak), r.threadsPeak.toString(), r.config,
    )

    private fun order(w: String) = if (w == Workloads.PRODUCTS) PRODUCT_VARIANTS else listOf("downstream") + FORWARD_VARIANTS
    private fun sorted(rows: List<ResultRow>, w: String) = rows.sortedWith(
        compareBy({ order(w).indexOf(it.engine) }, { pool(it) ?: 0 }, { it.users }),
    )

    /** The row per variant at the most users (forward's mvc: the library's default pool, 5, when measured). */
    fun headline(rows: List<ResultRow>): Map<String, ResultRow> {
        if (rows.isEmpty()) return emptyMap()
        val users = rows.filter { it.engine != "downstream" }.maxOfOrNull { it.users } ?: return emptyMap()
        return rows.filter { it.users == users && it.engine != "downstream" }.groupBy { it.engine }
            .mapValues { (_, rs) -> rs.firstOrNull { pool(it) == 5 } ?: rs.first() }
    }

    /** The sentences: the seed's finding, ours, and the measured reason ([ApiFindings]). */
    fun findings(w: String, rows: List<ResultRow>): List<String> = ApiFindings.of(w, rows)

    /** Every tuning setting each server variant reported in `GET /routes` (kept by [ApiRun] under routes/), one line per variant. */
    fun settings(run: RunDirectory, w: String): List<Pair<String, String>> {
        val dir = run.dir.resolve("routes")
        if (!Files.isDirectory(dir)) return emptyList()
        return Files.list(dir).use { files -> files.filter { it.fileName.toString().startsWith("$w-") }.sorted().toList() }
            .mapNotNull { f ->
                try {
                    val entry = Jackson.mapper.readTree(Files.readString(f))
                        .firstOrNull { it.get("workload")?.asText() == w } ?: return@mapNotNull null
                    f.fileName.toString().removePrefix("$w-").removeSuffix(".json") to
                        entry.get("settings").properties().joinToString(", ") { (k, v) -> "$k=${v.asText()}" }
                } catch (e: Exception) {
                    null
                }
            }
    }

    fun text(all: List<ResultRow>): List<String> = buildList {
        for (w in listOf(Workloads.PRODUCTS, Workloads.FORWARD)) {
            val rows = all.filter { it.workload == w }
            if (rows.isEmpty()) continue
            add("")
            add("Seed 004, $w (${Seed004Figures.SOURCE}):")
            Table(HEADER.take(12), sorted(rows, w).map { cells(it).take(12) }).render().lines().filter { it.isNotEmpty() }.forEach(::add)
            findings(w, rows).forEach { add("- $it") }
        }
    }

    private fun title(w: String) = if (w == Workloads.PRODUCTS) {
        "products (seed 004, compute-bound)"
    } else {
        "forward (seed 004, network-bound)"
    }

    fun markdown(w: String): (RunDirectory, List<ResultRow>) -> String = { run, rows ->
        buildString {
            appendLine()
            appendLine("## Workload: ${title(w)}")
            appendLine()
            for (s in findings(w, rows)) appendLine("- $s")
            appendLine()
            append(Table(HEADER, sorted(rows, w).map(::cells)).markdown())
            val set = settings(run, w)
            if (set.isNotEmpty()) {
                appendLine()
                appendLine("Settings each server reported in GET /routes:")
                appendLine()
                set.forEach { (v, s) -> appendLine("- $v: $s") }
            }
        }
    }

    fun html(w: String): (RunDirectory, List<ResultRow>) -> String = { run, rows ->
        buildString {
            append("<h2 id=\"workload-$w\">Workload: ${htmlEscape(title(w))}</h2>\n<p class=note>")
            append(
                if (w == Workloads.PRODUCTS) {
                    "GET /api/products: a page of the H2 product table, each product enriched through lookup " +
                        "maps, string processing and business rules; the same JSON from every variant, checked on every sample. "
                } else {
                    "GET /api/forward: the API POSTs an order to the downstream service and returns its answer, checked on every sample; " +
                        "the downstream is a Reactor Netty server with a timer latency, measured alone. "
                },
            )
            append(
                "JMeter: users over the ramp-up, loops each (sized by the time budget unless --api-loops); req/s counts every sample; " +
                    "Apdex with failures frustrated. Method: docs/SEED004.md.</p>\n<ul class=note>",
            )
            for (s in findings(w, rows)) append("<li>").append(htmlEscape(s)).append("</li>")
            append("</ul>\n<table><tr>")
            HEADER.forEach { append("<th>").append(htmlEscape(it)).append("</th>") }
            append("</tr>\n")
            for (r in sorted(rows, w)) {
                append("<tr>")
                cells(r).forEachIndexed { i, c ->
                    append(
                        if (i in 1..9 || i in 11..14) {
                            "<td class=n>"
                        } else {
                            "<td>"
                        },
                    ).append(htmlEscape(c)).append("</td>")
                }
                append("</tr>\n")
            }
            append("</table>\n")
            val set = settings(run, w)
            if (set.isNotEmpty()) {
                append("<h3>Settings each server reported (GET /routes)</h3>\n<table><tr><th>variant</th><th>settings</th></tr>\n")
                for ((v, s) in set) {
                    append("<tr><td>").append(htmlEscape(v)).append("</td><td>").append(htmlEscape(s))
                        .append("</td></tr>\n")
                }
                append("</table>\n")
            }
        }
    }
}
