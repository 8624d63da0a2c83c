package pssr.bench.results

import pssr.bench.csv.DamagedFolder
import pssr.bench.csv.Fields
import pssr.bench.csv.BadValue
import java.io.Writer
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption
import pssr.bench.csv.CsvFile
import pssr.bench.measure.Latency
import pssr.bench.measure.Server
import pssr.bench.measure.TimelinePoint
import pssr.bench.project.Workloads
import pssr.servers.RouteKey

/**
 * One load level of one route in one repetition: a row of `results.csv` (every column, with its unit, is
 * defined in docs/RESULTS.md). Times in milliseconds; throughput is correct responses per second of the
 * measured window; CPU per request is CPU seconds over the window divided by the responses completed in it.
 */
data class ResultRow(
    val framework: String,
    val model: String,
    val engine: String,
    val approach: String,
    val users: Int,
    val repetition: Int,
    val driver: String,
    val itemDelayMs: Long,
    val windowSeconds: Double,
    /** Requests the driver completed or lost in the window: responses plus connect, read and timeout errors. */
    val requests: Long,
    val errorsStatus: Long,
    val errorsContent: Long,
    val errorsConnect: Long,
    val errorsRead: Long,
    val errorsTimeout: Long,
    val throughputRps: Double,
    val floorRps: Double,
    val latencyMeanMs: Double,
    val latencyP50Ms: Double,
    val latencyP90Ms: Double,
    val latencyP99Ms: Double,
    val latencyP999Ms: Double,
    val latencyMaxMs: Double,
    val probeSamples: Int,
    val probeFailed: Int,
    val ttfbP50Ms: Double,
    val ttfbP99Ms: Double,
    val firstItemP50Ms: Double,
    val firstItemP99Ms: Double,
    val lastByteP50Ms: Double,
    val lastByteP99Ms: Double,
    val serverCpuUsPerRequest: Double,
    val driverCpuUsPerRequest: Double,
    /** Server CPU over the window, percent of one core (200 = both cores of a 2-core machine). */
    val cpuPctMean: Double,
    val cpuPctPeak: Double,
    val driverCpuPct: Double,
    val rssMbPeak: Double,
    val heapMbMean: Double,
    val heapMbPeak: Double,
    val gcMs: Double,
    val threadsMean: Double,
    val threadsPeak: Int,
    val driverBound: Boolean,
    /** The runtime label the user chose (`--jdk 21`, `--jvm zgc=...`: "jdk21", "jdk25+zgc"); empty when none was chosen. */
    val runtime: String = "",
    /** The server JVM's exact runtime version (`release` file's JAVA_RUNTIME_VERSION, e.g. 25.0.1+8-LTS). */
    val jdk: String = "",
    /** `jdk.VirtualThreadPinned` events JFR recorded in the level's warm-up window; -1 when not recorded (not a virtual-thread route). */
    val pinnedEvents: Long = -1,
    val pinnedPerRequest: Double = Double.NaN,
    /** The most frequent pinned stack, top frames innermost first, separated by " < ". */
    val pinnedTopStack: String = "",
    /** Which workload the row measures: `pages` (PSSR pages) or `students` (seed 003's API); see [pssr.bench.project.Workloads]. */
    val workload: String = "pages",
    /** Settings that distinguish rows of one route (e.g. `tomcatMaxThreads=50` in a students sweep); empty for pages. */
    val config: String = "",
    /** Of [errorsStatus]: answers saying the connection pool had no connection in time (students servers: 503). */
    val errorsPoolTimeout: Long = 0,
    /** Of [errorsConnect]: connects that timed out (a full accept queue drops SYNs) rather than being refused; JMeter tells them apart, wrk does not (0). */
    val errorsConnectTimeout: Long = 0,
    /** `closed` (a level is [users], each waiting for its answer) or `open` (a level is [rateRps], sent on schedule; users 0). */
    val loadModel: String = "closed",
    /** The open model's target arrival rate, requests per second; NaN in the closed loop. */
    val rateRps: Double = Double.NaN,
    /** Requests that remote load engines which stopped during the window did not send (`--load-engines`; see EngineShare). */
    val errorsEngine: Long = 0,
    /** Of [errorsStatus], the forward API's answers about its downstream: 502 it answered an error, 503 it was down, 504 too slow. */
    val errorsDownstreamError: Long = 0,
    val errorsDownstreamDown: Long = 0,
    val errorsDownstreamTimeout: Long = 0,
    /** p95 of every sample (API workloads; NaN where not computed). */
    val latencyP95Ms: Double = Double.NaN,
    /** Apdex over every sample (failures frustrated) with its thresholds; NaN / 0 where not computed (pages). */
    val apdex: Double = Double.NaN,
    val apdexTMs: Long = 0,
    val apdexFMs: Long = 0,
    /** The server JVM's JIT compiler threads' CPU seconds over the measured window; NaN when not read (not a HotSpot JVM, older files). */
    val jitCpuSeconds: Double = Double.NaN,
    /** The route's warm-up in this server session (pssr.bench.measure.SteadyWarmup): load seconds and requests until steady (NaN: not reached or not adaptive). */
    val warmupToSteadySeconds: Double = Double.NaN,
    val warmupRequests: Long = 0,
    /** Throughput of the warm-up's first window and of its last (steady) one: how much slower the fresh JVM served the route. */
    val warmupFirstRps: Double = Double.NaN,
    val warmupSteadyRps: Double = Double.NaN,
) {
    /** The framework as rows and reports name it: with the runtime label when the run compares runtimes. */
    val frameworkLabel: String get() = if (runtime.isEmpty()) framework else "$framework@$runtime"
    /** Rows of one route measured under different settings (a students sweep) stay apart: the config is part of the route. */
    val route: String get() = routeOf(frameworkLabel, model, engine, approach, config)
    val errors: Long get() = errorsStatus + errorsContent + errorsConnect + errorsRead + errorsTimeout + errorsEngine
    val errorRate: Double get() = if (requests == 0L) 0.0 else errors.toDouble() / requests
    val open: Boolean get() = loadModel == "open"
    /** The JIT's share of the server's CPU over the measured window; NaN when either is unknown. */
    val jitShare: Double get() = (cpuPctMean / 100 * windowSeconds).let { cpu -> if (cpu > 0 && !jitCpuSeconds.isNaN()) jitCpuSeconds / cpu else Double.NaN }
    /** Measured at steady state by [pssr.bench.measure.Steadiness] (true when the JIT's CPU was not read: nothing says it compiled). */
    val steady: Boolean get() = pssr.bench.measure.Steadiness.quiet(jitCpuSeconds, cpuPctMean / 100 * windowSeconds, windowSeconds)
    /** The level as keys name it: users (`32`), or an open model's rate (`500rps`). */
    val level: String get() = levelLabel(loadModel, if (open) rateRps.toInt() else users)
    /** The key `--resume` uses to know this level is done. */
    val key: String get() = keyOf(route, if (open) rateRps.toInt() else users, repetition, loadModel)

    fun toCsv(): String = listOf(framework, model, engine, approach, users, repetition, driver, itemDelayMs, fmt(windowSeconds, 3),
        requests, errors, fmt(errorRate, 4), errorsStatus, errorsContent, errorsConnect, errorsRead, errorsTimeout,
        fmt(throughputRps), fmt(floorRps), fmt(latencyMeanMs, 3), fmt(latencyP50Ms, 3), fmt(latencyP90Ms, 3), fmt(latencyP99Ms, 3),
        fmt(latencyP999Ms, 3), fmt(latencyMaxMs, 3), probeSamples, probeFailed, fmt(ttfbP50Ms, 3), fmt(ttfbP99Ms, 3),
        fmt(firstItemP50Ms, 3), fmt(firstItemP99Ms, 3), fmt(lastByteP50Ms, 3), fmt(lastByteP99Ms, 3),
        fmt(serverCpuUsPerRequest, 1), fmt(driverCpuUsPerRequest, 1), fmt(cpuPctMean, 1), fmt(cpuPctPeak, 1), fmt(driverCpuPct, 1),
        fmt(rssMbPeak, 1), fmt(heapMbMean, 1), fmt(heapMbPeak, 1), fmt(gcMs, 1), fmt(threadsMean, 1), threadsPeak, driverBound,
        runtime, jdk, pinnedEvents, fmt(pinnedPerRequest, 4), pinnedTopStack, workload, config, errorsPoolTimeout, errorsConnectTimeout,
        loadModel, fmt(rateRps, 1), errorsEngine,
        errorsDownstreamError, errorsDownstreamDown, errorsDownstreamTimeout, fmt(latencyP95Ms, 3), fmt(apdex, 4), apdexTMs, apdexFMs,
        fmt(jitCpuSeconds, 3), fmt(jitShare, 4), steady, fmt(warmupToSteadySeconds, 1), warmupRequests, fmt(warmupFirstRps), fmt(warmupSteadyRps)).let(CsvFile::line)

    companion object {
        val COLUMNS = listOf("framework", "model", "engine", "approach", "users", "repetition", "driver", "item_delay_ms", "window_s",
            "requests", "errors", "error_rate", "errors_status", "errors_content", "errors_connect", "errors_read", "errors_timeout",
            "throughput_rps", "floor_rps", "latency_mean_ms", "latency_p50_ms", "latency_p90_ms", "latency_p99_ms", "latency_p999_ms",
            "latency_max_ms", "probe_samples", "probe_failed", "ttfb_p50_ms", "ttfb_p99_ms", "first_item_p50_ms", "first_item_p99_ms",
            "last_byte_p50_ms", "last_byte_p99_ms", "server_cpu_us_per_req", "driver_cpu_us_per_req", "server_cpu_pct", "server_cpu_pct_peak",
            "driver_cpu_pct", "rss_mb_peak", "heap_mb_mean", "heap_mb_peak", "gc_ms", "threads_mean", "threads_peak", "driver_bound",
            "runtime", "jdk", "pinned_events", "pinned_per_req", "pinned_top_stack", "workload", "config", "errors_pool_timeout", "errors_connect_timeout",
            "load_model", "rate_rps", "errors_engine",
            "errors_downstream_error", "errors_downstream_down", "errors_downstream_timeout", "latency_p95_ms", "apdex", "apdex_t_ms", "apdex_f_ms",
            "jit_cpu_s", "jit_share", "steady", "warmup_to_steady_s", "warmup_requests", "warmup_first_rps", "warmup_steady_rps")
        val HEADER = CsvFile.header(COLUMNS)

        /** The columns every results.csv pssr wrote has: a header without one of them is a damaged file. */
        val REQUIRED: List<String> = COLUMNS.take(COLUMNS.indexOf("driver_bound") + 1)

        /** Reads a row by column name, so added columns never shift old ones; a value that is not its type is a [BadValue]. */
        fun fromCsv(c: Map<String, String>): ResultRow = fromCsv(Fields(c))

        fun fromCsv(f: Fields): ResultRow = with(f) {
            ResultRow(text("framework"), text("model"), text("engine"), text("approach"), int("users"), int("repetition"), text("driver"),
                long("item_delay_ms"), double("window_s"), long("requests"), long("errors_status"), long("errors_content"), long("errors_connect"),
                long("errors_read"), long("errors_timeout"), double("throughput_rps"), double("floor_rps"), double("latency_mean_ms"),
                double("latency_p50_ms"), double("latency_p90_ms"), double("latency_p99_ms"), double("latency_p999_ms"), double("latency_max_ms"),
                int("probe_samples"), int("probe_failed"), double("ttfb_p50_ms"), double("ttfb_p99_ms"), double("first_item_p50_ms"),
                double("first_item_p99_ms"), double("last_byte_p50_ms"), double("last_byte_p99_ms"), double("server_cpu_us_per_req"),
                double("driver_cpu_us_per_req"), double("server_cpu_pct"), double("server_cpu_pct_peak"), double("driver_cpu_pct"),
                double("rss_mb_peak"), double("heap_mb_mean"), double("heap_mb_peak"), double("gc_ms"), double("threads_mean"),
                int("threads_peak"), boolean("driver_bound"),
                // added with the runtime axis: files written before it read as one unnamed runtime, nothing recorded
                textOr("runtime", ""), textOr("jdk", ""), longOr("pinned_events", -1), doubleOr("pinned_per_req", Double.NaN),
                textOr("pinned_top_stack", ""),
                // files written before the workload axis hold pages only
                textOr("workload", "pages"), textOr("config", ""), longOr("errors_pool_timeout", 0), longOr("errors_connect_timeout", 0),
                // files written before the open model and remote engines: closed loop, no engine errors
                textOr("load_model", "closed"), doubleOr("rate_rps", Double.NaN), longOr("errors_engine", 0),
                // added with seed 004's workloads
                longOr("errors_downstream_error", 0), longOr("errors_downstream_down", 0), longOr("errors_downstream_timeout", 0),
                doubleOr("latency_p95_ms", Double.NaN), doubleOr("apdex", Double.NaN), longOr("apdex_t_ms", 0), longOr("apdex_f_ms", 0),
                // added with steady state (issue 34): older files read the JIT as not recorded and no warm-up measured
                doubleOr("jit_cpu_s", Double.NaN), doubleOr("warmup_to_steady_s", Double.NaN), longOr("warmup_requests", 0),
                doubleOr("warmup_first_rps", Double.NaN), doubleOr("warmup_steady_rps", Double.NaN))
        }

        fun routeOf(frameworkLabel: String, model: String, engine: String, approach: String, config: String = "") =
            "$frameworkLabel/$model/$engine/$approach" + if (config.isEmpty()) "" else "[$config]"

        /** A level's key: users in the closed loop, `<rate>rps` in the open model ([levelLabel]). */
        fun keyOf(route: String, level: Int, repetition: Int, loadModel: String = "closed") = "$route@${levelLabel(loadModel, level)}#$repetition"

        /** A level's name in keys: users in the closed loop, `<rate>rps` in the open model. */
        fun levelLabel(loadModel: String, level: Int): String = if (loadModel == "open") "${level}rps" else "$level"

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
    val route: String get() = RouteKey(framework, model, engine, approach).toString()
    /** The measured verdict contradicts the route's own `/routes` claim. */
    val contradicts: Boolean get() = verdict != "malformed" && (verdict == "streams") != claimsStreaming
    val passed: Boolean get() = bodyOk && verdict != "malformed"

    fun toCsv(): String = listOf(framework, model, engine, approach, path, claimsStreaming, verdict, bodyOk,
        "%.1f".format(java.util.Locale.ROOT, ttfbMs), "%.1f".format(java.util.Locale.ROOT, firstItemMs),
        "%.1f".format(java.util.Locale.ROOT, lastByteMs), chunks, bytes, timeline, error.replace('\n', ' ')).let(CsvFile::line)

    companion object {
        const val HEADER = "framework,model,engine,approach,path,claims_streaming,verdict,body_ok,ttfb_ms,first_item_ms,last_byte_ms,chunks,bytes,timeline,error"

        fun fromCsv(c: Map<String, String>): RouteCheck = fromCsv(Fields(c))

        fun fromCsv(f: Fields): RouteCheck = with(f) {
            RouteCheck(text("framework"), text("model"), text("engine"), text("approach"), text("path"), boolean("claims_streaming"),
                text("verdict"), boolean("body_ok"), double("ttfb_ms"), double("first_item_ms"), double("last_byte_ms"),
                int("chunks"), int("bytes"), text("timeline"), text("error"))
        }
    }
}

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
    val logs: Path = dir.resolve("logs")
    val failuresFile: Path = dir.resolve("failures.csv")
    val enginesFile: Path = dir.resolve("engines.csv")
    val timelineFile: Path = dir.resolve("timeline.csv")
    val profilesFile: Path = dir.resolve("profiles.csv")
    /** The files pssr appends to as it measures: the ones a kill can leave with a line cut mid-write. */
    val appended: List<Path> get() = listOf(results, verification, histograms, failuresFile, timelineFile, enginesFile, profilesFile)

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

    /** The levels of [route] in repetition [repetition] that have no row yet (all of them in a fresh run). */
    fun pending(route: String, repetition: Int, levels: List<Int>, done: Set<String> = rows().map { it.key }.toSet(), loadModel: String = "closed"): List<Int> =
        levels.filter { ResultRow.keyOf(route, it, repetition, loadModel) !in done }
    /** `--load-engines`: each remote engine's share of a level (key = the row's key). */
    fun append(key: String, share: pssr.bench.measure.EngineShare) = appendLine(enginesFile, "key,engine,users,completed,errors,lost,alive",
        CsvFile.line(listOf(key, share.engine, share.users, share.completed, share.errors, share.lost, share.alive)))
    fun checks(): List<RouteCheck> = read(verification) { RouteCheck.fromCsv(it) }
    /** Each level's whole latency distribution (HdrHistogram), by [ResultRow.key]. */
    fun histograms(): Map<String, org.HdrHistogram.Histogram> = read(histograms) { f ->
        val encoded = f.text("latency_us_hdr_base64")
        f.text("key") to try { pssr.bench.measure.Latency.decode(encoded) } catch (e: Exception) {
            throw BadValue("column latency_us_hdr_base64 holds no latency histogram (${e.message ?: e.javaClass.simpleName})")
        }
    }.toMap()

    fun append(row: ResultRow) = appendLine(results, ResultRow.HEADER, row.toCsv())
    fun append(check: RouteCheck) = appendLine(verification, RouteCheck.HEADER, check.toCsv())
    fun append(key: String, latency: org.HdrHistogram.Histogram) =
        appendLine(histograms, "key,latency_us_hdr_base64", CsvFile.line(listOf(key, pssr.bench.measure.Latency.encode(latency))))
    /** Replaces failures.csv with [keep] (a resumed run drops the failures of routes it has since measured). */
    @Synchronized
    fun rewriteFailures(keep: List<Failure>) {
        if (pssr.bench.process.Stopping.now) return
        if (keep.isEmpty()) Files.deleteIfExists(failuresFile)
        else Files.writeString(failuresFile, (listOf(Failure.HEADER) + keep.map { it.toCsv() }).joinToString("\n", postfix = "\n"))
    }
    fun append(failure: Failure) = appendLine(failuresFile, Failure.HEADER, failure.toCsv())
    /** A level's resource readings over its measured window, by [ResultRow.key]. */
    fun append(key: String, points: List<pssr.bench.measure.TimelinePoint>) = points.forEach {
        appendLine(timelineFile, "key,t_s,cpu_pct,heap_mb,gc_ms,threads", CsvFile.line(listOf(key, "%.2f".format(java.util.Locale.ROOT, it.seconds),
            "%.1f".format(java.util.Locale.ROOT, it.cpuPct), "%.1f".format(java.util.Locale.ROOT, it.heapMb), "%.0f".format(java.util.Locale.ROOT, it.gcMs), it.threads)))
    }
    fun timeline(): Map<String, List<pssr.bench.measure.TimelinePoint>> = read(timelineFile) { f ->
        f.text("key") to pssr.bench.measure.TimelinePoint(f.double("t_s"), f.double("cpu_pct"), f.double("heap_mb"), f.double("gc_ms"), f.int("threads"))
    }.groupBy({ it.first }) { it.second }
    fun append(rows: List<ProfileRow>) = rows.forEach { appendLine(profilesFile, ProfileRow.HEADER, it.toCsv()) }
    fun profiles(): List<ProfileRow> = read(profilesFile) { ProfileRow.fromCsv(it) }
    fun failures(): List<Failure> = read(failuresFile) { Failure.fromCsv(it) }
    /** engines.csv's records (only checked: the report reads the shares from the rows' errors). */
    fun engineShares(): List<Map<String, String>> = read(enginesFile) { f -> listOf("key", "engine", "users").associateWith(f::text) }

    @Synchronized
    private fun appendLine(file: Path, header: String, line: String) {
        if (pssr.bench.process.Stopping.now) return // stopping is not failing: what is seen after a stop signal is no result
        Files.createDirectories(dir)
        val fresh = !Files.exists(file) || Files.size(file) == 0L
        Files.newBufferedWriter(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND).use { w: Writer ->
            if (fresh) w.write(header + "\n")
            w.write(line + "\n")
        }
    }
}
