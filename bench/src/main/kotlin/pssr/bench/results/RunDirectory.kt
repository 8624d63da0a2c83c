package pssr.bench.results

import org.HdrHistogram.Histogram
import pssr.bench.csv.CsvFile
import pssr.bench.csv.DamagedFolder
import pssr.bench.csv.Fields
import pssr.bench.csv.Table
import pssr.bench.csv.WriteFailed
import pssr.bench.measure.EngineShare
import pssr.bench.measure.TimelinePoint
import pssr.bench.process.Stopping
import java.io.Writer
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption
import java.nio.file.StandardOpenOption

/**
 * A run's directory, `results/<run-id>/`: environment.json, verification.csv, results.csv and
 * histograms.csv (appended and flushed after every level, so an interrupted run loses nothing),
 * failures.csv, and the report. Its readers never trust a file: what cannot be read is a [DamagedFolder].
 * [beforeRepair]: read what [repair] will leave (`--resume`'s check, before it drops a line cut mid-write).
 */
class RunDirectory(val dir: Path, private val beforeRepair: Boolean = false) {
    val environment: Path = dir.resolve("environment.json")
    val results: Path = dir.resolve("results.csv")
    val verification: Path = dir.resolve("verification.csv")
    val histograms: Path = dir.resolve("histograms.csv")
    val report: Path = dir.resolve("report.html")
    val summary: Path = dir.resolve("summary.md")

    /** The routes ranked against their framework's ceiling, with intervals (report/AnswerTable; docs/RESULTS.md). */
    val answer: Path = dir.resolve("answer.md")
    val logs: Path = dir.resolve("logs")
    val failuresFile: Path = dir.resolve("failures.csv")
    val enginesFile: Path = dir.resolve("engines.csv")
    val timelineFile: Path = dir.resolve("timeline.csv")
    val profilesFile: Path = dir.resolve("profiles.csv")

    /** The files pssr appends to as it measures (the ones a kill can leave with a line cut mid-write), each with its table. */
    private val tables: List<Pair<Path, Table<*>>> get() = listOf(
        results to ResultColumns.TABLE,
        verification to RouteCheck.TABLE,
        histograms to HistogramRow.TABLE,
        failuresFile to Failure.TABLE,
        timelineFile to TimelineRow.TABLE,
        enginesFile to EngineShareRow.TABLE,
        profilesFile to ProfileRow.TABLE,
    )
    val appended: List<Path> get() = tables.map { it.first }

    private fun <T> read(file: Path, required: List<String> = emptyList(), parse: (Fields) -> T): List<T> =
        CsvFile.rows(file, required, skipCutLastLine = beforeRepair, parse = parse)

    fun rows(): List<ResultRow> = read(results, ResultRow.REQUIRED) { ResultRow.fromCsv(it) }

    /**
     * Before resuming: a run killed mid-write can leave a partial last line in a CSV file; cut it off so
     * that appending continues on a fresh line and no row is half-counted (its level has no row, so it is
     * measured again). The one change `--resume` makes to a folder it did not write: one sentence per line dropped.
     */
    fun repair(): List<String> = appended.mapNotNull { file ->
        if (!Files.exists(file) || Files.size(file) == 0L) return@mapNotNull null
        val bytes = Files.readAllBytes(file)
        if (bytes.last() == '\n'.code.toByte()) return@mapNotNull null
        val keep = bytes.lastIndexOf('\n'.code.toByte()) + 1
        Files.write(file, bytes.copyOf(keep))
        val line = bytes.count { it == '\n'.code.toByte() } + 1
        "${file.fileName} line $line was cut mid-write (${bytes.size - keep} bytes, no line break): dropped" +
            if (file == results) "; its level is measured again" else ""
    }

    /**
     * Before resuming, after [repair]: a file written by an older pssr lacks the columns added since, and the rows this
     * version appends would have more fields than its header (the folder would no longer read). Such a file is written again
     * in this version's columns, through a file moved into place: a column it lacked reads as not recorded, as when read, and
     * the derived columns are derived again. A file with a column this version does not know (a newer pssr's) is left as it
     * is and named: resuming would drop that column.
     */
    fun upgrade(): List<String> = tables.mapNotNull { (file, table) -> upgrade(file, table) }

