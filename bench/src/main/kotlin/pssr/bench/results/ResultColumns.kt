package pssr.bench.results

import pssr.bench.csv.Column
import pssr.bench.csv.Fields
import pssr.bench.csv.Table

/** One column of results.csv. */
typealias ResultColumn<T> = Column<ResultRow, T>

/**
 * results.csv's columns in file order, each declared once ([Table]): [ResultRow.COLUMNS], the header, [ResultRow.toCsv] and
 * [ResultRow.fromCsv] all come from [TABLE]. Each number has its own format (`Fmt.fixed(v, decimals, Fmt.NAN)`, "NaN"); the
 * derived columns (`errors`, `error_rate`, `jit_share`, `steady`, the regime's) are written for whoever reads the file and
 * never read. A file written before a column existed reads the column's [ResultColumn.absent] value, the same as the
 * constructor's default (ResultColumnsTest).
 */
object ResultColumns {
    val TABLE: Table<ResultRow> = Table(ResultRow::class.java) {
        listOf(
            text("framework", ResultRow::framework), text("model", ResultRow::model), text("engine", ResultRow::engine),
            text("approach", ResultRow::approach), int("users", ResultRow::users), int("repetition", ResultRow::repetition),
            text(
                "driver",
                ResultRow::driver,
            ),
            long("item_delay_ms", ResultRow::itemDelayMs), double("window_s", ResultRow::windowSeconds, 3),
            long("requests", ResultRow::requests), long("errors", ResultRow::errors).derived(),
            double("error_rate", ResultRow::errorRate, 4).derived(),
            long("errors_status", ResultRow::errorsStatus), long("errors_content", ResultRow::errorsContent),
            long("errors_connect", ResultRow::errorsConnect), long("errors_read", ResultRow::errorsRead),
            long("errors_timeout", ResultRow::errorsTimeout),
            double("throughput_rps", ResultRow::throughputRps), double("floor_rps", ResultRow::floorRps),
            double("latency_mean_ms", ResultRow::latencyMeanMs, 3), double("latency_p50_ms", ResultRow::latencyP50Ms, 3),
            double("latency_p90_ms", ResultRow::latencyP90Ms, 3), double("latency_p99_ms", ResultRow::latencyP99Ms, 3),
            double("latency_p999_ms", ResultRow::latencyP999Ms, 3), double("latency_max_ms", ResultRow::latencyMaxMs, 3),
            int("probe_samples", ResultRow::probeSamples), int("probe_failed", ResultRow::probeFailed),
            double("ttfb_p50_ms", ResultRow::ttfbP50Ms, 3), double("ttfb_p99_ms", ResultRow::ttfbP99Ms, 3),
            double("first_item_p50_ms", ResultRow::firstItemP50Ms, 3), double("first_item_p99_ms", ResultRow::firstItemP99Ms, 3),
            double("last_byte_p50_ms", ResultRow::lastByteP50Ms, 3), double("last_byte_p99_ms", ResultRow::lastByteP99Ms, 3),
            double("server_cpu_us_per_req", ResultRow::serverCpuUsPerRequest, 1),
            double("driver_cpu_us_per_req", ResultRow::driverCpuUsPerRequest, 1),
            double("server_cpu_pct", ResultRow::cpuPctMean, 1), double("server_cpu_pct_peak", ResultRow::cpuPctPeak, 1),
            double("driver_cpu_pct", ResultRow::driverCpuPct, 1), double("rss_mb_peak", ResultRow::rssMbPeak, 1),
            double("heap_mb_mean", ResultRow::heapMbMean, 1), double("heap_mb_peak", ResultRow::heapMbPeak, 1),
            double("gc_ms", ResultRow::gcMs, 1), double("threads_mean", ResultRow::threadsMean, 1),
            int("threads_peak", ResultRow::threadsPeak), boolean("driver_bound", ResultRow::driverBound),
        ) + listOf(
            // the runtime axis: files written before it read as one unnamed runtime, nothing recorded
            text("runtime", ResultRow::runtime, absent = ""), text("jdk", ResultRow::jdk, absent = ""),
            long("pinned_events", ResultRow::pinnedEvents, absent = -1),
            double("pinned_per_req", ResultRow::pinnedPerRequest, 4, absent = Double.NaN),
            text("pinned_top_stack", ResultRow::pinnedTopStack, absent = ""),
            // the workload axis: files written before it hold pages only
            text("workload", ResultRow::workload, absent = "pages"), text("config", ResultRow::config, absent = ""),
            long("errors_pool_timeout", ResultRow::errorsPoolTimeout, absent = 0),
            long("errors_connect_timeout", ResultRow::errorsConnectTimeout, absent = 0),
            // the open model and remote engines: files written before them are closed loops, no engine errors
            text("load_model", ResultRow::loadModel, absent = "closed"), double("rate_rps", ResultRow::rateRps, 1, absent = Double.NaN),
            long("errors_engine", ResultRow::errorsEngine, absent = 0),
            // seed 004's workloads
            long("errors_downstream_error", ResultRow::errorsDownstreamError, absent = 0),
            long("errors_downstream_down", ResultRow::errorsDownstreamDown, absent = 0),
            long("errors_downstream_timeout", ResultRow::errorsDownstreamTimeout, absent = 0),
            double("latency_p95_ms", ResultRow::latencyP95Ms, 3, absent = Double.NaN),
            double("apdex", ResultRow::apdex, 4, absent = Double.NaN),
            long("apdex_t_ms", ResultRow::apdexTMs, absent = 0), long("apdex_f_ms", ResultRow::apdexFMs, absent = 0),
            // steady state: older files read the JIT as not recorded and no warm-up measured
            double("jit_cpu_s", ResultRow::jitCpuSeconds, 3, absent = Double.NaN), double("jit_share", ResultRow::jitShare, 4).derived(),
            boolean("steady", ResultRow::steady).derived(),
            double("warmup_to_steady_s", ResultRow::warmupToSteadySeconds, 1, absent = Double.NaN),
            long("warmup_requests", ResultRow::warmupRequests, absent = 0),
            double("warmup_first_rps", ResultRow::warmupFirstRps, absent = Double.NaN),
            double("warmup_steady_rps", ResultRow::warmupSteadyRps, absent = Double.NaN),
            // a JMeter profile's interval from its own batches: older files hold none
            int("batches", ResultRow::batches, absent = 0),
            double("latency_mean_se_ms", ResultRow::latencyMeanSeMs, 3, absent = Double.NaN),
            double("requests_rps_se", ResultRow::requestsRpsSe, 3, absent = Double.NaN),
            // which shared JVM measured the row (--jvms): older files, one JVM per framework or per route
            int("server_jvm", ResultRow::serverJvm, absent = 0),
            // a JMeter profile's tails with their batches' interval: older files hold none
            double("latency_p95_se_ms", ResultRow::latencyP95SeMs, 3, absent = Double.NaN),
            double("latency_p99_se_ms", ResultRow::latencyP99SeMs, 3, absent = Double.NaN),
            // the regime of the level: older files did not read the machine's CPU, and read as regime unknown
            double("machine_cpu_pct", ResultRow::machineCpuPct, 1, absent = Double.NaN),
            double("cores_busy", ResultRow::coresBusy, 3, absent = Double.NaN),
            double("floor_share", ResultRow::floorShare, 3).derived(), double("other_cpu_pct", ResultRow::otherCpuPct, 1).derived(),
            double("driver_share", ResultRow::driverShare, 3).derived(),
            text("regime", ResultRow::regimeId).derived(),
            // the seeds' load profile: older files measured time windows
            int("requests_per_user", ResultRow::requestsPerUser, absent = 0),
            // the level's own warm-up past its fixed window: older files did not record it
            double("settle_s", ResultRow::settleSeconds, 1, absent = Double.NaN),
            // the bounded pool of the route (the pool-bound regime): older files did not record it
            text("pool", ResultRow::pool, absent = ""), int("pool_threads", ResultRow::poolThreads, absent = 0),
            double("pool_floor_rps", ResultRow::poolFloorRps, absent = Double.NaN),
            double("pool_share", ResultRow::poolShare, 3).derived(),
            // a long page's lead and its open streams' cost: older files measured fresh windows and read no streams
            double("lead_s", ResultRow::leadSeconds, 3, absent = 0.0),
            double("open_streams", ResultRow::openStreams, 1, absent = Double.NaN),
            double("heap_live_mb_held", ResultRow::heapLiveMbHeld, 1, absent = Double.NaN),
            double("heap_live_mb_after", ResultRow::heapLiveMbAfter, 1, absent = Double.NaN),
            double("rss_mb_held", ResultRow::rssMbHeld, 1, absent = Double.NaN),
            double("rss_mb_idle", ResultRow::rssMbIdle, 1, absent = Double.NaN),
            int("os_threads_held", ResultRow::osThreadsHeld, absent = -1),
            int("os_threads_after", ResultRow::osThreadsAfter, absent = -1),
            double("heap_kb_per_stream", ResultRow::heapKbPerStream, 2, absent = Double.NaN),
            double("rss_kb_per_stream", ResultRow::rssKbPerStream, 2, absent = Double.NaN),
        )
    }

    val ALL: List<ResultColumn<*>> get() = TABLE.columns

    /** The row a file's record holds, its values read in file order (so the first bad value named is the leftmost). */
    fun read(f: Fields): ResultRow = TABLE.read(f)

    /** A row of [values], one per read column in file order. */
    fun construct(values: List<Any>): ResultRow = TABLE.construct(values)
}
