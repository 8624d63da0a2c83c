package pssr.bench.claims

import pssr.bench.csv.CsvFile
import pssr.bench.results.Environment
import pssr.bench.results.ResultRow
import pssr.bench.results.RouteCheck
import pssr.bench.results.RunDirectory
import pssr.bench.stats.Stats
import java.nio.file.Files
import java.nio.file.Path
import java.util.IdentityHashMap

/**
 * One judged folder: its rows, streaming verdicts and browser figures, and the [setup] label it ran under ("" for the tool's
 * own). [sharedJvm]: its routes shared one server JVM per framework (`--quick`, `--target`), so its repetitions are windows
 * of one JVM; otherwise every route and repetition had a JVM of its own.
 */
class JudgedFolder(
    val dir: Path,
    val setup: String,
    val rows: List<ResultRow>,
    val checks: List<RouteCheck>,
    val browser: List<BrowserFigure>,
    val cores: Int? = null,
    val sharedJvm: Boolean = false,
) {
    /**
     * (route, repetition) to the JVM that measured it, for a shared JVM's folder (built once: every claim reads it); each
     * route also under its engine null, for the aggregate of its approach (a folder's routes of one repetition share its JVM).
     */
    val jvms: Map<Pair<Route, Int>, String> by lazy {
        if (!sharedJvm) {
            emptyMap()
        } else {
            // a folder of --jvms N: the repetitions alternated over N shared JVMs, numbered on each row. Keyed by route, so a
            // judgement of several folders (pages-webflux with drivers-jmeter, a round beside its phase) keeps each route's
            // JVMs its own; named by the folder's first repetition (a round's run numbers from its own block).
            val first = rows.minOfOrNull { it.repetition } ?: 0
            rows.flatMap { r ->
                val name = "${r.frameworkLabel}#${r.serverJvm}#from $first"
                listOf(r.engine, null).map { engine ->
                    (Route(r.frameworkLabel, r.model, engine, r.approach, r.users) to r.repetition) to
                        name
                }
            }.toMap()
        }
    }

    /**
     * Each row to the server JVM that measured it, named with this folder's path (so two folders' JVMs never share a name):
     * a shared JVM's number ([ResultRow.serverJvm]) per framework; in a folder of a JVM per route and repetition, its
     * repetition (one pass of the run over its routes, each in a JVM of its own). What an aggregate and a pairing by
     * repetition must not mix ([Evidence.rowJvms]). By identity: the judgement reads these very rows.
     */
    val rowJvms: Map<ResultRow, String> by lazy {
        IdentityHashMap<ResultRow, String>().also { m ->
            for (r in rows) m[r] = if (sharedJvm) "$dir: ${r.frameworkLabel} JVM ${r.serverJvm}" else "$dir: repetition ${r.repetition}"
        }
    }

    companion object {
        /** Whether [dir] holds anything the claims read: a run's results or verification, or a browser summary. */
        fun holdsResults(dir: Path): Boolean =
            listOf("results.csv", "verification.csv", "summary.csv").any { Files.isRegularFile(dir.resolve(it)) }

        /** What marks a reproduce folder: the plan it started with (`ReproduceStart`). */
        const val REPRODUCE_FILE = "reproduce.json"

        /**
         * [dir] when it [holdsResults]; a reproduce folder's folders that do (its phases and rounds), in name order; else none
         * (a folder of unrelated runs is not judged as one).
         */
        fun measuredIn(dir: Path): List<Path> = when {
            holdsResults(dir) -> listOf(dir)

            Files.isRegularFile(dir.resolve(REPRODUCE_FILE)) ->
                Files.list(dir).use { s -> s.filter { Files.isDirectory(it) && holdsResults(it) }.sorted().toList() }

            else -> emptyList()
        }

        /**
         * Rows measured while the server's JIT still compiled ([ResultRow.steady] false) are left out where the same route
         * and level has repetitions at steady state; a level with none keeps its rows (its cause line says "not steady").
         */
        fun steadyWhereMeasured(rows: List<ResultRow>): List<ResultRow> {
            val steadyLevels = rows.filter { it.steady }.map { it.route to it.users }.toHashSet()
            return rows.filter { it.steady || (it.route to it.users) !in steadyLevels }
        }

        /** One folder's rows, verdicts and browser figures, with the setup it ran under. */
        fun read(dir: Path): JudgedFolder {
            val run = RunDirectory(dir)
            return read(dir, if (Files.isRegularFile(run.results)) run.rows() else emptyList())
        }

        /** [read] with its results.csv already read into [resultRows] (a report judges the rows it read once). */
        fun read(dir: Path, resultRows: List<ResultRow>): JudgedFolder {
            val run = RunDirectory(dir)
            val rows = steadyWhereMeasured(resultRows.filter { !it.open })
            // a run's own, and its browser folder's: seed 002 §3's demo documents (browser/DocumentChecks)
            val checks = listOf(run, RunDirectory(dir.resolve("browser"))).filter { Files.isRegularFile(it.verification) }
                .flatMap { it.checks() }
            val summary = listOf(dir.resolve("summary.csv"), dir.resolve("browser").resolve("summary.csv"))
                .firstOrNull { Files.isRegularFile(it) }
            // each run beside the medians (runs.csv, written next to summary.csv), so a figure from 3 runs has an interval
            val runs = summary?.resolveSibling("runs.csv")?.takeIf { Files.isRegularFile(it) }?.let(CsvFile::read).orEmpty()
                .groupBy(
                    { r -> listOf("page", "rendering", "pssr", "throttling").map { r[it].orEmpty() } },
                    { r ->
                        BrowserRun(
                            r["fcp_ms"]?.toDoubleOrNull() ?: Double.NaN,
                            r["lcp_ms"]?.toDoubleOrNull() ?: Double.NaN,
                            r["speed_index_ms"]?.toDoubleOrNull() ?: Double.NaN,
                        )
                    },
                )
            val browser = if (summary == null) {
                emptyList()
            } else {
                CsvFile.read(summary).map { r ->
                    fun d(k: String) = r[k]?.toDoubleOrNull() ?: Double.NaN
                    val key = listOf("page", "rendering", "pssr", "throttling").map { r[it].orEmpty() }
                    BrowserFigure(
                        key[0], key[1], key[2], key[3], d("score"), d("fcp_ms"), d("lcp_ms"), d("speed_index_ms"),
                        runs[key].orEmpty(),
                    )
                }
            }
            val env = environmentOf(run.environment)
            val setup = (env["options"] as? Map<*, *>)?.get("setup")?.toString().orEmpty()
            val options = env["options"] as? Map<*, *>
            // a shared JVM per framework: --quick and --target (freshJvmPerRoute false); runs before that key: quick
            val shared = options?.get("freshJvmPerRoute")?.let { it == false } ?: (options?.get("quick") == true)
            return JudgedFolder(dir, setup, rows, checks, browser, (env["cores"] as? Number)?.toInt(), shared)
        }

        /** environment.json (options.setup: `paper-000`, `paper-000 with ours: heap`; absent for the tool's own setup), or nothing. */
        // a garbled environment.json is a DamagedFolder, not the tool's setup: a setup misread would turn verdicts
        private fun environmentOf(file: Path): Map<*, *> = Environment.read(file) ?: emptyMap<Any, Any>()
    }
}

