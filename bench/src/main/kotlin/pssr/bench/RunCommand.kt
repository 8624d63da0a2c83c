package pssr.bench

import picocli.CommandLine.Command
import picocli.CommandLine.Mixin
import picocli.CommandLine.Option
import pssr.bench.measure.DriverUnavailable
import pssr.bench.measure.JmeterDriver
import pssr.bench.measure.LatencySummary
import pssr.bench.measure.LevelResult
import pssr.bench.measure.LevelRun
import pssr.bench.measure.LoadDriver
import pssr.bench.measure.LoadTarget
import pssr.bench.measure.ProcessCpu
import pssr.bench.measure.ResourceSampler
import pssr.bench.measure.Server
import pssr.bench.measure.ServerDied
import pssr.bench.measure.Windows
import pssr.bench.measure.WrkDriver
import pssr.bench.students.StudentsOptions
import pssr.bench.students.StudentsReport
import pssr.bench.students.StudentsRun
import pssr.servers.contract.ListedRoute
import pssr.servers.contract.RoutesDocument
import pssr.probe.StreamProbe
import pssr.views.Golden
import java.net.URI
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.time.LocalDateTime
import java.time.format.DateTimeFormatter
import java.util.concurrent.Callable

@Command(name = "run", mixinStandardHelpOptions = true,
    description = ["Verify every route, then load it level by level: a warm-up window, then a measured window in which",
        "the driver (wrk by default) checks every response, the server's and the driver's CPU per request are read",
        "from /proc, and a side probe times the first byte, first item and last byte of the same route.",
        "Writes results/<run-id>/ (results.csv, histograms.csv, verification.csv, environment.json, report.html, summary.md).",
        "Defaults: 1..128 users, 10 s route warm-up, 3 s warm-up + 10 s measured per level, 5 repetitions, a fresh server JVM",
        "per route and repetition; --quick is the core slice of each framework on one JVM per framework (about 4 minutes)."])
class RunCommand : Callable<Int> {
    @Mixin lateinit var selection: Selection

    @Option(names = ["--workloads"], split = ",", paramLabel = "NAME", description = ["What to load: pages (default; the PSSR matrix), students (seed 003's PostgreSQL API, JMeter with ramp-up; docs/STUDENTS.md)"])
    var workloadNames: List<String> = listOf(Workloads.PAGES)

    @Mixin lateinit var students: StudentsOptions

    @Option(names = ["--users"], split = ",", paramLabel = "N", description = ["Users (connections) per level (default 1,2,4,8,16,32,64,128; quick 1,32,128)"])
    var users: List<Int>? = null

    @Option(names = ["--driver"], paramLabel = "NAME", description = ["Load driver: wrk (default; checks every response in Lua) or jmeter (the seeds' tool, in this JVM)"])
    var driver: String = "wrk"

    @Option(names = ["--wrk"], paramLabel = "PATH", description = ["The wrk binary (default: wrk on PATH)"])
    var wrkPath: Path? = null

    @Option(names = ["--driver-threads"], paramLabel = "N", description = ["wrk threads (default \${DEFAULT-VALUE}; capped at the users of a level)"])
    var driverThreads: Int = 1

    @Option(names = ["--route-warmup"], paramLabel = "DURATION", description = ["Load at the highest level before a route's first level, discarded (default 10s; quick 2s; 0 for none)"])
    var routeWarmup: String? = null

    @Option(names = ["--warmup"], paramLabel = "DURATION", description = ["Warm-up window of each level, discarded (default 3s; quick 1s; 0 for none)"])
    var warmup: String? = null

    @Option(names = ["--duration"], paramLabel = "DURATION", description = ["Measured window of each level (default 10s; quick 3s)"])
    var duration: String? = null

    @Option(names = ["--repeat"], description = ["Repetitions of the sweep (default 5; quick 1)"])
    var repeat: Int? = null

    @Option(names = ["--item-delay"], paramLabel = "DELAY", description = ["Delay between items at the source, e.g. 1ms (default), 0, 5ms"])
    var itemDelay: String = "1ms"

    @Option(names = ["--quick"], description = ["The core slice (presentations; baseline, jstachio, htmlflow; webflux virtual+reactive, mvc virtual-flush, quarkus virtual+reactive) at 1,32,128 users, 2s route warm-up, 1s+3s per level, one repetition, one server JVM per framework"])
    var quick: Boolean = false

    @Option(names = ["--out"], paramLabel = "DIR", description = ["Results directory (default results/<run-id>); must not hold a run unless --resume"])
    var out: Path? = null

