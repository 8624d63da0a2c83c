package pssr.bench.results

import pssr.bench.console.Fmt
import pssr.bench.csv.Fields
import java.lang.reflect.Constructor
import kotlin.reflect.KProperty1

/**
 * One column of results.csv: its header [name], the row's value it holds ([property]), that value's JVM [type], how it is
 * written, and how a file's text reads back. A derived column (`errors`, `error_rate`, `jit_share`, `steady`) is written for
 * whoever reads the file and never read: the row computes it.
 */
class ResultColumn<T : Any> internal constructor(
    val name: String,
    val property: KProperty1<ResultRow, T>,
    val type: Class<T>,
    private val write: (T) -> String,
    private val read: ((Fields) -> T)?,
    /** What a file written before this column existed reads as; null for the first version's columns, which every file has. */
    val absent: T? = null,
) {
    val derived: Boolean get() = read == null

    fun text(row: ResultRow): String = write(property.get(row))

    fun read(f: Fields): T = checkNotNull(read) { "column $name is derived from others, not read" }(f)

    internal fun derived() = ResultColumn(name, property, type, write, null, absent)
}

/**
 * results.csv's columns in file order, each declared once: [ResultRow.COLUMNS], the header, [ResultRow.toCsv] and
 * [ResultRow.fromCsv] all come from [ALL]. A table of typed columns rather than Jackson's CSV module: that module is not a
 * dependency, and each column's own number format (`Fmt.fixed(v, decimals, Fmt.NAN)`, "NaN") and the derived columns would need a
 * serializer each anyway. The read columns are [ResultRow]'s constructor parameters in the same order: a row is built from
 * them with Java reflection (cheap, no kotlin-reflect, whose first use costs more than a second), and a constructor that
 * does not match the table fails when the table loads. Reading a value by column name keeps files written before a column
 * existed readable: the column's [ResultColumn.absent] value, the same as the constructor's default (ResultColumnsTest).
 */
object ResultColumns {
    val ALL: List<ResultColumn<*>> = listOf(
        text("framework", ResultRow::framework), text("model", ResultRow::model), text("engine", ResultRow::engine),
        text("approach", ResultRow::approach), int("users", ResultRow::users), int("repetition", ResultRow::repetition),
        text("driver", ResultRow::driver), long("item_delay_ms", ResultRow::itemDelayMs), double("window_s", ResultRow::windowSeconds, 3),
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
        // steady state (issue 34): older files read the JIT as not recorded and no warm-up measured
        double("jit_cpu_s", ResultRow::jitCpuSeconds, 3, absent = Double.NaN), double("jit_share", ResultRow::jitShare, 4).derived(),
        boolean("steady", ResultRow::steady).derived(),
        double("warmup_to_steady_s", ResultRow::warmupToSteadySeconds, 1, absent = Double.NaN),
        long("warmup_requests", ResultRow::warmupRequests, absent = 0),
        double("warmup_first_rps", ResultRow::warmupFirstRps, absent = Double.NaN),
        double("warmup_steady_rps", ResultRow::warmupSteadyRps, absent = Double.NaN),
        // a JMeter profile's interval from its own batches (issue 33): older files hold none
        int("batches", ResultRow::batches, absent = 0),
        double("latency_mean_se_ms", ResultRow::latencyMeanSeMs, 3, absent = Double.NaN),
        double("requests_rps_se", ResultRow::requestsRpsSe, 3, absent = Double.NaN),
        // which shared JVM measured the row (--jvms): older files, one JVM per framework or per route
        int("server_jvm", ResultRow::serverJvm, absent = 0),
        // a JMeter profile's tails with their batches' interval (issue 33): older files hold none
        double("latency_p95_se_ms", ResultRow::latencyP95SeMs, 3, absent = Double.NaN),
        double("latency_p99_se_ms", ResultRow::latencyP99SeMs, 3, absent = Double.NaN),
        // the regime of the level (issue 46): older files did not read the machine's CPU, and read as regime unknown
        double("machine_cpu_pct", ResultRow::machineCpuPct, 1, absent = Double.NaN),
        double("cores_busy", ResultRow::coresBusy, 3, absent = Double.NaN),
        double("floor_share", ResultRow::floorShare, 3).derived(), double("other_cpu_pct", ResultRow::otherCpuPct, 1).derived(),
        double("driver_share", ResultRow::driverShare, 3).derived(),
        text("regime", ResultRow::regimeId).derived(),
    )

    private val readColumns = ALL.filterNot { it.derived }

    private val constructor: Constructor<ResultRow> = try {
        ResultRow::class.java.getConstructor(*readColumns.map { it.type }.toTypedArray())
    } catch (e: NoSuchMethodException) {
        throw IllegalStateException(
            "ResultRow's constructor parameters must be the read columns in file order: " +
                readColumns.joinToString { "${it.property.name}: ${it.type.simpleName}" },
            e,
        )
    }

    /** The row a file's record holds, its values read in file order (so the first bad value named is the leftmost). */
    fun read(f: Fields): ResultRow = construct(readColumns.map { it.read(f) })

    /** A row of [values], one per read column in file order. */
    fun construct(values: List<Any>): ResultRow = constructor.newInstance(*values.toTypedArray())

    // a column with an [ResultColumn.absent] value reads it when the file has no such column (or, for a number, an empty value)
    private fun text(name: String, p: KProperty1<ResultRow, String>, absent: String? = null) =
        ResultColumn(name, p, String::class.java, { it }, { f -> if (absent == null) f.text(name) else f.textOr(name, absent) }, absent)
    private fun int(name: String, p: KProperty1<ResultRow, Int>, absent: Int? = null) = ResultColumn(
        name,
        p,
        Int::class.java,
        { it.toString() },
        { f -> if (absent == null) f.int(name) else f.intOr(name, absent) },
        absent,
    )
    private fun long(name: String, p: KProperty1<ResultRow, Long>, absent: Long? = null) = ResultColumn(
        name,
        p,
        Long::class.java,
        { it.toString() },
        { f -> if (absent == null) f.long(name) else f.longOr(name, absent) },
        absent,
    )
    private fun boolean(name: String, p: KProperty1<ResultRow, Boolean>) =
        ResultColumn(name, p, Boolean::class.java, { it.toString() }, { it.boolean(name) })

    /** Written with [decimals] digits after the point ([Fmt.fixed], NaN as "NaN"). */
    private fun double(name: String, p: KProperty1<ResultRow, Double>, decimals: Int = 2, absent: Double? = null) = ResultColumn(
        name,
        p,
        Double::class.java,
        { Fmt.fixed(it, decimals, Fmt.NAN) },
        { f -> if (absent == null) f.double(name) else f.doubleOr(name, absent) },
        absent,
    )
}
