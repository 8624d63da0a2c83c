package pssr.bench

import picocli.CommandLine.Command
import picocli.CommandLine.Mixin
import picocli.CommandLine.Option
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
    description = ["Verify every route, then load-test the matrix like the paper: warm-up, then a closed loop of",
        "N users x M requests per level, with response checks, latency, time to first byte and server resources.",
        "Writes results/<run-id>/ (results.csv, verification.csv, environment.json, report.html, summary.md).",
        "Defaults are the paper's (warm-up 1000@32, 256 requests per user at 1..128 users, 5 repetitions, a fresh",
        "server JVM per route and repetition); --quick is a short sweep on one JVM per framework."])
class RunCommand : Callable<Int> {
    @Mixin lateinit var selection: Selection

    @Option(names = ["--users"], split = ",", paramLabel = "N", description = ["Users per level (default 1,2,4,8,16,32,64,128; quick 1,32,128)"])
    var users: List<Int>? = null

    @Option(names = ["--requests-per-user"], paramLabel = "M", description = ["Requests each user sends per level (default 256; quick 8)"])
    var requestsPerUser: Int? = null

    @Option(names = ["--warmup"], paramLabel = "REQ@USERS", description = ["Warm-up per route before the levels (default 1000@32; quick 160@32; 0@1 for none)"])
    var warmup: String? = null

    @Option(names = ["--repeat"], description = ["Repetitions of the sweep (default 5; quick 1)"])
    var repeat: Int? = null

    @Option(names = ["--item-delay"], paramLabel = "DELAY", description = ["Delay between items at the source, e.g. 1ms (default), 0, 5ms"])
    var itemDelay: String = "1ms"

    @Option(names = ["--quick"], description = ["Short sweep (about 5 minutes for three servers on 2 cores): 1,32,128 users x 8 requests, warm-up 160@32, 1 repetition, one server JVM per framework"])
    var quick: Boolean = false

    @Option(names = ["--out"], paramLabel = "DIR", description = ["Results directory (default results/<run-id>); must not hold a run unless --resume"])
    var out: Path? = null

    @Option(names = ["--resume"], paramLabel = "DIR", description = ["Continue an interrupted run in DIR from its last complete row (use the same options)"])
    var resume: Path? = null

    @Option(names = ["--target"], paramLabel = "URL", description = ["Measure an already running server on loopback (e.g. http://127.0.0.1:8080) instead of starting one; its /routes drives the matrix"])
    var target: String? = null

    @Option(names = ["--heap-max"], description = ["Server max heap (default \${DEFAULT-VALUE}; min heap is 512m as in the paper)"])
    var heapMax: String = "2g"

    @Option(names = ["--no-pin"], description = ["Do not pin server and load generator to separate CPUs"])
    var noPin: Boolean = false

    @Option(names = ["--server-cpus"], paramLabel = "CPUS", description = ["CPUs for the server (taskset list, e.g. 0-1); forces pinning"])
    var serverCpus: String? = null

    @Option(names = ["--load-cpus"], paramLabel = "CPUS", description = ["CPUs for the load generator (e.g. 2-3); forces pinning"])
    var loadCpus: String? = null

    @Option(names = ["--timeout"], paramLabel = "SECONDS", description = ["Response timeout per request (default \${DEFAULT-VALUE}); a level is bounded by 60 s + users x requests x 50 ms"])
    var timeoutSeconds: Long = 10

    override fun call(): Int {
        selection.validate()
        target?.let { Remote.checkLoopback(it) }
        val plan = plan()
        val dir = resultsDirectory()
        val run = RunDirectory(dir)
        val (serverCpus, loadCpus) = pinning()
        loadCpus?.let { pinSelf(it) }
        val launch = ServerLaunch(heapMax = heapMax, cpus = serverCpus)
        // a resumed run keeps the environment it started with, and records the resumption beside it
        val envFile = if (resume != null && Files.exists(run.environment)) dir.resolve("environment-resumed-${System.currentTimeMillis()}.json") else run.environment
        Environment.write(envFile, Environment.describe(options(plan), launch, loadCpus))
        val runner = MatrixRun(run, plan, launch, selection, target, quick)
        val failures = runner.execute()
        Report.write(run)
        println("results: ${run.results}")
        println("report:  ${run.report}")
        return if (failures == 0) 0 else 1
    }