    private fun <R : Any> upgrade(file: Path, table: Table<R>): String? {
        if (!Files.exists(file) || Files.size(file) == 0L) return null
        val header = Files.newBufferedReader(file).use { it.readLine() } ?: return null
        if (header == table.header) return null
        val columns = header.split(',')
        val unknown = columns - table.names.toSet()
        if (unknown.isNotEmpty()) throw NewerFolder(file, unknown)
        val rows = table.rows(file)
        val moving = file.resolveSibling("${file.fileName}.upgrading")
        Files.writeString(moving, (listOf(table.header) + rows.map(table::line)).joinToString("\n", postfix = "\n"))
        Files.move(moving, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)
        val added = table.names - columns.toSet()
        return "${file.fileName} was written before its columns ${added.joinToString()}: written again with them (${rows.size} rows, " +
            "not recorded there)"
    }

    /** The levels of [route] in repetition [repetition] that have no row yet (all of them in a fresh run). */
    fun pending(
        route: String,
        repetition: Int,
        levels: List<Int>,
        done: Set<String> = rows().map { it.key }.toSet(),
        loadModel: String = "closed",
    ): List<Int> = levels.filter { ResultRow.keyOf(route, it, repetition, loadModel) !in done }

    /** `--load-engines`: each remote engine's share of a level (key = the row's key). */
    fun append(key: String, share: EngineShare) =
        appendLine(enginesFile, EngineShareRow.TABLE.header, EngineShareRow.TABLE.line(EngineShareRow(key, share)))
    fun checks(): List<RouteCheck> = read(verification, RouteCheck.TABLE.required, RouteCheck.TABLE::read)

    /** Each level's whole latency distribution (HdrHistogram), by [ResultRow.key]. */
    fun histograms(): Map<String, Histogram> =
        read(histograms, HistogramRow.TABLE.required, HistogramRow.TABLE::read).associate { it.key to it.latency }

    fun append(row: ResultRow) = appendLine(results, ResultRow.HEADER, row.toCsv())
    fun append(check: RouteCheck) = appendLine(verification, RouteCheck.TABLE.header, check.toCsv())
    fun append(key: String, latency: Histogram) =
        appendLine(histograms, HistogramRow.TABLE.header, HistogramRow.TABLE.line(HistogramRow(key, latency)))

    /** Replaces failures.csv with [keep] (a resumed run drops the failures of routes it has since measured). */
    @Synchronized
    fun rewriteFailures(keep: List<Failure>) {
        if (Stopping.now) return
        WriteFailed.guard(failuresFile) {
            if (keep.isEmpty()) {
                Files.deleteIfExists(failuresFile)
            } else {
                Files.writeString(failuresFile, (listOf(Failure.TABLE.header) + keep.map { it.toCsv() }).joinToString("\n", postfix = "\n"))
            }
        }
    }
    fun append(failure: Failure) = appendLine(failuresFile, Failure.TABLE.header, failure.toCsv())

    /** A level's resource readings over its measured window, by [ResultRow.key]. */
    fun append(key: String, points: List<TimelinePoint>) =
        points.forEach { appendLine(timelineFile, TimelineRow.TABLE.header, TimelineRow.TABLE.line(TimelineRow(key, it))) }
    fun timeline(): Map<String, List<TimelinePoint>> =
        read(timelineFile, TimelineRow.TABLE.required, TimelineRow.TABLE::read).groupBy({ it.key }) { it.point }
    fun append(rows: List<ProfileRow>) = rows.forEach { appendLine(profilesFile, ProfileRow.TABLE.header, it.toCsv()) }
    fun profiles(): List<ProfileRow> = read(profilesFile, ProfileRow.TABLE.required, ProfileRow.TABLE::read)
    fun failures(): List<Failure> = read(failuresFile, Failure.TABLE.required, Failure.TABLE::read)

    /** engines.csv's records (only checked: the report reads the shares from the rows' errors). */
    fun engineShares(): List<EngineShareRow> = read(enginesFile, EngineShareRow.TABLE.required, EngineShareRow.TABLE::read)

    @Synchronized
    private fun appendLine(file: Path, header: String, line: String) {
        if (Stopping.now) return // stopping is not failing: what is seen after a stop signal is no result
        WriteFailed.guard(file) {
            Files.createDirectories(dir)
            val fresh = !Files.exists(file) || Files.size(file) == 0L
            Files.newBufferedWriter(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND).use { w: Writer ->
                if (fresh) w.write(header + "\n")
                w.write(line + "\n")
            }
        }
    }
}

/** A run folder's file written by a newer pssr (columns this version does not know): resuming it here would drop them. */
class NewerFolder(val file: Path, val columns: List<String>) :
    RuntimeException("$file has columns this pssr does not know (${columns.joinToString()}): resume it with the pssr that wrote it")
