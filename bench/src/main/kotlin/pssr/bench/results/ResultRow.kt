package pssr.bench.results

import pssr.bench.csv.BadValue
import pssr.bench.csv.Fields
import pssr.bench.measure.Regime
import pssr.bench.measure.Steadiness

/**
 * One load level of one route in one repetition: a row of `results.csv` (every column, with its unit, is
 * defined in docs/RESULTS.md). Times in milliseconds; throughput is correct responses per second of the
 * measured window; CPU per request is CPU seconds over the window divided by the responses completed in it.
 * Each column's name, format and reading is declared once, in [ResultColumns]; build rows with named arguments.
 * The parameters are in results.csv's order; the defaults are what a file written before a column existed reads as.
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
    /**
     * Of [errorsConnect]: connects that timed out (a full accept queue drops SYNs) rather than being refused;
     * JMeter tells them apart, wrk does not (0).
     */
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
    /**
     * The route's warm-up in this server session (pssr.bench.measure.SteadyWarmup): load seconds and requests until steady
     * (NaN: not reached or not adaptive).
     */
    val warmupToSteadySeconds: Double = Double.NaN,
    val warmupRequests: Long = 0,
    /** Throughput of the warm-up's first window and of its last (steady) one: how much slower the fresh JVM served the route. */
    val warmupFirstRps: Double = Double.NaN,
    val warmupSteadyRps: Double = Double.NaN,
    /**
     * A JMeter profile's batch means (pssr.bench.measure.Batches): how many batches (0: none, pages rows and older files), the
     * standard error of [latencyMeanMs] and of JMeter's throughput (every sample per second, [requests] / [windowSeconds]).
     */
    val batches: Int = 0,
    val latencyMeanSeMs: Double = Double.NaN,
    val requestsRpsSe: Double = Double.NaN,
    /** The shared server JVM (1-based) that measured the row (`--quick`, `--jvms`); 0 for a JVM of the route's own, and older files. */
    val serverJvm: Int = 0,
    /** The standard errors of [latencyP95Ms] and [latencyP99Ms] over a JMeter profile's batches' own percentiles (NaN without). */
    val latencyP95SeMs: Double = Double.NaN,
    val latencyP99SeMs: Double = Double.NaN,
    /** The whole machine's busy CPU over the window (server, driver, anything else), percent of one core; NaN: not read. */
    val machineCpuPct: Double = Double.NaN,
    /** The share of the machine's online cores that were busy over the window (0..1); NaN: not read. */
    val coresBusy: Double = Double.NaN,
    /** The seeds' load profile: the measured window was this many requests from every user; 0: a time window ([windowSeconds]). */
    val requestsPerUser: Int = 0,
    /**
     * Load beyond the level's fixed warm-up window while its JIT still compiled, seconds (pssr.bench.measure.LevelRun's settle;
     * a measured window that compiled, measured again, counts here): 0 when the warm-up window was quiet; NaN in older files.
     */
    val settleSeconds: Double = Double.NaN,
    /**
     * The bounded pool the route's requests each hold a thread of (`GET /routes`' pool: its name and threads, as the server
     * ran), and its floor (threads / (items x item delay)); empty, 0 and NaN on routes without one, and in older files.
     */
    val pool: String = "",
    val poolThreads: Int = 0,
    val poolFloorRps: Double = Double.NaN,
    /**
     * A long page's level (pssr.bench.measure.Windows.leadFor): the load before its window on the same connections, seconds (0: a
     * window of a fresh driver, and older files), and what its open streams cost (pssr.bench.measure.OpenStreams): the requests
     * in flight, the server's live heap after a full GC and its RSS (MB) and OS threads with every stream open and (heap, threads)
     * once they closed, the RSS before any load, and per stream (KB). NaN and -1 where not read: short pages, older files.
     */
    val leadSeconds: Double = 0.0,
    val openStreams: Double = Double.NaN,
    val heapLiveMbHeld: Double = Double.NaN,
    val heapLiveMbAfter: Double = Double.NaN,
    val rssMbHeld: Double = Double.NaN,
    val rssMbIdle: Double = Double.NaN,
    val osThreadsHeld: Int = -1,
    val osThreadsAfter: Int = -1,
    val heapKbPerStream: Double = Double.NaN,
    val rssKbPerStream: Double = Double.NaN,
) {
    /** The framework as rows and reports name it: with the runtime label when the run compares runtimes. */
    val frameworkLabel: String get() = if (runtime.isEmpty()) framework else "$framework@$runtime"

    /** Rows of one route measured under different settings (a students sweep) stay apart: the config is part of the route. */
    val route: String get() = routeOf(frameworkLabel, model, engine, approach, config)
    val errors: Long get() = errorsStatus + errorsContent + errorsConnect + errorsRead + errorsTimeout + errorsEngine
    val errorRate: Double get() = if (requests == 0L) 0.0 else errors.toDouble() / requests
    val open: Boolean get() = loadModel == "open"

    /** The JIT's share of the server's CPU over the measured window; NaN when either is unknown. */
    val jitShare: Double get() =
        (cpuPctMean / 100 * windowSeconds).let { cpu -> if (cpu > 0 && !jitCpuSeconds.isNaN()) jitCpuSeconds / cpu else Double.NaN }

    /** Measured at steady state by [pssr.bench.measure.Steadiness] (true when the JIT's CPU was not read: nothing says it compiled). */
    val steady: Boolean get() = Steadiness.quiet(jitCpuSeconds, cpuPctMean / 100 * windowSeconds, windowSeconds)

    /** Throughput as a share of the latency floor (NaN where there is no floor: zero item delay, the open model). */
    val floorShare: Double get() = if (floorRps > 0) throughputRps / floorRps else Double.NaN

    /** Throughput over the pool's floor where the level had more users than the pool threads ([Regime.poolShare]), else NaN. */
    val poolShare: Double get() = Regime.poolShare(throughputRps, poolFloorRps, users, poolThreads)

    /** CPU the machine spent on neither the server nor the driver over the window (the harness, the kernel, anything else). */
    val otherCpuPct: Double get() = machineCpuPct - cpuPctMean - (if (driverCpuPct.isNaN()) 0.0 else driverCpuPct)

    /** The driver's share of the machine's busy CPU over the window. */
    val driverShare: Double get() = if (machineCpuPct > 0) driverCpuPct / machineCpuPct else Double.NaN

    /** What limited the level ([pssr.bench.measure.Regime]): floor, cpu, knee, driver, other. */
    val regime: Regime get() =
        if (open || workload != "pages") {
            Regime.UNKNOWN
        } else {
            Regime.of(floorShare, coresBusy, driverBound, poolShare)
        }

    /** [regime]'s name in results.csv. */
    val regimeId: String get() = regime.id

    /** The level as keys name it: users (`32`), or an open model's rate (`500rps`). */
    val level: String get() = levelLabel(loadModel, if (open) rateRps.toInt() else users)

    /** The key `--resume` uses to know this level is done. */
    val key: String get() = keyOf(route, if (open) rateRps.toInt() else users, repetition, loadModel)

    fun toCsv(): String = ResultColumns.TABLE.line(this)

    companion object {
        val COLUMNS: List<String> = ResultColumns.TABLE.names
        val HEADER = ResultColumns.TABLE.header

        /** The columns every results.csv pssr wrote has: a header without one of them is a damaged file. */
        val REQUIRED: List<String> = ResultColumns.TABLE.required

        /** Reads a row by column name, so added columns never shift old ones; a value that is not its type is a [BadValue]. */
        fun fromCsv(c: Map<String, String>): ResultRow = fromCsv(Fields(c))

        fun fromCsv(f: Fields): ResultRow = ResultColumns.read(f)

        fun routeOf(frameworkLabel: String, model: String, engine: String, approach: String, config: String = "") =
            "$frameworkLabel/$model/$engine/$approach" + if (config.isEmpty()) "" else "[$config]"

        /** A level's key: users in the closed loop, `<rate>rps` in the open model ([levelLabel]). */
        fun keyOf(route: String, level: Int, repetition: Int, loadModel: String = "closed") =
            "$route@${levelLabel(loadModel, level)}#$repetition"

        /** A level's name in keys: users in the closed loop, `<rate>rps` in the open model. */
        fun levelLabel(loadModel: String, level: Int): String = if (loadModel == "open") "${level}rps" else "$level"
    }
}