    private fun plan(): RunPlan {
        val delayMs = parseDelay(itemDelay)
        val levels = (users ?: if (quick) listOf(1, 32, 128) else listOf(1, 2, 4, 8, 16, 32, 64, 128))
        if (levels.isEmpty() || levels.any { it !in 1..4096 }) throw UsageError("--users must be numbers from 1 to 4096, was $levels")
        val rpu = requestsPerUser ?: if (quick) 8 else 256
        if (rpu < 1) throw UsageError("--requests-per-user must be >= 1, was $rpu")
        val reps = repeat ?: if (quick) 1 else 5
        if (reps < 1) throw UsageError("--repeat must be >= 1, was $reps")
        if (timeoutSeconds !in 1..600) throw UsageError("--timeout must be 1..600 seconds, was $timeoutSeconds")
        return RunPlan(levels.distinct().sorted().map { LoadLevel(it, rpu) }, LoadLevel.warmup(warmup ?: if (quick) "160@32" else "1000@32"),
            reps, delayMs, Duration.ofSeconds(timeoutSeconds))
    }

    private fun parseDelay(text: String): Long {
        val m = Regex("^(\\d+)\\s*(ms)?$").find(text.trim()) ?: throw UsageError("--item-delay must look like 1ms or 0, was '$text'")
        return m.groupValues[1].toLong().also { if (it > 1000) throw UsageError("--item-delay must be at most 1000ms, was '$text'") }
    }

