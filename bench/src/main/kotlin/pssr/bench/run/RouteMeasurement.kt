package pssr.bench.run

import pssr.bench.console.Fmt
import pssr.bench.console.Progress
import pssr.bench.measure.JvmWarmup
import pssr.bench.measure.LatencySummary
import pssr.bench.measure.LevelResult
import pssr.bench.measure.LevelRun
import pssr.bench.measure.LoadDriver
import pssr.bench.measure.LoadTarget
import pssr.bench.measure.PinningRecorder
import pssr.bench.measure.ProbeFigures
import pssr.bench.measure.Profiler
import pssr.bench.measure.Regime
import pssr.bench.measure.Server
import pssr.bench.measure.SideProbe
import pssr.bench.measure.SteadyWarmup
import pssr.bench.measure.WarmupResult
import pssr.bench.process.ServerRuntime
import pssr.bench.process.Stopping
import pssr.bench.project.Framework
import pssr.bench.results.ProfileRow
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import pssr.probe.StreamProbe
import pssr.servers.ListedRoute
import pssr.servers.key
import pssr.views.Golden
import java.time.Duration

/**
 * One route's work on a server: its golden page fetched, its warm-up (until steady when adaptive), each level measured and
 * written as a row with its histogram and timeline, and the optional profiles. [MatrixRun] decides which routes, servers
 * and levels.
 */
