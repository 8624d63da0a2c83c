package pssr.bench.load

import pssr.bench.console.Fmt
import pssr.bench.console.Progress
import pssr.bench.measure.LatencySummary
import pssr.bench.measure.LevelResult
import pssr.bench.measure.LevelRun
import pssr.bench.measure.LoadDriver
import pssr.bench.measure.LoadTarget
import pssr.bench.measure.PortOwner
import pssr.bench.measure.ProbeSchedule
import pssr.bench.measure.ResourceSampler
import pssr.bench.measure.Server
import pssr.bench.measure.SteadyWarmup
import pssr.bench.measure.WarmupResult
import pssr.bench.measure.Windows
import pssr.bench.process.Stopping
import pssr.bench.run.MeasurementOrder
import pssr.bench.run.Remote
import pssr.probe.Chunk
import pssr.probe.Jackson
import pssr.probe.page.PageProbe
import pssr.probe.page.PageVerdict
import pssr.probe.page.ProbeFailure
import pssr.probe.page.ProbeSummary
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/** How `./pssr load` loads: levels (users and/or rates), windows, repetitions, the page warm-up, the length tolerance. */
data class LoadPlan(
    val users: List<Int>,
    val rates: List<Int>,
    val windows: Windows,
    val repeat: Int,
    val pageWarmup: Duration,
    val lengthTolerance: Int,
    val timeout: Duration,
    /** `--steady-cap`: a page's warm-up goes on past [pageWarmup] until its server JVM is steady, up to this much load. */
    val steadyCap: Duration = pageWarmup,
)

/**
 * Loads one or two pages level by level: each page warmed at the highest level, then for every repetition and level
 * each page's warm-up and measured window ([LevelRun], the same as `run`'s), the pages alternated A B / B A
 * ([MeasurementOrder], the shared-JVM order of `run`) so that neither page always goes first after a level change.
 * Rows go to load.csv as they are measured (an interrupted run keeps them); the chunk timeline of each page's typical
 * side-probe sample to timelines.json at the end.
 */
