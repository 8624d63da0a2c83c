package pssr.bench

import java.io.Writer
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption

/**
 * One load level of one route in one repetition: a row of `results.csv` (schema in docs/RESULTS.md).
 * Times in milliseconds, throughput in completed (successful) requests per second of the level's wall time.
 */
data class ResultRow(
    val framework: String,
    val model: String,
    val engine: String,
    val approach: String,
    val users: Int,
    val repetition: Int,
    val requests: Int,
    val errors: Int,
    val throughputRps: Double,
    val latencyMeanMs: Double,
    val latencyP50Ms: Double,
    val latencyP90Ms: Double,
    val latencyP99Ms: Double,
    val latencyMaxMs: Double,
    val ttfbP50Ms: Double,
    val ttfbP99Ms: Double,
    val wallSeconds: Double,
    val itemDelayMs: Long,
    val floorRps: Double,
    val cpuPctMean: Double,
    val cpuPctPeak: Double,
    val rssMbPeak: Double,
    val heapMbMean: Double,
    val heapMbPeak: Double,
    val gcMs: Double,
    val threadsPeak: Int,
    val driverBound: Boolean,
) {
    val route: String get() = "$framework/$model/$engine/$approach"
    val errorRate: Double get() = if (requests == 0) 0.0 else errors.toDouble() / requests
    /** The key `--resume` uses to know this level is done. */
    val key: String get() = "$route@$users#$repetition"

    fun toCsv(): String = listOf(framework, model, engine, approach, users, repetition, requests, errors, fmt(errorRate, 4),
        fmt(throughputRps), fmt(latencyMeanMs), fmt(latencyP50Ms), fmt(latencyP90Ms), fmt(latencyP99Ms), fmt(latencyMaxMs),
        fmt(ttfbP50Ms), fmt(ttfbP99Ms), fmt(wallSeconds, 3), itemDelayMs, fmt(floorRps), fmt(cpuPctMean, 1), fmt(cpuPctPeak, 1),
        fmt(rssMbPeak, 1), fmt(heapMbMean, 1), fmt(heapMbPeak, 1), fmt(gcMs, 1), threadsPeak, driverBound).joinToString(",")

    companion object {
        val HEADER = listOf("framework", "model", "engine", "approach", "users", "repetition", "requests", "errors", "error_rate",
            "throughput_rps", "latency_mean_ms", "latency_p50_ms", "latency_p90_ms", "latency_p99_ms", "latency_max_ms",
            "ttfb_p50_ms", "ttfb_p99_ms", "wall_s", "item_delay_ms", "floor_rps", "cpu_pct_mean", "cpu_pct_peak",
            "rss_mb_peak", "heap_mb_mean", "heap_mb_peak", "gc_ms", "threads_peak", "driver_bound").joinToString(",")

        fun fromCsv(line: String): ResultRow {
            val c = line.split(",")
            require(c.size == HEADER.split(",").size) { "results.csv row has ${c.size} columns, expected ${HEADER.split(",").size}: $line" }
            return ResultRow(c[0], c[1], c[2], c[3], c[4].toInt(), c[5].toInt(), c[6].toInt(), c[7].toInt(),
                c[9].toDouble(), c[10].toDouble(), c[11].toDouble(), c[12].toDouble(), c[13].toDouble(), c[14].toDouble(),
                c[15].toDouble(), c[16].toDouble(), c[17].toDouble(), c[18].toLong(), c[19].toDouble(), c[20].toDouble(),
                c[21].toDouble(), c[22].toDouble(), c[23].toDouble(), c[24].toDouble(), c[25].toDouble(), c[26].toInt(), c[27].toBoolean())
        }

        private fun fmt(v: Double, decimals: Int = 2) = if (v.isNaN()) "NaN" else "%.${decimals}f".format(java.util.Locale.ROOT, v)
    }
}

/** What `verify` found for one route (a row of `verification.csv`). */
data class RouteCheck(
    val framework: String,
    val model: String,
    val engine: String,
    val approach: String,
    val path: String,
    val claimsStreaming: Boolean,
    val verdict: String,
    val bodyOk: Boolean,
    val ttfbMs: Double,
    val firstItemMs: Double,
    val lastByteMs: Double,
    val chunks: Int,
    val bytes: Int,
    /** Chunk arrival times and sizes, `t_ms:bytes` separated by `;` (the chunk timeline in the report). */
    val timeline: String,
    val error: String,
) {
    val route: String get() = "$framework/$model/$engine/$approach"
    /** The measured verdict contradicts the route's own `/routes` claim. */
    val contradicts: Boolean get() = verdict != "malformed" && (verdict == "streams") != claimsStreaming
    val passed: Boolean get() = bodyOk && verdict != "malformed"

    fun toCsv(): String = listOf(framework, model, engine, approach, path, claimsStreaming, verdict, bodyOk,
        "%.1f".format(java.util.Locale.ROOT, ttfbMs), "%.1f".format(java.util.Locale.ROOT, firstItemMs),
        "%.1f".format(java.util.Locale.ROOT, lastByteMs), chunks, bytes, timeline, Csv.quote(error)).joinToString(",")

    companion object {
        const val HEADER = "framework,model,engine,approach,path,claims_streaming,verdict,body_ok,ttfb_ms,first_item_ms,last_byte_ms,chunks,bytes,timeline,error"

        fun fromCsv(line: String): RouteCheck {
            val c = Csv.split(line)
            return RouteCheck(c[0], c[1], c[2], c[3], c[4], c[5].toBoolean(), c[6], c[7].toBoolean(), c[8].toDouble(),
                c[9].toDouble(), c[10].toDouble(), c[11].toInt(), c[12].toInt(), c[13], c[14])
        }
    }
}