    private fun resultsDirectory(): Path {
        resume?.let {
            if (out != null && out!!.toAbsolutePath() != it.toAbsolutePath()) throw UsageError("--resume and --out name different directories; give only --resume DIR")
            if (!Files.isDirectory(it)) throw UsageError("--resume: no run directory at $it")
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

    private fun options(plan: RunPlan): Map<String, Any?> = selection.asMap() + mapOf<String, Any?>(
        "levels" to plan.levels.map { it.users }, "requestsPerUser" to plan.levels.first().requestsPerUser,
        "warmup" to "${plan.warmup.users * plan.warmup.requestsPerUser}@${plan.warmup.users}", "repeat" to plan.repeat,
        "itemDelayMs" to plan.itemDelayMs, "quick" to quick, "freshJvmPerRoute" to (!quick && target == null),
        "target" to (target ?: "started by pssr"), "responseTimeoutS" to timeoutSeconds, "heapMax" to heapMax)
}

data class RunPlan(val levels: List<LoadLevel>, val warmup: LoadLevel, val repeat: Int, val itemDelayMs: Long, val responseTimeout: Duration)

/** A server to load: started by us (with a PID to sample and stop), or an already running one given by --target. */
private interface Target : AutoCloseable {
    val host: String
    val port: Int
    val pid: Long?
    /** Samples the server's resources for as long as it runs (null when it is not our process). */
    val sampler: ResourceSampler?
    fun routes(): List<ListedRoute>
    val alive: Boolean
}

private class Started(val server: ServerProcess) : Target {
    override val host get() = server.host
    override val port get() = server.port
    override val pid get() = server.pid
    // attached once per server JVM (attaching costs a few hundred ms): levels read their window from it
    override val sampler by lazy { ResourceSampler(server.pid) }
    override fun routes() = server.routes()
    override val alive get() = ProcessHandle.of(server.pid).map { it.isAlive }.orElse(false)
    override fun close() { sampler.close(); server.close() }
}

private class Remote(url: String) : Target {
    private val uri = checkLoopback(url)
    override val host: String = uri.host
    override val port: Int = if (uri.port > 0) uri.port else 80
    override val pid: Long? = null
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
        val listed = StreamProbe.get(host, port, "/routes", timeout = Duration.ofSeconds(10))
        if (listed.status != 200) throw UsageError("--target $host:$port: GET /routes answered ${listed.status}")
        return RoutesDocument.parse(listed.body)
    }
    override val alive get() = true
    override fun close() {}
}

/** Runs the matrix framework by framework: verification, driver ceiling, then every passing route's sweep. */
private class MatrixRun(val run: RunDirectory, val plan: RunPlan, val launch: ServerLaunch, val selection: Selection,
                        val target: String?, val quick: Boolean) {
    private val load = LoadGenerator(plan.responseTimeout, levelTimeout())
    private val done = run.rows().map { it.key }.toHashSet()
    private val verified = run.checks().associateBy { it.route }
    private val checks = verified.toMutableMap()
    private val ceilings = run.ceilings().associateBy { "${it.framework}/${it.model}" }.toMutableMap()

    private fun levelTimeout(): Duration {
        val biggest = plan.levels.maxOf { it.users * it.requestsPerUser }.toLong()
        return Duration.ofSeconds(60).plusMillis(biggest * 50)
    }

    /** Returns the number of failures (frameworks that did not start, routes that failed verification). */
    fun execute(): Int {
        var failures = 0
        // A --target server is named by its own /routes (webflux, mvc, quarkus), so its rows read like a started one's.
        val frameworks = if (target != null) listOf(Framework(Remote(target).routes().firstOrNull()?.framework ?: "target", "server at $target") { null })
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
        val progress = Progress(total, "run")
        for ((fw, routes) in work) {
            val shared = if (quick || target != null) tryOpen(fw, "shared", progress) ?: run { failures++; null } else null
            if ((quick || target != null) && shared == null) continue
            try {
                ceiling(fw, routes, shared, progress)
                for (route in routes) for (rep in 1..plan.repeat) {
                    val pending = run.pending("${fw.name}/${route.model.id}/${route.engine}/${route.approach}", rep, plan.levels, done)
                    if (pending.isEmpty()) { progress.advance(plan.levels.size, "${route.path} (done before)"); continue }
                    progress.advance(plan.levels.size - pending.size, route.path)
                    val server = shared ?: tryOpen(fw, "${route.model.id}-${route.engine}-${route.approach}-r$rep", progress)
                    if (server == null) {
                        run.append(Failure(fw.name, route.model.id, route.engine, route.approach, "start", "server did not start for repetition $rep"))
                        failures++; progress.advance(pending.size, "${route.path} FAILED to start"); continue
                    }
                    try {
                        sweep(fw, server, route, rep, pending).forEach { run.append(it) }
                    } catch (e: Exception) {
                        // one broken route must not sink the run: record it and go on
                        val alive = if (server.alive) "" else " (the server process died)"
                        run.append(Failure(fw.name, route.model.id, route.engine, route.approach, "load", "${e.message ?: e.javaClass.simpleName}$alive"))
                        progress.note("pssr: ${fw.name} ${route.path} repetition $rep failed: ${e.message}$alive")
                        failures++
                    } finally { if (shared == null) server.close() }
                    progress.advance(pending.size, "${fw.name} ${route.path} r$rep")
                }
            } finally { shared?.close() }
        }
        return failures
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

    /** The load generator's own ceiling: the baseline route at zero delay, at the highest level. */
    private fun ceiling(fw: Framework, routes: List<ListedRoute>, shared: Target?, progress: Progress) {
        for (model in routes.map { it.model }.distinct()) {
            if ("${fw.name}/${model.id}" in ceilings) continue
            val baseline = routes.firstOrNull { it.model == model && it.engine == "baseline" } ?: continue
            val t = shared ?: tryOpen(fw, "ceiling-${model.id}", progress) ?: continue
            try {
                val top = plan.levels.last()
                // Warm both JVMs first (JMeter's and a possibly fresh server's) at the level measured: a cold
                // ceiling is far too low and would mark every level driver-bound. 16 requests per user were not
                // enough: the full MVC run measured a 2,840 req/s ceiling and then routes at 5,000+.
                val warm = LoadLevel(top.users, 64)
                val measured = LoadLevel(top.users, maxOf(top.requestsPerUser, 64))
                val samples = load.run("http://${t.host}:${t.port}${baseline.path}?itemDelayMs=0", expectedPage(t, baseline),
                    warm, listOf(measured), run.dir.resolve("jtl/ceiling-${fw.name}-${model.id}.jtl"))
                val level = LevelSummary.of(samples.filter { it.label == measured.label }, measured)
                val c = Ceiling(fw.name, model.id, top.users, level.throughput)
                ceilings["${fw.name}/${model.id}"] = c
                run.append(c)
                progress.note("== ${fw.name} ${model.id}: load generator ceiling %.0f req/s (baseline ${baseline.approach}, 0 ms delay, ${top.users} users)".format(c.rps))
            } finally { if (shared == null) t.close() }
        }
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

    private fun sweep(fw: Framework, t: Target, route: ListedRoute, rep: Int, levels: List<LoadLevel>): List<ResultRow> {
        val sampler = t.sampler
        val samples = run {
            load.run("http://${t.host}:${t.port}${route.path}?itemDelayMs=${plan.itemDelayMs}", expectedPage(t, route),
                plan.warmup, levels, run.dir.resolve("jtl/${fw.name}-${route.model.id}-${route.engine}-${route.approach}-r$rep.jtl"))
        }
        val ceiling = ceilings["${fw.name}/${route.model.id}"]?.rps
        return levels.map { level ->
            val s = LevelSummary.of(samples.filter { it.label == level.label }, level)
            val use = if (sampler != null && s.startMillis > 0) sampler.use(s.startMillis, s.endMillis) else ResourceUse.NONE
            val floor = if (plan.itemDelayMs == 0L) Double.NaN else level.users / (route.model.items.size * plan.itemDelayMs / 1000.0)
            ResultRow(fw.name, route.model.id, route.engine, route.approach, level.users, rep, s.requests, s.errors, s.throughput,
                s.latency.mean, s.latency.p50, s.latency.p90, s.latency.p99, s.latency.max, s.ttfb.p50, s.ttfb.p99, s.wallSeconds,
                plan.itemDelayMs, floor, use.cpuPctMean, use.cpuPctPeak, use.rssMbPeak, use.heapMbMean, use.heapMbPeak, use.gcMs,
                use.threadsPeak, ceiling != null && s.throughput >= 0.8 * ceiling)
        }
    }
}
