package pssr.bench.run

import pssr.bench.console.Progress
import pssr.bench.measure.LatencySummary
import pssr.bench.measure.LevelResult
import pssr.bench.measure.LevelRun
import pssr.bench.measure.LoadDriver
import pssr.bench.measure.LoadTarget
import pssr.bench.measure.ProbeFigures
import pssr.bench.measure.Profiler
import pssr.bench.measure.Server
import pssr.bench.measure.ServerDied
import pssr.bench.measure.SteadyWarmup
import pssr.bench.measure.WarmupResult
import pssr.bench.measure.Windows
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.process.ServerRuntime
import pssr.bench.process.ServerStartFailed
import pssr.bench.process.Stopped
import pssr.bench.process.Stopping
import pssr.bench.project.Framework
import pssr.bench.results.Failure
import pssr.bench.results.ProfileRow
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import pssr.bench.results.ShardRecord
import pssr.probe.StreamProbe
import pssr.servers.ListedRoute
import pssr.servers.RouteKey
import pssr.servers.key
import pssr.views.Golden
import java.time.Duration

data class RunPlan(
    val levels: List<Int>,
    val routeWarmup: Duration,
    val windows: Windows,
    val repeat: Int,
    val itemDelayMs: Long,
    val responseTimeout: Duration,
    /** `--profile USERS`: after a route's levels (first repetition), a CPU and an allocation profile at these users. */
    val profileUsers: Int? = null,
    val profiler: Profiler? = null,
    /** `--steady-cap`: a route's warm-up goes on past [routeWarmup] until the JVM is steady, up to this much load
     * ([SteadyWarmup]). */
    val steadyCap: Duration = routeWarmup,
    /** `--first-repetition`: repetitions are numbered from this (reproduce's later rounds add repetitions beside the first
     * pass's). */
    val firstRepetition: Int = 1,
)

