package pssr.bench.load

import pssr.bench.console.Fmt
import pssr.bench.csv.CsvFile
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption

/**
 * One measured window of `./pssr load`: one page at one level in one repetition (docs/RESULTS.md, "load.csv").
 * [level] is users in the closed loop, requests per second in the open model ([loadModel]). Latency is the driver's
 * (every request, HdrHistogram); ttfb, first content, half visible and last byte are the side probe's, with the
 * probe's definitions; [verdict] is the one most side-probe samples got in this window.
 */
data class LoadRow(
    val page: String,
    val url: String,
    val loadModel: String,
    val level: Int,
    val repetition: Int,
    val driver: String,
    val windowS: Double,
    val requests: Long,
    val errorsStatus: Long,
    val errorsContent: Long,
    val errorsConnect: Long,
    val errorsRead: Long,
    val errorsTimeout: Long,
    val throughputRps: Double,
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
    val firstContentP50Ms: Double,
    val firstContentP99Ms: Double,
    val halfVisibleP50Ms: Double,
    val halfVisibleP99Ms: Double,
    val lastByteP50Ms: Double,
    val lastByteP99Ms: Double,
    val probeStreams: Int,
    val probeBuffered: Int,
    val probeTooFast: Int,
    val verdict: String,
    val serverCpuUsPerReq: Double,
    val driverCpuUsPerReq: Double,
    val serverCpuPct: Double,
    val driverCpuPct: Double,
    val driverBound: Boolean,
    /** The listener's JIT compiler threads' CPU over the window, where it is a HotSpot JVM on this machine (NaN otherwise); see ResultRow.
     * */
    val jitCpuS: Double = Double.NaN,
    /** The page's warm-up until steady: load seconds until steady (NaN: not reached, or not read), first and steady window throughput. */
    val warmupToSteadyS: Double = Double.NaN,
    val warmupFirstRps: Double = Double.NaN,
    val warmupSteadyRps: Double = Double.NaN,
) {
    /** Measured at steady state ([pssr.bench.measure.Steadiness]; true when the JIT was not read). */
    val steady: Boolean get() = pssr.bench.measure.Steadiness.quiet(jitCpuS, serverCpuPct / 100 * windowS, windowS)
    val errors: Long get() = errorsStatus + errorsContent + errorsConnect + errorsRead + errorsTimeout

    // every figure with 3 decimals, an empty cell where none was measured
    private fun values(): List<Any> = listOf<Any>(
        page, url, loadModel, level, repetition, driver, windowS, requests, errorsStatus,
        errorsContent,
        errorsConnect, errorsRead, errorsTimeout, throughputRps, latencyMeanMs, latencyP50Ms, latencyP90Ms, latencyP99Ms,
        latencyP999Ms, latencyMaxMs, probeSamples, probeFailed, ttfbP50Ms, ttfbP99Ms, firstContentP50Ms,
        firstContentP99Ms,
        halfVisibleP50Ms, halfVisibleP99Ms, lastByteP50Ms, lastByteP99Ms, probeStreams, probeBuffered, probeTooFast, verdict,
        serverCpuUsPerReq, driverCpuUsPerReq, serverCpuPct, driverCpuPct, driverBound,
        jitCpuS, steady, warmupToSteadyS, warmupFirstRps, warmupSteadyRps,
    ).map { if (it is Double) Fmt.fixed(it, 3, "") else it }

    companion object {
        val COLUMNS = listOf(
            "page", "url", "load_model", "level", "repetition", "driver", "window_s", "requests", "errors_status",
            "errors_content",
            "errors_connect", "errors_read", "errors_timeout", "throughput_rps", "latency_mean_ms", "latency_p50_ms", "latency_p90_ms",
            "latency_p99_ms",
            "latency_p999_ms", "latency_max_ms", "probe_samples", "probe_failed", "ttfb_p50_ms", "ttfb_p99_ms", "first_content_p50_ms",
            "first_content_p99_ms",
            "half_visible_p50_ms", "half_visible_p99_ms", "last_byte_p50_ms", "last_byte_p99_ms", "probe_streams", "probe_buffered",
            "probe_too_fast", "verdict",
            "server_cpu_us_per_req", "driver_cpu_us_per_req", "server_cpu_pct", "driver_cpu_pct", "driver_bound",
            "jit_cpu_s", "steady", "warmup_to_steady_s", "warmup_first_rps", "warmup_steady_rps",
        )

        /** Appends [row] to [file], writing the header first when the file is new. */
        fun append(file: Path, row: LoadRow) {
            if (pssr.bench.process.Stopping.now) return // what a level sees after a stop signal is the stop, not a result
            val header = if (Files.exists(file)) "" else CsvFile.header(COLUMNS) + "\n"
            Files.writeString(file, header + CsvFile.line(row.values()) + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND)
        }

        fun read(file: Path): List<LoadRow> = CsvFile.read(file).map { m ->
            fun s(k: String) = m.getValue(k)
            fun d(k: String) = s(k).ifEmpty { "NaN" }.toDouble()

            // columns added with steady state (issue 34): absent in older files
            fun o(k: String) = m[k]?.ifEmpty { null }?.toDoubleOrNull() ?: Double.NaN
            fun l(k: String) = s(k).toLong()
            fun i(k: String) = s(k).toInt()
            LoadRow(
                s("page"), s("url"), s("load_model"), i("level"), i("repetition"), s("driver"), d("window_s"), l("requests"),
                l("errors_status"),
                l("errors_content"), l("errors_connect"), l("errors_read"), l("errors_timeout"), d("throughput_rps"), d("latency_mean_ms"),
                d("latency_p50_ms"), d("latency_p90_ms"), d("latency_p99_ms"), d("latency_p999_ms"), d("latency_max_ms"),
                i("probe_samples"),
                i("probe_failed"), d("ttfb_p50_ms"), d("ttfb_p99_ms"), d("first_content_p50_ms"), d("first_content_p99_ms"),
                d("half_visible_p50_ms"),
                d("half_visible_p99_ms"), d("last_byte_p50_ms"), d("last_byte_p99_ms"), i("probe_streams"), i("probe_buffered"),
                i("probe_too_fast"),
                s("verdict"), d("server_cpu_us_per_req"), d("driver_cpu_us_per_req"), d("server_cpu_pct"), d("driver_cpu_pct"),
                s("driver_bound").toBoolean(),
                o("jit_cpu_s"), o("warmup_to_steady_s"), o("warmup_first_rps"), o("warmup_steady_rps"),
            )
        }
    }
}