/**
 * One Lighthouse figure of `./pssr browser` (summary.csv): the median over its runs, and the [runs] themselves (runs.csv)
 * where the folder has them.
 */
data class BrowserFigure(
    val page: String,
    val rendering: String,
    val pssr: String,
    val throttling: String,
    val score: Double,
    val fcpMs: Double,
    val lcpMs: Double,
    val speedIndexMs: Double,
    val runs: List<BrowserRun> = emptyList(),
) {
    /**
     * [metric] as an estimate: from three runs or more, their mean with its Student t interval at [confidence]; from fewer,
     * the summary's median ([median]) as one measurement, no interval (a figure measured once is not exact).
     */
    fun estimate(metric: (BrowserRun) -> Double, median: Double, confidence: Double = 0.95): Estimate {
        val xs = runs.map(metric).filter { it.isFinite() }
        if (xs.size < 3) return Estimate.point(median, maxOf(1, xs.size))
        val ci = Stats.ci(xs, confidence)!!
        return Estimate(Stats.mean(xs), ci.low, ci.high, xs.size, Estimate.label(confidence))
    }
}

/** One Lighthouse run of a [BrowserFigure] (runs.csv). */
data class BrowserRun(val fcpMs: Double, val lcpMs: Double, val speedIndexMs: Double)