    @Option(names = ["--resume"], paramLabel = "DIR", description = ["Continue an interrupted run in DIR with the levels that have no row (the options must be the ones it started with)"])
    var resume: Path? = null

    @Option(names = ["--target"], paramLabel = "URL", description = ["Measure an already running server on loopback (e.g. http://127.0.0.1:8080) instead of starting one; its /routes drives the matrix"])
    var target: String? = null

    @Option(names = ["--heap-max"], description = ["Server max heap, e.g. 2g, 512m (default \${DEFAULT-VALUE}; min heap is 512m as in the paper)"])
    var heapMax: String = "2g"

    @Option(names = ["--no-pin"], description = ["Do not pin server and load generator to separate CPUs"])
    var noPin: Boolean = false

    @Option(names = ["--server-cpus"], paramLabel = "CPUS", description = ["CPUs for the server (taskset list, e.g. 0-1); forces pinning"])
    var serverCpus: String? = null

    @Option(names = ["--load-cpus"], paramLabel = "CPUS", description = ["CPUs for the driver and this JVM (e.g. 2-3); forces pinning"])
    var loadCpus: String? = null

    @Option(names = ["--timeout"], paramLabel = "SECONDS", description = ["Idle timeout per request: no complete response within it is a timeout error (default \${DEFAULT-VALUE})"])
    var timeoutSeconds: Long = 10

    override fun call(): Int {
        // Everything the user gave is checked before anything is started or written.
        selection.validate()
        val workloads = Workloads.parse(workloadNames).map { it.name }
        val pages = Workloads.PAGES in workloads
        val wantStudents = Workloads.STUDENTS in workloads
        if (wantStudents) students.validate()
        if (quick) selection.applyQuickSlice()
        val plan = plan()
        val (serverCpus, loadCpus) = pinning()
        if (!Regex("^[1-9]\\d*[kKmMgG]?$").matches(heapMax)) throw UsageError("--heap-max must be a size such as 2g, 1536m or 512m, was '$heapMax'")
        // loopback and answering, or one line saying why not; its rows are named by its own framework (webflux, mvc, quarkus)
        val targetFramework = target?.let { Remote(it).routes().first().framework }
        out?.let { if (Files.exists(it) && !Files.isDirectory(it)) throw UsageError("--out $it is a file; name a directory (it is created if missing)") }
        // the students workload always uses JMeter (seed 003's ramp-up profile); pages use --driver
        val wrk = if (pages) checkDriver() else null
        val options = options(plan) + mapOf("workloads" to workloads) + (if (wantStudents) students.asMap() else emptyMap())
        // an external --db-url is reached (and logged into) before anything is written; an embedded one starts here
        val studentsDb = if (wantStudents) StudentsRun.open(students) else null
        (studentsDb ?: AutoCloseable {}).use {
        val dir = resultsDirectory(options)
        val run = RunDirectory(dir)
        val load: LoadDriver = wrk?.let { WrkDriver(it, driverThreads, plan.responseTimeout) } ?: JmeterDriver(plan.responseTimeout, dir.resolve("jtl"))
        load.use {
            val cores = ProcessCpu.onlineCpus.size // read before pinning narrows what this JVM sees
            loadCpus?.let { pinSelf(it) }
            val launch = ServerLaunch(heapMax = heapMax, cpus = serverCpus)
            // a resumed run keeps the environment it started with, and records each resumed segment beside it
            val envFile = if (resume != null && Files.exists(run.environment)) dir.resolve("environment-resumed-${System.currentTimeMillis()}.json") else run.environment
            Environment.write(envFile, Environment.describe(options, launch, loadCpus, load, cores))
            var failures = if (pages) MatrixRun(run, plan, launch, selection, target, targetFramework, quick, load).execute() else 0
            if (studentsDb != null) failures += StudentsRun(run, students, users ?: StudentsRun.DEFAULT_USERS, launch).execute(studentsDb)
            Report.write(run)
            if (pages) Answer.lines(RunData.load(run), plan.levels.last()).forEach(::println)
            if (studentsDb != null) StudentsReport.table1Text(run.rows()).forEach(::println)
            println("results: ${run.results}")
            println("report:  ${run.report}")
            return if (failures == 0) 0 else 1
        }
        }
    }