class LoadRun(
    private val dir: Path,
    learned: List<LoadPage>,
    private val plan: LoadPlan,
    private val closed: LoadDriver?,
    private val open: LoadDriver?,
    private val progress: Progress,
) {
    val rowsFile: Path = dir.resolve("load.csv")

    /** `"<page> <load model> <level>"` -> the chunk timeline of that level's median side-probe sample (its last repetition). */
    val timelines = LinkedHashMap<String, List<Chunk>>()

    /** The pages, their unloaded figures re-measured once warm ([warmProbe]). */
    var pages: List<LoadPage> = learned
        private set

    /** The listeners' samplers (by PID), each started before its first load and closed when the run ends. */
    private val samplers = HashMap<Long, ResourceSampler>()

    /** Each page's warm-up (by label), written on its rows. */
    private val warmups = HashMap<String, WarmupResult>()

    fun execute(): List<LoadRow> = try {
        measureAll()
    } finally {
        samplers.values.forEach { it.close() }
    }

    private fun measureAll(): List<LoadRow> {
        val rows = ArrayList<LoadRow>()
        for ((driver, levels) in listOfNotNull(closed?.let { it to plan.users }, open?.let { it to plan.rates })) {
            val levelRun = LevelRun(driver, plan.windows, if (plan.steadyCap > plan.pageWarmup) LevelRun.SETTLE_CAP else Duration.ZERO)
            val warmup = SteadyWarmup(driver, plan.pageWarmup, plan.steadyCap)
            if (plan.pageWarmup.seconds > 0 || warmup.adaptive) {
                pages = pages.map { p ->
                    val how = if (warmup.adaptive) {
                        "until steady (${plan.pageWarmup.seconds}-${plan.steadyCap.seconds} s)"
                    } else {
                        "${plan.pageWarmup.seconds} s"
                    }
                    progress.note("== warming ${p.label} ${p.url}: $how at ${levels.last()} ${unit(driver)}")
                    val w = warmup.run(target(p), levels.last(), server(p).pid)
                    warmups[p.label] = w
                    if (warmup.adaptive) {
                        progress.note(
                            "   ${p.label}: " + if (w.steady) {
                                "steady after ${Fmt.fixed(w.seconds, 0, Fmt.NAN)} s of load; first window " +
                                    "${Fmt.grouped(w.firstRps, missing = Fmt.NAN)} " +
                                    "req/s, steady ${Fmt.grouped(w.steadyRps, missing = Fmt.NAN)} req/s"
                            } else {
                                "NOT steady within ${plan.steadyCap.seconds} s (or not a JVM this tool can read)"
                            },
                        )
                    }
                    if (driver === (closed ?: open)) warmProbe(p) else p
                }
            }
            for ((page, rep, level) in MeasurementOrder.slots(pages, levels, plan.repeat, sharing = true)) {
                val u = level.single()
                Stopping.check() // no further level once a stop signal came
                Stopping.position = "${page.label} ${page.url} at $u ${unit(driver)}, repetition $rep"
                val r = try {
                    val target = target(page)
                    // a long page's probes may take longer than the driver's idle timeout: the longer of the two bounds them
                    val schedule = ProbeSchedule.of(target.pageSeconds).let { it.copy(timeout = maxOf(it.timeout, plan.timeout)) }
                    levelRun.measure(server(page), target, u, { PageSideProbe(page, schedule) })
                } catch (e: Exception) {
                    Stopping.check()
                    throw e // wrk stopped by the shutdown hook: the stop, not a failure
                }
                Stopping.check() // a level cut short by the stop is no row
                val row = toRow(page, driver, rep, r)
                LoadRow.append(rowsFile, row)
                rows += row
                timelines["${page.label} ${driver.model} $u"] = r.probe.typicalChunks
                progress.advance(1, "${page.label} $u ${unit(driver)} r$rep: ${row.verdict}")
            }
        }
        Files.writeString(
            dir.resolve("timelines.json"),
            Jackson.writePretty(
                timelines.mapValues { (_, cs) ->
                    cs.map {
                        listOf(it.atMillis, it.bytes)
                    }
                },
            ),
        )
        return rows
    }

    /**
     * The page learned before any load was fetched from a server that may be cold (its first request pays for class
     * loading and JIT): once warm, the unloaded figures and verdict are measured again, the median of [UNLOADED_PROBES]
     * fetches, so that "unloaded" and "under load" compare the same warm server. A fetch that fails keeps the first.
     */
    private fun warmProbe(p: LoadPage): LoadPage = try {
        p.copy(unloaded = ProbeSummary((1..UNLOADED_PROBES).map { PageProbe.probe(p.url, plan.timeout, htmlOnly = false) }).typical)
    } catch (e: ProbeFailure) {
        p
    }

    private fun unit(d: LoadDriver) = if (d.model == LoadDriver.OPEN) "req/s" else "users"

    /**
     * Every answer must be 200, the learned length within the tolerance, and end with `</html>` when the page is HTML; the page's
     * time is its last byte unloaded (a long page's window comes after a lead, [pssr.bench.measure.Windows.leadFor]).
     */
    private fun target(p: LoadPage) = LoadTarget(
        p.url.toString(),
        p.body,
        plan.lengthTolerance,
        if (p.html) "</html>" else "",
        p.bytes,
        p.unloaded.lastByteMillis / 1000.0,
    )

    /**
     * The listener of the page's port when it is a process on this machine other than pssr itself (a server in pssr's
     * own JVM would charge the harness's CPU to the server): its CPU is read around each window, and a level it dies
     * in stops the run with a line saying so.
     */
    private fun server(p: LoadPage): Server {
        val pid = if (Remote.isLoopback(p.host)) PortOwner.pid(p.port)?.takeIf { it != ProcessHandle.current().pid() } else null
        // its first reading is the server before this command's load: a long page's open streams are measured against it
        val sampler = pid?.let { samplers.getOrPut(it) { ResourceSampler(it) } }
        return Server(p.host, p.port, pid, sampler) {
            pid?.let { id ->
                if (ProcessHandle.of(id).map { it.isAlive }.orElse(false)) {
                    null
                } else {
                    "ended"
                }
            }
        }
    }

    private fun toRow(p: LoadPage, driver: LoadDriver, rep: Int, r: LevelResult<PageFigures>): LoadRow {
        val d = r.driver
        val lat = LatencySummary.of(d.latency)
        val f = r.probe
        return LoadRow(
            p.label, p.url.toString(), driver.model, r.users, rep, driver.name, d.windowSeconds,
            d.completed + d.errors.connect + d.errors.read + d.errors.timeout, d.errors.status, d.errors.content, d.errors.connect,
            d.errors.read,
            d.errors.timeout, d.throughput, lat.mean, lat.p50, lat.p90, lat.p99, lat.p999, lat.max, f.samples, f.failed, f.ttfb.p50,
            f.ttfb.p99,
            f.firstContent.p50, f.firstContent.p99, f.halfVisible.p50, f.halfVisible.p99, f.lastByte.p50, f.lastByte.p99,
            f.verdicts[PageVerdict.STREAMS] ?: 0, f.verdicts[PageVerdict.BUFFERED] ?: 0, f.verdicts[PageVerdict.TOO_FAST] ?: 0,
            f.verdict?.label ?: "no sample",
            r.serverCpuUsPerRequest, r.driverCpuUsPerRequest, r.serverCpuPct, r.driverCpuPct, r.driverBound,
            r.jitCpuSeconds, warmups[p.label]?.seconds ?: Double.NaN, warmups[p.label]?.firstRps ?: Double.NaN,
            warmups[p.label]?.steadyRps ?: Double.NaN,
            floorRps = target(p).let { t -> if (t.longPage && driver.model == LoadDriver.CLOSED) r.users / t.pageSeconds else Double.NaN },
            leadS = d.leadSeconds, openStreams = r.streams.streams, heapKbPerStream = r.streams.heapKbPerStream,
            rssKbPerStream = r.streams.rssKbPerStream, osThreadsHeld = r.streams.held.osThreads,
        )
    }

    companion object {
        const val UNLOADED_PROBES = 3
    }
}