internal class RouteMeasurement(
    private val run: RunDirectory,
    private val plan: RunPlan,
    private val driver: LoadDriver,
    /** A running server's URL (`--target`): its rows carry no JDK. */
    private val target: String?,
) {
    // each level settles its JIT first (a new level runs code the warm-up at the highest one did not); on a shared JVM warmed with
    // its instruments this rarely adds a window (it doubled the quick run, 610 s vs 313 s, when the warm-up left the probe and JFR cold)
    private val levelRun = LevelRun(
        driver,
        plan.windows,
        if (plan.steadyCap > plan.routeWarmup) LevelRun.SETTLE_CAP else Duration.ZERO,
    )
    private val warmup = SteadyWarmup(driver, plan.routeWarmup, plan.steadyCap)

    /** Each route's warm-up in its current server session (by server port and route path, [warmupKey]): written on its rows. */
    private val warmups = HashMap<String, WarmupResult>()

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

    /** The route at the plan's item delay as the driver loads it: every response its golden page, the page's time at the source. */
    private fun loadTarget(t: Target, route: ListedRoute) = LoadTarget(
        "http://${t.host}:${t.port}${route.path}?itemDelayMs=${plan.itemDelayMs}",
        expectedPage(t, route),
        pageSeconds = route.model.items.size * plan.itemDelayMs / 1000.0,
    )

    /**
     * A server shared by several routes is warmed on all of them before any is measured, at the highest level (this
     * replaces the per-route warm-up of fresh JVMs): until steady, the routes in turns ([JvmWarmup]: the JIT's state is
     * the JVM's), else a fixed `--route-warmup` each. Together with measuring level by level ([MatrixRun]'s slots) no
     * route pays alone for the JIT of the framework's own code. A route that fails here is left to fail in its own
     * measurement.
     */
    fun warmUpAll(t: Target, routes: List<ListedRoute>, progress: Progress) {
        if (plan.routeWarmup.seconds <= 0 && !warmup.adaptive) return
        val users = plan.levels.last()
        val targets = LinkedHashMap<ListedRoute, LoadTarget>()
        for (route in routes) {
            try {
                targets[route] = loadTarget(t, route)
            } catch (e: Exception) {
                Stopping.check()
                if (t.ended() != null) return
            }
        }
        if (!warmup.adaptive) {
            progress.note("== warming ${routes.size} routes of the shared server at $users users, ${warmupWords()}")
            for ((route, load) in targets) {
                try {
                    warmUp(t, route, load, progress)
                } catch (e: Exception) {
                    Stopping.check()
                    if (t.ended() != null) return
                }
            }
            return
        }
        // the highest level and the lowest: a level far from the warm-up's runs code it did not (JvmWarmup)
        val ends = listOf(users, plan.levels.first()).distinct()
        progress.note(
            "== warming the shared server at ${ends.joinToString(" and ")} users on its " +
                "${routes.size} routes in turns of ${JvmWarmup.WINDOW.seconds} s each, " +
                "until steady (at least ${plan.routeWarmup.seconds} s per route, at most ${plan.steadyCap.seconds * routes.size} s)",
        )
        val pinning = t.sampler?.pinningRecorder(run.dir.resolve("jfr"))
        val results = JvmWarmup(driver, plan.routeWarmup, plan.steadyCap).run(targets, ends, t.pid) { instruments(t, pinning, it) }
        Stopping.check()
        results.forEach { (route, w) -> warmups[warmupKey(t, route)] = w }
        val w = results.values.firstOrNull() ?: return
        val range = { of: (WarmupResult) -> Double -> results.values.map(of).let { "${Fmt.grouped(it.min())}-${Fmt.grouped(it.max())}" } }
        progress.note(
            if (w.steady) {
                "   steady after ${Fmt.fixed(w.seconds, 0)} s of load (${Fmt.grouped(w.requests.toDouble())} requests); " +
                    "per route first window " +
                    "${range { it.firstRps }} req/s, last ${range { it.steadyRps }} req/s"
            } else {
                "   not yet steady after ${plan.steadyCap.seconds * routes.size} s of load (the JIT still compiled or throughput " +
                    "still rose): each level warms until its JIT is quiet and is measured again if it compiled in its window"
            },
        )
    }

    /**
     * What a measured window of [route] runs beside the driver (the side probe; on a virtual-thread route, a JFR recording),
     * opened around one of its shared warm-up windows: measured, the first levels after a steady warm-up without them spent
     * 5-34% of the server's CPU in the JIT, compiling the probe's and JFR's paths.
     */
    private fun instruments(t: Target, pinning: PinningRecorder?, route: ListedRoute): AutoCloseable {
        val probe = SideProbe(t.host, t.port, "${route.path}?itemDelayMs=${plan.itemDelayMs}", route.model.itemMarker)
        val id = if ("virtual" in route.approach) pinning?.start() else null
        return AutoCloseable {
            probe.close()
            if (id != null) runCatching { pinning!!.discard(id) }
        }
    }

    /** How routes are warmed: a shared JVM's routes in turns until it is steady, a fresh JVM's route until steady, or fixed. */
    fun warmupWords(shared: Boolean = false) = when {
        warmup.adaptive && shared ->
            "the shared JVM's routes in turns until steady (at least ${plan.routeWarmup.seconds} s, " +
                "at most ${plan.steadyCap.seconds} s per route)"

        warmup.adaptive -> "per route until steady (at least ${plan.routeWarmup.seconds} s, at most ${plan.steadyCap.seconds} s)"

        else -> "${plan.routeWarmup.seconds} s per route"
    }

    /** One route's warm-up at the highest level, until steady when adaptive; its result is noted and kept for the route's rows. */
    private fun warmUp(t: Target, route: ListedRoute, load: LoadTarget, progress: Progress?) {
        val w = warmup.run(load, plan.levels.last(), t.pid)
        warmups[warmupKey(t, route)] = w
        if (!warmup.adaptive) return
        val f = { v: Double -> Fmt.grouped(v, missing = Fmt.NAN) }
        val line = if (w.steady) {
            "${route.path}: steady after ${Fmt.fixed(w.seconds, 0, Fmt.NAN)} s of load " +
                "(${f(w.requests.toDouble())} requests); first window ${f(w.firstRps)} req/s, steady ${f(w.steadyRps)} req/s"
        } else {
            "${route.path}: NOT steady after ${plan.steadyCap.seconds} s of load (the JIT still compiled or throughput still rose); " +
                "its levels are flagged if the JIT still compiles in them"
        }
        progress?.note("   $line") ?: System.err.println("   $line")
    }

    /** The route's warm-up at the highest level (fresh JVMs), then each pending level; a row (and its histogram) is written per level. */
    fun measure(
        fw: Framework,
        rt: ServerRuntime,
        t: Target,
        route: ListedRoute,
        rep: Int,
        levels: List<Int>,
        routeWarmup: Boolean,
        /** The shared JVM (1-based, `--jvms`) measuring it, 0 for a JVM of the route's own: written on its rows. */
        jvm: Int,
        onLevel: () -> Unit,
    ) {
        val path = "${route.path}?itemDelayMs=${plan.itemDelayMs}"
        val load = loadTarget(t, route)
        val server = Server(t.host, t.port, t.pid, t.sampler) { t.ended() }
        if (routeWarmup) warmUp(t, route, load, null)
        // virtual-thread routes: pinned carriers recorded with JFR (seed 000 ran on JDK 21, where synchronized pins)
        val pinning = if ("virtual" in route.approach) t.sampler?.pinningRecorder(run.dir.resolve("jfr")) else null
        val name = listOf(fw.name, rt.label, route.model.id, route.engine, route.approach, "r$rep").filter { it.isNotEmpty() }
            .joinToString("-")
        var previous: ResultRow? = null
        var last: ResultRow? = null
        // the planned levels, then (a route with a JVM of its own that reached the top of the plan) doublings until saturated
        val beyond = if (routeWarmup && plan.saturateTo > 0 && plan.levels.last() in levels) {
            generateSequence(plan.levels.last() * 2) { it * 2 }.takeWhile { it <= plan.saturateTo }.toList()
        } else {
            emptyList()
        }
        for (users in levels + beyond) {
            val l = last
            if (users in beyond && l != null &&
                Regime.saturated(previous?.throughputRps ?: Double.NaN, l.throughputRps, l.regime, l.errors)
            ) {
                break
            }
            Stopping.check()
            Stopping.position = "$name at $users ${if (driver.model == LoadDriver.OPEN) "requests/s" else "users"}"
            val r = levelRun.measure(
                server,
                load,
                path,
                route.model.itemMarker,
                users,
                pinning,
                name,
            )
            Stopping.check() // a level cut short by the stop is no row
            val row = levelRow(
                plan, driver, fw, rt, if (target != null) "" else rt.version, route, rep, r, jvm,
                warmups[warmupKey(t, route)] ?: WarmupResult.NONE,
            )
            run.append(row)
            run.append(row.key, r.driver.latency)
            run.append(row.key, r.timeline)
            r.driver.engines.forEach { run.append(row.key, it) }
            previous = last
            last = row
            if (users !in beyond) onLevel()
        }
        if (plan.profiler != null && plan.profileUsers != null && rep == 1 && t.pid != null && plan.levels.last() in levels) {
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
                profiler.profile(pid, kind, run.dir.resolve("profiles"), name) { driver.run(load, users, plan.windows.measured) }
            } catch (e: Exception) {
                System.err.println("pssr: $route: no $kind profile (${e.message ?: e.javaClass.simpleName})")
                continue
            }
            run.append(ProfileRow.of(route, users, p, run.dir))
        }
    }

    /** A route's warm-up is its server's: two shared JVMs (`--jvms`) each warm every route, on ports of their own. */
    private fun warmupKey(t: Target, route: ListedRoute) = "${t.port}${route.path}"
}