    /** The wrk binary for `--driver wrk` (checked to be wrk), null for `--driver jmeter`; anything else is a [UsageError]. */
    private fun checkDriver(): Path? = when (driver) {
        "wrk" -> {
            if (driverThreads !in 1..64) throw UsageError("--driver-threads must be 1..64, was $driverThreads")
            val exe = WrkDriver.locate(wrkPath) ?: throw UsageError(if (wrkPath != null) "--wrk $wrkPath: no executable there; ${WrkDriver.INSTALL_HINT}" else WrkDriver.INSTALL_HINT)
            try { WrkDriver.versionOf(exe) } catch (e: DriverUnavailable) { throw UsageError(e.message ?: "wrk cannot run") }
            exe
        }
        "jmeter" -> null
        else -> throw UsageError("unknown --driver '$driver'; valid drivers: ${LoadDriver.NAMES.joinToString(", ")}")
    }

    private fun plan(): RunPlan {
        val delayMs = parseDelay(itemDelay)
        val levels = (users ?: if (quick) listOf(1, 32, 128) else listOf(1, 2, 4, 8, 16, 32, 64, 128))
        if (levels.isEmpty() || levels.any { it !in 1..4096 }) throw UsageError("--users must be numbers from 1 to 4096, was $levels")
        val reps = repeat ?: if (quick) 1 else 5
        if (reps < 1) throw UsageError("--repeat must be >= 1, was $reps")
        if (timeoutSeconds !in 1..600) throw UsageError("--timeout must be 1..600 seconds, was $timeoutSeconds")
        val routeWarm = seconds("--route-warmup", routeWarmup ?: if (quick) "2s" else "10s", 0)
        val warm = seconds("--warmup", warmup ?: if (quick) "1s" else "3s", 0)
        val measured = seconds("--duration", duration ?: if (quick) "3s" else "10s", 1)
        return RunPlan(levels.distinct().sorted(), routeWarm, Windows(warm, measured), reps, delayMs, Duration.ofSeconds(timeoutSeconds))
    }

    /** Whole seconds, as wrk takes them: `10s`, `10`, `1m`. */
    private fun seconds(option: String, text: String, min: Long): Duration {
        val m = Regex("^(\\d+)\\s*(s|m)?$").find(text.trim()) ?: throw UsageError("$option must be whole seconds such as 10s or 1m, was '$text'")
        val s = m.groupValues[1].toLong() * (if (m.groupValues[2] == "m") 60 else 1)
        if (s < min || s > 3600) throw UsageError("$option must be $min s to 60 min, was '$text'")
        return Duration.ofSeconds(s)
    }

    private fun parseDelay(text: String): Long {
        val m = Regex("^(\\d+)\\s*(ms)?$").find(text.trim()) ?: throw UsageError("--item-delay must look like 1ms or 0, was '$text'")
        return m.groupValues[1].toLong().also { if (it > 1000) throw UsageError("--item-delay must be at most 1000ms, was '$text'") }
    }

    private fun resultsDirectory(options: Map<String, Any?>): Path {
        resume?.let {
            if (out != null && out!!.toAbsolutePath() != it.toAbsolutePath()) throw UsageError("--resume and --out name different directories; give only --resume DIR")
            if (!Files.isDirectory(it)) throw UsageError("--resume: no run directory at $it")
            Environment.checkSameOptions(RunDirectory(it).environment, options)
            val cut = RunDirectory(it).repair()
            if (cut > 0) System.err.println("pssr: --resume: dropped a partial last line ($cut bytes) left by the interrupted run")
            return it
        }
        val dir = out ?: Project.root.resolve("results").resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")))
        if (Files.exists(dir.resolve("results.csv")) || Files.exists(dir.resolve("verification.csv")))
            throw UsageError("$dir already holds a run; choose another --out, or continue it with --resume $dir (nothing was overwritten)")
        Files.createDirectories(dir)
        return dir
    }

    /**
     * Default pinning: with 4 or more cores, the server gets the first half of the CPUs and the load
     * generator the rest. Below 4 cores nothing is pinned by default: one core for the server would
     * measure every approach in a regime nobody deploys (a virtual-thread scheduler with one carrier,
     * an event loop sharing its core with GC) and the load generator's single core would cap the
     * numbers first; sharing two cores is noisier, so compare ratios within one run. Explicit
     * --server-cpus/--load-cpus always pin.
     */
    private fun pinning(): Pair<String?, String?> {
        for ((option, list) in listOf("--server-cpus" to serverCpus, "--load-cpus" to loadCpus)) {
            if (list == null) continue
            val cpus = try { ProcessCpu.parseCpuList(list) } catch (e: IllegalArgumentException) { throw UsageError("$option must be a CPU list such as 0-1 or 0,2, was '$list' (${e.message})") }
            val online = ProcessCpu.onlineCpus
            if (!online.containsAll(cpus)) throw UsageError("$option $list names CPUs this machine does not have; online CPUs: ${online.sorted().joinToString(",")}")
        }
        if (serverCpus != null || loadCpus != null) return serverCpus to loadCpus
        val cores = Runtime.getRuntime().availableProcessors()
        if (noPin || cores < 4 || !hasTaskset()) return null to null
        return "0-${cores / 2 - 1}" to "${cores / 2}-${cores - 1}"
    }