object Csv {
    fun quote(s: String): String = if (s.any { it == ',' || it == '"' || it == '\n' }) "\"" + s.replace("\"", "\"\"").replace("\n", " ") + "\"" else s

    /** Every record of a CSV text, honouring quoted fields that contain commas, quotes or line breaks. */
    fun records(text: String): List<List<String>> {
        val records = ArrayList<List<String>>()
        var fields = ArrayList<String>()
        val sb = StringBuilder()
        var quoted = false
        var i = 0
        while (i < text.length) {
            val ch = text[i]
            when {
                quoted && ch == '"' && i + 1 < text.length && text[i + 1] == '"' -> { sb.append('"'); i++ }
                ch == '"' -> quoted = !quoted
                !quoted && ch == ',' -> { fields += sb.toString(); sb.setLength(0) }
                !quoted && (ch == '\n' || ch == '\r') -> {
                    if (ch == '\r' && i + 1 < text.length && text[i + 1] == '\n') i++
                    fields += sb.toString(); sb.setLength(0)
                    if (fields.size > 1 || fields[0].isNotEmpty()) records += fields
                    fields = ArrayList()
                }
                else -> sb.append(ch)
            }
            i++
        }
        if (sb.isNotEmpty() || fields.isNotEmpty()) { fields += sb.toString(); records += fields }
        return records
    }

    /** The fields of one CSV line. */
    fun split(line: String): List<String> = records(line).firstOrNull() ?: listOf("")
}

/**
 * A run's directory, `results/<run-id>/`: environment.json, verification.csv, ceiling.csv, results.csv
 * (appended and flushed after every level, so an interrupted run loses nothing), and the report.
 */
class RunDirectory(val dir: Path) {
    val environment: Path = dir.resolve("environment.json")
    val results: Path = dir.resolve("results.csv")
    val verification: Path = dir.resolve("verification.csv")
    val ceilings: Path = dir.resolve("ceiling.csv")
    val report: Path = dir.resolve("report.html")
    val summary: Path = dir.resolve("summary.md")
    val logs: Path = dir.resolve("logs")
    val failuresFile: Path = dir.resolve("failures.csv")

    fun rows(): List<ResultRow> = readLines(results).map(ResultRow::fromCsv)

    /**
     * Before resuming: a run killed mid-write can leave a partial last line in a CSV file; cut it off so
     * that appending continues on a fresh line and no row is half-counted. Returns the bytes removed.
     */
    fun repair(): Long = listOf(results, verification, ceilings, failuresFile).sumOf { file ->
        if (!Files.exists(file) || Files.size(file) == 0L) return@sumOf 0L
        val bytes = Files.readAllBytes(file)
        if (bytes.last() == '\n'.code.toByte()) return@sumOf 0L
        val keep = bytes.lastIndexOf('\n'.code.toByte()) + 1
        Files.write(file, bytes.copyOf(keep))
        (bytes.size - keep).toLong()
    }

    /** The levels of [route] in repetition [repetition] that have no row yet (all of them in a fresh run). */
    fun pending(route: String, repetition: Int, levels: List<LoadLevel>, done: Set<String> = rows().map { it.key }.toSet()): List<LoadLevel> =
        levels.filter { "$route@${it.users}#$repetition" !in done }
    fun checks(): List<RouteCheck> = readLines(verification).map(RouteCheck::fromCsv)
    /** framework,model -> requests per second the load generator reached on the zero-delay baseline route. */
    fun ceilings(): List<Ceiling> = readLines(ceilings).map { l -> l.split(",").let { Ceiling(it[0], it[1], it[2].toInt(), it[3].toDouble()) } }

    fun append(row: ResultRow) = appendLine(results, ResultRow.HEADER, row.toCsv())
    fun append(check: RouteCheck) = appendLine(verification, RouteCheck.HEADER, check.toCsv())
    fun append(ceiling: Ceiling) = appendLine(ceilings, Ceiling.HEADER, ceiling.toCsv())
    fun append(failure: Failure) = appendLine(failuresFile, Failure.HEADER, failure.toCsv())
    fun failures(): List<Failure> = readLines(failuresFile).map(Failure::fromCsv)

    private fun readLines(file: Path): List<String> =
        if (!Files.exists(file)) emptyList() else Files.readAllLines(file).drop(1).filter { it.isNotBlank() }

    @Synchronized
    private fun appendLine(file: Path, header: String, line: String) {
        Files.createDirectories(dir)
        val fresh = !Files.exists(file) || Files.size(file) == 0L
        Files.newBufferedWriter(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND).use { w: Writer ->
            if (fresh) w.write(header + "\n")
            w.write(line + "\n")
        }
    }
}

/** The load generator's own limit for one framework and model: the zero-delay baseline route at [users]. */
data class Ceiling(val framework: String, val model: String, val users: Int, val rps: Double) {
    fun toCsv() = "$framework,$model,$users,${"%.1f".format(java.util.Locale.ROOT, rps)}"
    companion object { const val HEADER = "framework,model,users,ceiling_rps" }
}
