package pssr.bench.load

import pssr.bench.csv.Table
import pssr.bench.measure.Steadiness
import pssr.bench.process.Stopping
import java.nio.file.Path
import kotlin.reflect.KProperty1

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
    /**
     * A long page (its last byte unloaded at 50 ms or later): the closed loop's floor (users / the unloaded page time), the lead
     * before the window on the same connections, and what the open streams cost the server where it is a JVM this tool
     * attached to (ResultRow's columns of the same names); empty where not measured and in older files.
     */
    val floorRps: Double = Double.NaN,
    val leadS: Double = 0.0,
    val openStreams: Double = Double.NaN,
    val heapKbPerStream: Double = Double.NaN,
    val rssKbPerStream: Double = Double.NaN,
    val osThreadsHeld: Int = -1,
) {
    /** Measured at steady state ([pssr.bench.measure.Steadiness]; true when the JIT was not read). */
    val steady: Boolean get() = Steadiness.quiet(jitCpuS, serverCpuPct / 100 * windowS, windowS)
    val errors: Long get() = errorsStatus + errorsContent + errorsConnect + errorsRead + errorsTimeout

    companion object {
        /**
         * load.csv's columns in file order, each declared once: every figure with 3 decimals, an empty cell where none was
         * measured; the JIT and warm-up columns came with steady state and read as not measured from older files.
         */
        val TABLE: Table<LoadRow> = Table(LoadRow::class.java) {
            fun d(name: String, p: KProperty1<LoadRow, Double>) = double(name, p, 3, nan = "")
            listOf(
                text("page", LoadRow::page), text("url", LoadRow::url), text("load_model", LoadRow::loadModel),
                int("level", LoadRow::level), int("repetition", LoadRow::repetition), text("driver", LoadRow::driver),
                d("window_s", LoadRow::windowS), long("requests", LoadRow::requests), long("errors_status", LoadRow::errorsStatus),
                long("errors_content", LoadRow::errorsContent), long("errors_connect", LoadRow::errorsConnect),
                long("errors_read", LoadRow::errorsRead), long("errors_timeout", LoadRow::errorsTimeout),
                d("throughput_rps", LoadRow::throughputRps), d("latency_mean_ms", LoadRow::latencyMeanMs),
                d("latency_p50_ms", LoadRow::latencyP50Ms), d("latency_p90_ms", LoadRow::latencyP90Ms),
                d("latency_p99_ms", LoadRow::latencyP99Ms), d("latency_p999_ms", LoadRow::latencyP999Ms),
                d("latency_max_ms", LoadRow::latencyMaxMs), int("probe_samples", LoadRow::probeSamples),
                int("probe_failed", LoadRow::probeFailed), d("ttfb_p50_ms", LoadRow::ttfbP50Ms), d("ttfb_p99_ms", LoadRow::ttfbP99Ms),
                d("first_content_p50_ms", LoadRow::firstContentP50Ms), d("first_content_p99_ms", LoadRow::firstContentP99Ms),
                d("half_visible_p50_ms", LoadRow::halfVisibleP50Ms), d("half_visible_p99_ms", LoadRow::halfVisibleP99Ms),
                d("last_byte_p50_ms", LoadRow::lastByteP50Ms), d("last_byte_p99_ms", LoadRow::lastByteP99Ms),
                int("probe_streams", LoadRow::probeStreams), int("probe_buffered", LoadRow::probeBuffered),
                int("probe_too_fast", LoadRow::probeTooFast), text("verdict", LoadRow::verdict),
                d("server_cpu_us_per_req", LoadRow::serverCpuUsPerReq), d("driver_cpu_us_per_req", LoadRow::driverCpuUsPerReq),
                d("server_cpu_pct", LoadRow::serverCpuPct), d("driver_cpu_pct", LoadRow::driverCpuPct),
                boolean("driver_bound", LoadRow::driverBound),
                double("jit_cpu_s", LoadRow::jitCpuS, 3, nan = "", absent = Double.NaN), boolean("steady", LoadRow::steady).derived(),
                double("warmup_to_steady_s", LoadRow::warmupToSteadyS, 3, nan = "", absent = Double.NaN),
                double("warmup_first_rps", LoadRow::warmupFirstRps, 3, nan = "", absent = Double.NaN),
                double("warmup_steady_rps", LoadRow::warmupSteadyRps, 3, nan = "", absent = Double.NaN),
                double("floor_rps", LoadRow::floorRps, 3, nan = "", absent = Double.NaN),
                double("lead_s", LoadRow::leadS, 3, nan = "", absent = 0.0),
                double("open_streams", LoadRow::openStreams, 3, nan = "", absent = Double.NaN),
                double("heap_kb_per_stream", LoadRow::heapKbPerStream, 3, nan = "", absent = Double.NaN),
                double("rss_kb_per_stream", LoadRow::rssKbPerStream, 3, nan = "", absent = Double.NaN),
                int("os_threads_held", LoadRow::osThreadsHeld, absent = -1),
            )
        }

        /** Appends [row] to [file], writing the header first when the file is new. */
        fun append(file: Path, row: LoadRow) {
            if (Stopping.now) return // what a level sees after a stop signal is the stop, not a result
            TABLE.append(file, listOf(row))
        }

        /** Every row of [file]; a value that cannot be read is a [pssr.bench.csv.DamagedFolder] naming the file, line and column. */
        fun read(file: Path): List<LoadRow> = TABLE.rows(file)
    }
}