    private fun hasTaskset() = try { ProcessBuilder("taskset", "-V").start().waitFor() == 0 } catch (e: Exception) { false }

    private fun pinSelf(cpus: String) {
        val p = ProcessBuilder("taskset", "-a", "-p", "-c", cpus, ProcessHandle.current().pid().toString()).redirectErrorStream(true).start()
        if (p.waitFor() != 0) throw UsageError("could not pin the load generator to CPUs $cpus: ${p.inputStream.bufferedReader().readText().trim()}")
    }

    /** What the results depend on; a --resume must be given the same (compared with environment.json's "options"). */
    private fun options(plan: RunPlan): Map<String, Any?> = selection.asMap() + mapOf<String, Any?>(
        "driver" to driver, "driverThreads" to (if (driver == "wrk") driverThreads else null),
        "levels" to plan.levels, "routeWarmupS" to plan.routeWarmup.seconds, "warmupS" to plan.windows.warmup.seconds,
        "durationS" to plan.windows.measured.seconds, "repeat" to plan.repeat,
        "itemDelayMs" to plan.itemDelayMs, "quick" to quick, "freshJvmPerRoute" to (!quick && target == null),
        "target" to (target ?: "started by pssr"), "idleTimeoutS" to timeoutSeconds, "heapMax" to heapMax,
        "serverCpus" to serverCpus, "loadCpus" to loadCpus)
}

data class RunPlan(val levels: List<Int>, val routeWarmup: Duration, val windows: Windows, val repeat: Int, val itemDelayMs: Long, val responseTimeout: Duration)

/** A server to load: started by us (with a PID to sample and stop), or an already running one given by --target. */
private interface Target : AutoCloseable {
    val host: String
    val port: Int
    val pid: Long?
    /** Samples the server's resources for as long as it runs (null when it is not our process). */
    val sampler: ResourceSampler?
    fun routes(): List<ListedRoute>
    /** Null while the server runs (or is not ours to know), else how it ended. */
    fun ended(): String?
}

private class Started(val server: ServerProcess) : Target {
    override val host get() = server.host
    override val port get() = server.port
    override val pid get() = server.pid
    // attached once per server JVM (attaching costs a few hundred ms): levels read their window from it
    override val sampler by lazy { ResourceSampler(server.pid) }
    override fun routes() = server.routes()
    override fun ended() = server.ended()
    override fun close() { sampler.close(); server.close() }
}

private class Remote(url: String) : Target {
    private val uri = checkLoopback(url)
    override val host: String = uri.host
    override val port: Int = if (uri.port > 0) uri.port else 80
    // a target on this machine is still measured: its PID is found from the listening socket (no sampler attached)
    override val pid: Long? by lazy { pssr.bench.measure.PortOwner.pid(port) }
    override val sampler: ResourceSampler? = null

    companion object {
        /** Load tests only target loopback: a load test against another machine is not something to start by accident. */
        fun checkLoopback(url: String): URI {
            val uri = try { URI(url) } catch (e: Exception) { null }
            if (uri?.host == null || uri.scheme != "http") throw UsageError("--target must look like http://127.0.0.1:8080, was '$url'")
            if (uri.host !in setOf("127.0.0.1", "localhost", "::1", "[::1]"))
                throw UsageError("--target must be a loopback address (127.0.0.1, localhost), was '${uri.host}'; pssr does not load-test other machines (docs/HARNESS.md explains distributed JMeter)")
            return uri
        }
    }
    override fun routes(): List<ListedRoute> {
        val listed = try { StreamProbe.get(host, port, "/routes", timeout = Duration.ofSeconds(10)) }
            catch (e: Exception) { throw UsageError("--target http://$host:$port does not answer (${e.message ?: e.javaClass.simpleName}); start the server first, or leave out --target and pssr starts its own") }
        if (listed.status != 200) throw UsageError("--target http://$host:$port: GET /routes answered ${listed.status}; pssr needs a pssr-bench server's /routes")
        return RoutesDocument.parse(listed.body).also { if (it.isEmpty()) throw UsageError("--target http://$host:$port: GET /routes lists no routes") }
    }
    override fun ended(): String? = null
    override fun close() {}
}