/** Runs the matrix framework by framework: verification, then every passing route's levels. */
internal class MatrixRun(
    val run: RunDirectory,
    val plan: RunPlan,
    val launch: ServerLaunch,
    val runtimes: List<ServerRuntime>,
    val selection: Selection,
    val target: String?,
    val targetFramework: String?,
    val quick: Boolean,
    val driver: LoadDriver,
    val allowRemoteTarget: Boolean = false,
    val shard: ShardRecord? = null,
) {
    private val levelRun = LevelRun(driver, plan.windows)

    // a fresh JVM per route sweeps its levels right after its warm-up at the highest one: each level settles its JIT first;
    // a shared JVM's levels are measured over repetitions in mirrored order, and settling there doubled the quick run (610 s vs 313 s)
    private val settlingLevelRun = LevelRun(
        driver,
        plan.windows,
        if (plan.steadyCap > plan.routeWarmup) LevelRun.SETTLE_CAP else Duration.ZERO,
    )
    private val warmup = SteadyWarmup(driver, plan.routeWarmup, plan.steadyCap)

    /** Each route's warm-up in its current server session (by route path): written on its rows. */
    private val warmups = HashMap<String, WarmupResult>()
    private val done = run.rows().map { it.key }.toHashSet()
    private val verified = run.checks().associateBy { it.route }
    private val checks = verified.toMutableMap()

    /** Returns the number of failures (frameworks that did not start, routes that failed verification or died). */
    fun execute(): Int {
        var failures = 0
        val frameworks = if (target != null) {
            listOf(Framework(targetFramework!!, "server at $target", null))
        } else {
            selection.frameworks()
        }
        // First pass: start, list and verify, so the progress bar knows the whole matrix.
        val work = ArrayList<Pair<Framework, List<ListedRoute>>>()
        for (fw in frameworks) {
            Stopping.check()
            Stopping.position = "verifying ${fw.name}"
            val routes = try {
                open(fw, launch.on(runtimes.first()), "verify").use { t -> verify(fw, t) }
            } catch (e: ServerStartFailed) {
                Stopping.check()
                System.err.println("pssr: ${e.message}; ${fw.name} is marked failed and the run goes on. Log tail:\n${e.logTail}")
                run.append(Failure(fw.name, "", "", "", "start", e.message ?: "did not start"))
                failures++
                continue
            }
            // a paper's setup is measured only when the server shows it runs with it (GET /routes settings)
            val wrong = launch.setup?.mismatches(fw.name, routes.firstOrNull()?.first?.settings ?: emptyMap()).orEmpty()
            if (wrong.isNotEmpty() && target == null) {
                System.err.println(
                    "pssr: ${fw.name} does not run with ${launch.setup!!.label}: ${wrong.joinToString("; ")}; it is " +
                        "marked failed",
                )
                run.append(Failure(fw.name, "", "", "", "setup", wrong.joinToString("; ")))
                failures++
                continue
            }
            failures += routes.count { !it.second }
            work += fw to routes.filter { it.second }.map { it.first }
        }
        shard?.write(run.dir)
        val total = work.sumOf { (_, rs) -> rs.size } * plan.repeat * plan.levels.size * runtimes.size
        val perLevel = plan.windows.warmup.seconds + plan.windows.measured.seconds
        val on = if (runtimes.size > 1) " on ${runtimes.size} runtimes: " + runtimes.joinToString { "${it.label} (${it.version})" } else ""
        System.err.println("== $total levels x $perLevel s (+ warm-up per route: ${warmupWords()}) with ${driver.description}$on")
        val progress = Progress(total, "run")
        for ((fw, routes) in work) {
            for (rt in runtimes) {
                val sharing = quick || target != null
                val on = launch.on(rt)
                val fwLabel = rt.frameworkLabel(fw.name)
                var shared: Target? = null
                val gaveUp = HashSet<Pair<String, Int>>() // a route whose server died in a repetition: its later levels there are skipped
                try {
                    for (slot in slots(routes, sharing)) {
                        Stopping.check() // no further level starts once a stop signal came
                        val (route, rep) = slot
                        val key = route.key(fwLabel).toString()
                        Stopping.position = "$fwLabel ${route.path} repetition $rep (starting its server, warming up)"
                        if (key to rep in gaveUp) {
                            progress.advance(slot.levels.size, "${route.path} (skipped)")
                            continue
                        }
                        val pending = run.pending(key, rep, slot.levels, done, driver.model)
                        if (pending.isEmpty()) {
                            progress.advance(slot.levels.size, "${route.path} (done before)")
                            continue
                        }
                        progress.advance(slot.levels.size - pending.size, route.path)
                        if (sharing && (shared == null || shared.ended() != null)) {
                            shared?.close()
                            shared = tryOpen(fw, on, tag(rt, "shared"), progress)
                            shared?.let { warmUpAll(it, routes, progress) }
                        }
                        val server = if (sharing) {
                            shared
                        } else {
                            tryOpen(
                                fw,
                                on,
                                tag(
                                    rt,
                                    "${route.model.id}-${route.engine}-${route.approach}-r$rep",
                                ),
                                progress,
                            )
                        }
                        if (server == null) {
                            run.append(
                                Failure(
                                    fwLabel,
                                    route.model.id,
                                    route.engine,
                                    route.approach,
                                    "start",
                                    "server did not start for " +
                                        "repetition $rep",
                                ),
                            )
                            failures++
                            progress.advance(pending.size, "${route.path} FAILED to start")
                            continue
                        }
                        var measured = 0
                        try {
                            measure(fw, rt, server, route, rep, pending, routeWarmup = !sharing) {
                                measured++
                                progress.advance(
                                    1,
                                    "$fwLabel ${route.path} r$rep",
                                )
                            }
                        } catch (e: ServerDied) {
                            Stopping.check() // the server was stopped by the shutdown hook: not a failure
                            // The level it died in has no row; its remaining levels are skipped, the run goes on.
                            run.append(Failure(fwLabel, route.model.id, route.engine, route.approach, "died", e.message ?: "server died"))
                            progress.note("pssr: $fwLabel ${route.path} repetition $rep: ${e.message}; its remaining levels are skipped")
                            gaveUp += key to rep
                            failures++
                        } catch (e: Stopped) {
                            throw e
                        } catch (e: Exception) {
                            Stopping.check() // "Connection refused" after the hook stopped the server: not a failure
                            // one broken route must not sink the run: record it and go on
                            val ended = server.ended()?.let { " (the server process $it)" } ?: ""
                            run.append(
                                Failure(
                                    fwLabel,
                                    route.model.id,
                                    route.engine,
                                    route.approach,
                                    "load",
                                    "${e.message ?: e.javaClass.simpleName}$ended",
                                ),
                            )
                            progress.note("pssr: $fwLabel ${route.path} repetition $rep failed: ${e.message}$ended")
                            gaveUp += key to rep
                            failures++
                        } finally {
                            if (!sharing) server.close()
                        }
                        progress.advance(pending.size - measured, "$fwLabel ${route.path} r$rep")
                    }
                } finally {
                    shared?.close()
                }
            }
        }
        dropStaleFailures()
        return failures
    }

    /** One server session's work: some levels of one route in one repetition. */
    private data class Slot(val route: ListedRoute, val rep: Int, val levels: List<Int>)

    private fun slots(routes: List<ListedRoute>, sharing: Boolean): List<Slot> =
        MeasurementOrder.slots(routes, plan.levels, plan.repeat, sharing, plan.firstRepetition).map { (r, rep, levels) ->
            Slot(
                r,
                rep,
                levels,
            )
        }

    /** Failures of routes that now have every level measured (a resumed run got through them) are no longer true. */
    private fun dropStaleFailures() {
        val old = run.failures()
        if (old.isEmpty()) return
        // this pass's rows only: a run with --users and --rate makes a closed pass and an open pass over the same routes
        val rows = run.rows().filter { it.loadModel == driver.model }.groupBy { it.route }
        val keep = old.filter { f ->
            (f.stage == "start" && f.model.isEmpty()) ||
                rows[RouteKey(f.framework, f.model, f.engine, f.approach).toString()].orEmpty().map { it.users to it.repetition }.toSet()
                    .size < plan.levels.size * plan.repeat
        }
        if (keep.size != old.size) run.rewriteFailures(keep)
    }

    private fun open(fw: Framework, on: ServerLaunch, tag: String): Target =
        if (target != null) Remote(target, allowRemoteTarget) else Started(ServerProcess.start(fw, on, run.logs, tag))

    private fun tag(rt: ServerRuntime, what: String) = if (rt.label.isEmpty()) what else "${rt.label}-$what"

    private fun tryOpen(fw: Framework, on: ServerLaunch, tag: String, progress: Progress): Target? = try {
        open(
            fw,
            on,
            tag,
        )
    } catch (e: ServerStartFailed) {
        progress.note("pssr: ${e.message}; log tail:\n${e.logTail}")
        null
    }

    /** Verifies the selected routes (reusing stored checks on --resume); returns each route with pass/fail. */
    private fun verify(fw: Framework, t: Target): List<Pair<ListedRoute, Boolean>> {
        val routes = t.routes().filter(selection::accepts).let { rs -> shard?.take(fw.name, rs) ?: rs }
        val fresh = routes.filter { it.key(fw.name).toString() !in verified }
        val freshChecks = Verifier().verify(fw.name, t.host, t.port, fresh)
        freshChecks.forEach {
            run.append(it)
            checks[it.route] = it
        }
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

    /**
     * A server shared by several routes is warmed on all of them before any is measured, one route warm-up
     * each at the highest level (this replaces the per-route warm-up of fresh JVMs); together with measuring
     * level by level ([slots]) no route pays alone for the JIT of the framework's own code. A route that
     * fails here is left to fail in its own measurement.
     */
    private fun warmUpAll(t: Target, routes: List<ListedRoute>, progress: Progress) {
        if (plan.routeWarmup.seconds <= 0 && !warmup.adaptive) return
        progress.note("== warming ${routes.size} routes of the shared server at ${plan.levels.last()} users, each ${warmupWords()}")
        for (route in routes) {
            try {
                warmUp(
                    t,
                    route,
                    LoadTarget("http://${t.host}:${t.port}${route.path}?itemDelayMs=${plan.itemDelayMs}", expectedPage(t, route)),
                    progress,
                )
            } catch (e: Exception) {
                Stopping.check()
                if (t.ended() != null) return
            }
        }
    }

    private fun warmupWords() = if (warmup.adaptive) {
        "until steady (at least ${plan.routeWarmup.seconds} s, at " +
            "most ${plan.steadyCap.seconds} s)"
    } else {
        "${plan.routeWarmup.seconds} s"
    }

    /** One route's warm-up at the highest level, until steady when adaptive; its result is noted and kept for the route's rows. */
    private fun warmUp(t: Target, route: ListedRoute, load: LoadTarget, progress: Progress?) {
        val w = warmup.run(load, plan.levels.last(), t.pid)
        warmups[route.path] = w
        if (!warmup.adaptive) return
        val f = { v: Double -> "%,.0f".format(java.util.Locale.ROOT, v) }
        val line = if (w.steady) {
            "${route.path}: steady after ${"%.0f".format(java.util.Locale.ROOT, w.seconds)} s of load " +
                "(${f(w.requests.toDouble())} requests); " +
                "first window ${f(w.firstRps)} req/s, steady ${f(w.steadyRps)} req/s"
        } else {
            "${route.path}: NOT steady after ${plan.steadyCap.seconds} s of load (the JIT still compiled or throughput still rose); " +
                "its levels are flagged if the JIT still compiles in them"
        }
        progress?.note("   $line") ?: System.err.println("   $line")
    }

    /** The route's warm-up at the highest level (fresh JVMs), then each pending level; a row (and its histogram) is written per level. */
    private fun measure(
        fw: Framework,
        rt: ServerRuntime,
        t: Target,
        route: ListedRoute,
        rep: Int,
        levels: List<Int>,
        routeWarmup: Boolean,
        onLevel: () -> Unit,
    ) {
        val path = "${route.path}?itemDelayMs=${plan.itemDelayMs}"
        val load = LoadTarget("http://${t.host}:${t.port}$path", expectedPage(t, route))
        val server = Server(t.host, t.port, t.pid, t.sampler) { t.ended() }
        if (routeWarmup) warmUp(t, route, load, null)
        // virtual-thread routes: pinned carriers recorded with JFR (seed 000 ran on JDK 21, where synchronized pins)
        val pinning = if ("virtual" in route.approach) t.sampler?.pinningRecorder(run.dir.resolve("jfr")) else null
        val name = listOf(fw.name, rt.label, route.model.id, route.engine, route.approach, "r$rep").filter { it.isNotEmpty() }
            .joinToString("-")
        for (users in levels) {
            Stopping.check()
            Stopping.position = "$name at $users ${if (driver.model == LoadDriver.OPEN) "requests/s" else "users"}"
            val r = (if (routeWarmup) settlingLevelRun else levelRun).measure(
                server,
                load,
                path,
                route.model.itemMarker,
                users,
                pinning,
                name,
            )
            Stopping.check() // a level cut short by the stop is no row
            val row = toRow(fw, rt, route, rep, r)
            run.append(row)
            run.append(row.key, r.driver.latency)
            run.append(row.key, r.timeline)
            r.driver.engines.forEach { run.append(row.key, it) }
            onLevel()
        }
        if (plan.profiler != null && plan.profileUsers != null && rep == 1 && t.pid != null &&
            plan.levels.last() in levels
        ) {
            profile(
                plan.profiler,
                plan.profileUsers,
                t.pid!!,
                load,
                "${rt.frameworkLabel(fw.name)}/${route.model.id}/${route.engine}/${route.approach}",
                name,
            )
        }
    }

    /**
     * Two more windows of the measured length at [users], after the route's measured levels so that the
     * profiler's cost never touches them: one with a CPU profile, one with an allocation profile.
     */
    private fun profile(profiler: Profiler, users: Int, pid: Long, load: LoadTarget, route: String, name: String) {
        for (kind in listOf(Profiler.CPU, Profiler.ALLOC)) {
            val p = try {
                profiler.profile(pid, kind, run.dir.resolve("profiles"), name) {
                    driver.run(
                        load,
                        users,
                        plan.windows.measured,
                    )
                }
            } catch (e: Exception) {
                System.err.println(
                    "pssr: $route: no $kind profile " +
                        "(${e.message ?: e.javaClass.simpleName})",
                )
                continue
            }
            run.append(ProfileRow.of(route, users, p, run.dir))
        }
    }

    private fun toRow(fw: Framework, rt: ServerRuntime, route: ListedRoute, rep: Int, r: LevelResult<ProbeFigures>): ResultRow {
        val d = r.driver
        val lat = LatencySummary.of(d.latency)
        val open = driver.model == LoadDriver.OPEN
        // the floor is a closed loop's limit; an open model's level is its rate (rate_rps), with no users
        val floor = if (plan.itemDelayMs == 0L || open) Double.NaN else r.users / (route.model.items.size * plan.itemDelayMs / 1000.0)
        val use = r.resources
        val w = warmups[route.path] ?: WarmupResult.NONE
        return ResultRow(
            framework = fw.name, model = route.model.id, engine = route.engine, approach = route.approach,
            users = if (open) 0 else r.users, repetition = rep, driver = driver.name, itemDelayMs = plan.itemDelayMs,
            windowSeconds = d.windowSeconds, requests = d.completed + d.errors.connect + d.errors.read + d.errors.timeout + d.errors.engine,
            errorsStatus = d.errors.status, errorsContent = d.errors.content, errorsConnect = d.errors.connect,
            errorsRead = d.errors.read, errorsTimeout = d.errors.timeout, throughputRps = d.throughput, floorRps = floor,
            latencyMeanMs = lat.mean, latencyP50Ms = lat.p50, latencyP90Ms = lat.p90, latencyP99Ms = lat.p99,
            latencyP999Ms = lat.p999, latencyMaxMs = lat.max, probeSamples = r.probe.samples, probeFailed = r.probe.failed,
            ttfbP50Ms = r.probe.ttfb.p50, ttfbP99Ms = r.probe.ttfb.p99, firstItemP50Ms = r.probe.firstItem.p50,
            firstItemP99Ms = r.probe.firstItem.p99, lastByteP50Ms = r.probe.lastByte.p50, lastByteP99Ms = r.probe.lastByte.p99,
            serverCpuUsPerRequest = r.serverCpuUsPerRequest, driverCpuUsPerRequest = r.driverCpuUsPerRequest,
            cpuPctMean = r.serverCpuPct, cpuPctPeak = use.cpuPctPeak, driverCpuPct = r.driverCpuPct, rssMbPeak = use.rssMbPeak,
            heapMbMean = use.heapMbMean, heapMbPeak = use.heapMbPeak, gcMs = use.gcMs, threadsMean = use.threadsMean,
            threadsPeak = use.threadsPeak, driverBound = r.driverBound, runtime = rt.label, jdk = if (target != null) "" else rt.version,
            pinnedEvents = r.pinning.events, pinnedPerRequest = r.pinning.perRequest, pinnedTopStack = r.pinning.topStack,
            loadModel = driver.model, rateRps = if (open) r.users.toDouble() else Double.NaN, errorsEngine = d.errors.engine,
            jitCpuSeconds = r.jitCpuSeconds, warmupToSteadySeconds = w.seconds, warmupRequests = w.requests,
            warmupFirstRps = w.firstRps, warmupSteadyRps = w.steadyRps,
        )
    }
}
