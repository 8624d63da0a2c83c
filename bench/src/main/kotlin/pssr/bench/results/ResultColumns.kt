package pssr.bench.results

import kotlin.reflect.KParameter
import kotlin.reflect.KProperty1
import kotlin.reflect.full.primaryConstructor
import pssr.bench.csv.Fields

/**
 * One column of results.csv: its header [name], the row's value it holds ([property], whose name is also the constructor
 * parameter a file's value goes to), how that value is written, and how a file's text reads back. A derived column
 * (`errors`, `error_rate`, `jit_share`, `steady`) is written for whoever reads the file and never read: the row computes it.
 */
class ResultColumn<T : Any> internal constructor(
    val name: String,
    val property: KProperty1<ResultRow, T>,
    private val write: (T) -> String,
    private val parse: ((Fields, String) -> T)?,
    /** An empty number means "not recorded", as a missing column does; an empty text is the text "". */
    private val emptyIsAbsent: Boolean,
    /** Added after the first results.csv: an older file lacks it, and its rows keep the constructor's default. */
    val addedLater: Boolean = false,
) {
    val derived: Boolean get() = parse == null

    fun text(row: ResultRow): String = write(property.get(row))

    /** This column's value in [f]; null when [f] has none for a column [addedLater] (the row keeps its default). */
    fun read(f: Fields): T? {
        val parse = checkNotNull(parse) { "column $name is derived from others, not read" }
        if (addedLater) {
            val raw = f.textOr(name, ABSENT)
            if (raw == ABSENT || raw.isEmpty() && emptyIsAbsent) return null
        }
        return parse(f, name)
    }

    internal fun derived() = ResultColumn(name, property, write, null, emptyIsAbsent, addedLater)
    internal fun addedLater() = ResultColumn(name, property, write, parse, emptyIsAbsent, addedLater = true)

    private companion object {
        /** What [Fields.textOr] answers for a column the file does not have (no CSV pssr reads holds a NUL). */
        const val ABSENT = "\u0000no such column"
    }
}

/**
 * results.csv's columns in file order, each declared once: [ResultRow.COLUMNS], the header, [ResultRow.toCsv] and
 * [ResultRow.fromCsv] all come from [ALL]. A table of typed columns rather than Jackson's CSV module: that module is not a
 * dependency, and each column's own number format (`fmt(v, decimals)`, "NaN") and the derived columns would need a
 * serializer each anyway. A file's values reach [ResultRow]'s constructor by parameter name (kotlin-reflect's callBy),
 * so a column an older file lacks takes the constructor's default, the one place defaults are declared.
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
        text("runtime", ResultRow::runtime), text("jdk", ResultRow::jdk), long("pinned_events", ResultRow::pinnedEvents),
        double("pinned_per_req", ResultRow::pinnedPerRequest, 4), text("pinned_top_stack", ResultRow::pinnedTopStack),
        // the workload axis: files written before it hold pages only
        text("workload", ResultRow::workload), text("config", ResultRow::config),
        long("errors_pool_timeout", ResultRow::errorsPoolTimeout), long("errors_connect_timeout", ResultRow::errorsConnectTimeout),
        // the open model and remote engines: files written before them are closed loops, no engine errors
        text("load_model", ResultRow::loadModel), double("rate_rps", ResultRow::rateRps, 1), long("errors_engine", ResultRow::errorsEngine),
        // seed 004's workloads
        long("errors_downstream_error", ResultRow::errorsDownstreamError), long("errors_downstream_down", ResultRow::errorsDownstreamDown),
        long("errors_downstream_timeout", ResultRow::errorsDownstreamTimeout), double("latency_p95_ms", ResultRow::latencyP95Ms, 3),
        double("apdex", ResultRow::apdex, 4), long("apdex_t_ms", ResultRow::apdexTMs), long("apdex_f_ms", ResultRow::apdexFMs),
        // steady state (issue 34): older files read the JIT as not recorded and no warm-up measured
        double("jit_cpu_s", ResultRow::jitCpuSeconds, 3), double("jit_share", ResultRow::jitShare, 4).derived(),
        boolean("steady", ResultRow::steady).derived(), double("warmup_to_steady_s", ResultRow::warmupToSteadySeconds, 1),
        long("warmup_requests", ResultRow::warmupRequests), double("warmup_first_rps", ResultRow::warmupFirstRps),
        double("warmup_steady_rps", ResultRow::warmupSteadyRps),
    ).map { it.addedLater() }

    // lazy: writing rows and building keys never pay for loading the constructor's reflection data
    private val constructor by lazy { checkNotNull(ResultRow::class.primaryConstructor) }

    /** The columns a file's values are read from, in file order (so the first bad value named is the leftmost). */
    private val readers: List<Pair<ResultColumn<*>, KParameter>> by lazy {
        ALL.filterNot { it.derived }.map { c ->
            c to checkNotNull(constructor.parameters.singleOrNull { it.name == c.property.name }) {
                "column ${c.name}: ResultRow has no constructor parameter ${c.property.name}"
            }
        }
    }

    /** The constructor parameters no column reads: a column declared in the row but not here (empty when whole). */
    val unread: List<String> get() = constructor.parameters.mapNotNull { it.name } - readers.mapNotNull { it.second.name }.toSet()

    fun read(f: Fields): ResultRow =
        constructor.callBy(buildMap { for ((column, parameter) in readers) column.read(f)?.let { put(parameter, it) } })

    private fun text(name: String, p: KProperty1<ResultRow, String>) = ResultColumn(name, p, { it }, Fields::text, emptyIsAbsent = false)
    private fun int(name: String, p: KProperty1<ResultRow, Int>) = ResultColumn(name, p, { it.toString() }, Fields::int, true)
    private fun long(name: String, p: KProperty1<ResultRow, Long>) = ResultColumn(name, p, { it.toString() }, Fields::long, true)
    private fun boolean(name: String, p: KProperty1<ResultRow, Boolean>) = ResultColumn(name, p, { it.toString() }, Fields::boolean, true)

    /** Written with [decimals] digits after the point ([ResultRow.fmt]). */
    private fun double(name: String, p: KProperty1<ResultRow, Double>, decimals: Int = 2) =
        ResultColumn(name, p, { ResultRow.fmt(it, decimals) }, Fields::double, true)
}