/** Runs the matrix framework by framework: verification, then every passing route's levels. */
private class MatrixRun(val run: RunDirectory, val plan: RunPlan, val launch: ServerLaunch, val selection: Selection,
                        val target: String?, val targetFramework: String?, val quick: Boolean, val driver: LoadDriver) {
    private val levelRun = LevelRun(driver, plan.windows)
    private val done = run.rows().map { it.key }.toHashSet()
    private val verified = run.checks().associateBy { it.route }
    private val checks = verified.toMutableMap()

    /** Returns the number of failures (frameworks that did not start, routes that failed verification or died). */
    fun execute(): Int {
        var failures = 0
        val frameworks = if (target != null) listOf(Framework(targetFramework!!, "server at $target") { null })
            else selection.frameworks()
        // First pass: start, list and verify, so the progress bar knows the whole matrix.
        val work = ArrayList<Pair<Framework, List<ListedRoute>>>()
        for (fw in frameworks) {
            val routes = try { open(fw, "verify").use { t -> verify(fw, t) } } catch (e: ServerStartFailed) {
                System.err.println("pssr: ${e.message}; ${fw.name} is marked failed and the run goes on. Log tail:\n${e.logTail}")
                run.append(Failure(fw.name, "", "", "", "start", e.message ?: "did not start"))
                failures++
                continue
            }
            failures += routes.count { !it.second }
            work += fw to routes.filter { it.second }.map { it.first }
        }
        val total = work.sumOf { (_, rs) -> rs.size } * plan.repeat * plan.levels.size
        val perLevel = plan.windows.warmup.seconds + plan.windows.measured.seconds
        System.err.println("== ${total} levels x ${perLevel} s (+ ${plan.routeWarmup.seconds} s route warm-up per route) with ${driver.description}")
        val progress = Progress(total, "run")
        for ((fw, routes) in work) {
            val sharing = quick || target != null
            var shared: Target? = null
            try {
                for (route in routes) for (rep in 1..plan.repeat) {
                    val key = "${fw.name}/${route.model.id}/${route.engine}/${route.approach}"
                    val pending = run.pending(key, rep, plan.levels, done)
                    if (pending.isEmpty()) { progress.advance(plan.levels.size, "${route.path} (done before)"); continue }
                    progress.advance(plan.levels.size - pending.size, route.path)
                    if (sharing && (shared == null || shared.ended() != null)) { shared?.close(); shared = tryOpen(fw, "shared", progress) }
                    val server = if (sharing) shared else tryOpen(fw, "${route.model.id}-${route.engine}-${route.approach}-r$rep", progress)
                    if (server == null) {
                        run.append(Failure(fw.name, route.model.id, route.engine, route.approach, "start", "server did not start for repetition $rep"))
                        failures++; progress.advance(pending.size, "${route.path} FAILED to start"); continue
                    }
                    var measured = 0
                    try {
                        measure(fw, server, route, rep, pending) { measured++; progress.advance(1, "${fw.name} ${route.path} r$rep") }
                    } catch (e: ServerDied) {
                        // The level it died in has no row; its remaining levels are skipped, the run goes on.
                        run.append(Failure(fw.name, route.model.id, route.engine, route.approach, "died", e.message ?: "server died"))
                        progress.note("pssr: ${fw.name} ${route.path} repetition $rep: ${e.message}; its remaining levels are skipped")
                        failures++
                    } catch (e: Exception) {
                        // one broken route must not sink the run: record it and go on
                        val ended = server.ended()?.let { " (the server process $it)" } ?: ""
                        run.append(Failure(fw.name, route.model.id, route.engine, route.approach, "load", "${e.message ?: e.javaClass.simpleName}$ended"))
                        progress.note("pssr: ${fw.name} ${route.path} repetition $rep failed: ${e.message}$ended")
                        failures++
                    } finally { if (!sharing) server.close() }
                    progress.advance(pending.size - measured, "${fw.name} ${route.path} r$rep")
                }
            } finally { shared?.close() }
        }
        dropStaleFailures()
        return failures
    }

    /** Failures of routes that now have every level measured (a resumed run got through them) are no longer true. */
    private fun dropStaleFailures() {
        val old = run.failures()
        if (old.isEmpty()) return
        val rows = run.rows().groupBy { it.route }
        val keep = old.filter { f ->
            f.stage == "start" && f.model.isEmpty() ||
                rows["${f.framework}/${f.model}/${f.engine}/${f.approach}"].orEmpty().map { it.users to it.repetition }.toSet().size < plan.levels.size * plan.repeat
        }
        if (keep.size != old.size) run.rewriteFailures(keep)
    }

    private fun open(fw: Framework, tag: String): Target =
        if (target != null) Remote(target) else Started(ServerProcess.start(fw, launch, run.logs, tag))

    private fun tryOpen(fw: Framework, tag: String, progress: Progress): Target? = try { open(fw, tag) } catch (e: ServerStartFailed) {
        progress.note("pssr: ${e.message}; log tail:\n${e.logTail}")
        null
    }

    /** Verifies the selected routes (reusing stored checks on --resume); returns each route with pass/fail. */
    private fun verify(fw: Framework, t: Target): List<Pair<ListedRoute, Boolean>> {
        val routes = t.routes().filter(selection::accepts)
        val fresh = routes.filter { "${fw.name}/${it.model.id}/${it.engine}/${it.approach}" !in verified }
        val freshChecks = Verifier().verify(fw.name, t.host, t.port, fresh)
        freshChecks.forEach { run.append(it); checks[it.route] = it }
        val all = checks.values.filter { it.framework == fw.name }.associateBy { it.path }
        System.err.println("== ${fw.name}: verified ${routes.size} routes at itemDelayMs=100")
        System.err.print(Verifier.table(routes.mapNotNull { all[it.path] }))
        return routes.map { it to (all[it.path]?.passed ?: false) }
    }

    /**
     * The page every response under load must equal: fetched once from this server (fresh JVM or not)
     * and checked against the golden page, so the load checks compare with a known-good body.
     */
    private fun expectedPage(t: Target, route: ListedRoute): String {
        val page = StreamProbe.get(t.host, t.port, "${route.path}?itemDelayMs=0", timeout = Duration.ofSeconds(30))
        check(page.status == 200 && page.complete && Golden.matches(route.model, page.body)) {
            "${route.path} no longer returns the golden page (status ${page.status}${page.error?.let { ", $it" } ?: ""})"
        }
        return page.body
    }

    /** The route's warm-up at the highest level, then each pending level; a row (and its histogram) is written per level. */
    private fun measure(fw: Framework, t: Target, route: ListedRoute, rep: Int, levels: List<Int>, onLevel: () -> Unit) {
        val path = "${route.path}?itemDelayMs=${plan.itemDelayMs}"
        val load = LoadTarget("http://${t.host}:${t.port}$path", expectedPage(t, route))
        val server = Server(t.host, t.port, t.pid, t.sampler) { t.ended() }
        if (plan.routeWarmup.seconds > 0) driver.run(load, plan.levels.last(), plan.routeWarmup)
        for (users in levels) {
            val r = levelRun.measure(server, load, path, route.model.itemMarker, users)
            val row = toRow(fw, route, rep, r)
            run.append(row)
            run.append(row.key, r.driver.latency)
            onLevel()
        }
    }

    private fun toRow(fw: Framework, route: ListedRoute, rep: Int, r: LevelResult): ResultRow {
        val d = r.driver
        val lat = LatencySummary.of(d.latency)
        val floor = if (plan.itemDelayMs == 0L) Double.NaN else r.users / (route.model.items.size * plan.itemDelayMs / 1000.0)
        val use = r.resources
        return ResultRow(fw.name, route.model.id, route.engine, route.approach, r.users, rep, driver.name, plan.itemDelayMs,
            d.windowSeconds, d.completed + d.errors.connect + d.errors.read + d.errors.timeout, d.errors.status, d.errors.content,
            d.errors.connect, d.errors.read, d.errors.timeout, d.throughput, floor, lat.mean, lat.p50, lat.p90, lat.p99, lat.p999, lat.max,
            r.probe.samples, r.probe.failed, r.probe.ttfb.p50, r.probe.ttfb.p99, r.probe.firstItem.p50, r.probe.firstItem.p99,
            r.probe.lastByte.p50, r.probe.lastByte.p99, r.serverCpuUsPerRequest, r.driverCpuUsPerRequest, r.serverCpuPct,
            use.cpuPctPeak, r.driverCpuPct, use.rssMbPeak, use.heapMbMean, use.heapMbPeak, use.gcMs, use.threadsMean, use.threadsPeak,
            r.driverBound)
    }
}
