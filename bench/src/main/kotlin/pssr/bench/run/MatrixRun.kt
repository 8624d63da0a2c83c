package pssr.bench.run

import pssr.bench.console.Progress
import pssr.bench.csv.WriteFailed
import pssr.bench.measure.LoadDriver
import pssr.bench.measure.ServerDied
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.process.ServerRuntime
import pssr.bench.process.ServerStartFailed
import pssr.bench.process.Stopped
import pssr.bench.process.Stopping
import pssr.bench.project.Framework
import pssr.bench.results.Failure
import pssr.bench.results.RunDirectory
import pssr.bench.results.ShardRecord
import pssr.servers.ListedRoute
import pssr.servers.RouteKey
import pssr.servers.key

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
    private val measurement = RouteMeasurement(run, plan, driver, target)

    private val done = run.rows().map { it.key }.toHashSet()
    private val verified = run.checks().associateBy { it.route }
    private val checks = verified.toMutableMap()

    /**
     * One shared JVM per framework on this machine (the quick run): the JVM that verified the framework is the one its levels
     * are measured on, started once instead of twice (a start is 2-5 s of the quick run's 5.5 min). It waits, idle, while the
     * frameworks before it are measured; its warm-up on all its routes comes first, as a fresh shared JVM's does.
     */
    private val reusesVerifier = quick && target == null && plan.jvms == 1 && runtimes.size == 1

    /** The verified JVMs that wait for their framework's levels ([reusesVerifier]). */
    private val kept = HashMap<String, Target>()

    /** Returns the number of failures (frameworks that did not start, routes that failed verification or died). */
    fun execute(): Int = try {
        executeAll()
    } finally {
        kept.values.forEach { it.close() }
        kept.clear()
    }

    private fun executeAll(): Int {
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
            val t = try {
                open(fw, launch.on(runtimes.first()), if (reusesVerifier) "shared" else "verify")
            } catch (e: ServerStartFailed) {
                Stopping.check()
                System.err.println("pssr: ${e.message}; ${fw.name} is marked failed and the run goes on. Log tail:\n${e.logTail}")
                run.append(Failure(fw.name, "", "", "", "start", e.message ?: "did not start"))
                failures++
                continue
            }
            var keep = false // the verifier stays for the levels only when it has some to measure
            try {
                val routes = verify(fw, t)
                // a paper's setup is measured only when the server shows it runs with it (GET /routes settings)
                val wrong = launch.setup?.mismatches(fw.name, routes.firstOrNull()?.first?.settings ?: emptyMap()).orEmpty()
                if (wrong.isNotEmpty() && target == null) {
                    System.err.println(
                        "pssr: ${fw.name} does not run with ${launch.setup!!.label}: ${wrong.joinToString("; ")}; it is marked failed",
                    )
                    run.append(Failure(fw.name, "", "", "", "setup", wrong.joinToString("; ")))
                    failures++
                    continue
                }
                failures += routes.count { !it.second }
                val measured = routes.filter { it.second && plan.levelsOf(it.first.key(fw.name)).isNotEmpty() }.map { it.first }
                if (measured.isNotEmpty()) work += fw to measured
                keep = reusesVerifier && measured.isNotEmpty()
            } finally {
                if (keep) kept[fw.name] = t else t.close()
            }
        }
        shard?.write(run.dir)
        val total = work.sumOf { (fw, rs) -> rs.sumOf { plan.windowsOf(it.key(fw.name)) } } * runtimes.size
        val w = plan.windows
        val perLevel = if (w.requestsPerUser > 0) "${w.requestsPerUser} requests per user" else "${w.warmup.seconds + w.measured.seconds} s"
        val on = if (runtimes.size > 1) " on ${runtimes.size} runtimes: " + runtimes.joinToString { "${it.label} (${it.version})" } else ""
        System.err.println(
            "== $total levels x $perLevel (+ warm-up: ${measurement.warmupWords(quick || target != null)}) with ${driver.description}$on",
        )
        val progress = Progress(total, "run")
        for ((fw, routes) in work) {
            for (rt in runtimes) {
                val sharing = quick || target != null
                val on = launch.on(rt)
                val fwLabel = rt.frameworkLabel(fw.name)
                // the shared JVMs by index (--jvms), each started and warmed on every route when first needed
                val shared = HashMap<Int, Target>()
                val gaveUp = HashSet<Pair<String, Int>>() // a route whose server died in a repetition: its later levels there are skipped
                try {
                    for (slot in slots(fw, routes, sharing)) {
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
                        val jvm = plan.jvmOf(rep)
                        val current = shared[jvm]
                        if (sharing && (current == null || current.ended() != null)) {
                            shared.remove(jvm)?.close()
                            val name = if (plan.jvms == 1) "shared" else "shared-jvm${jvm + 1}"
                            val verifier = kept.remove(fw.name)?.takeIf { it.ended() == null }
                            (verifier ?: tryOpen(fw, on, tag(rt, name), progress))?.let {
                                shared[jvm] = it
                                measurement.warmUpAll(it, routes, progress)
                            }
                        }
                        val server = if (sharing) {
                            shared[jvm]
                        } else {
                            tryOpen(fw, on, tag(rt, "${route.model.id}-${route.engine}-${route.approach}-r$rep"), progress)
                        }
                        if (server == null) {
                            run.append(
                                Failure(
                                    fwLabel,
                                    route.model.id,
                                    route.engine,
                                    route.approach,
                                    "start",
                                    "server did not start for repetition $rep",
                                ),
                            )
                            failures++
                            progress.advance(pending.size, "${route.path} FAILED to start")
                            continue
                        }
                        var measured = 0
                        try {
                            val jvmNumber = if (sharing) jvm + 1 else 0
                            measurement.measure(fw, rt, server, route, rep, pending, routeWarmup = !sharing, jvmNumber) {
                                measured++
                                progress.advance(1, "$fwLabel ${route.path} r$rep")
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
                        } catch (e: WriteFailed) {
                            throw e // the folder cannot take more (no space, permission): the run stops, naming the file
                        } catch (e: Exception) {
                            Stopping.check() // "Connection refused" after the hook stopped the server: not a failure
                            // one broken route must not sink the run: record it and go on
                            val ended = server.ended()?.let { " (the server process $it)" } ?: ""
                            val why = "${e.message ?: e.javaClass.simpleName}$ended"
                            run.append(Failure(fwLabel, route.model.id, route.engine, route.approach, "load", why))
                            progress.note("pssr: $fwLabel ${route.path} repetition $rep failed: ${e.message}$ended")
                            gaveUp += key to rep
                            failures++
                        } finally {
                            if (!sharing) server.close()
                        }
                        progress.advance(pending.size - measured, "$fwLabel ${route.path} r$rep")
                    }
                } finally {
                    shared.values.forEach { it.close() }
                    kept.remove(fw.name)?.close() // its levels were all measured before (--resume), or it died waiting
                }
            }
        }
        dropStaleFailures()
        return failures
    }

    /** One server session's work: some levels of one route in one repetition. */
    private data class Slot(val route: ListedRoute, val rep: Int, val levels: List<Int>)

    private fun slots(fw: Framework, routes: List<ListedRoute>, sharing: Boolean): List<Slot> =
        MeasurementOrder.slots(routes, plan.levels, plan.repeat, sharing, plan.firstRepetition, plan::repeatsAt)
            .mapNotNull { (r, rep, levels) ->
                val mine = plan.levelsOf(r.key(fw.name)).toSet()
                levels.filter { it in mine }.takeIf { it.isNotEmpty() }?.let { Slot(r, rep, it) }
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
                    .size < plan.windowsOf(RouteKey(f.framework.substringBefore('@'), f.model, f.engine, f.approach))
        }
        if (keep.size != old.size) run.rewriteFailures(keep)
    }

    private fun open(fw: Framework, on: ServerLaunch, tag: String): Target =
        if (target != null) Remote(target, allowRemoteTarget) else Started(ServerProcess.start(fw, on, run.logs, tag))

    private fun tag(rt: ServerRuntime, what: String) = if (rt.label.isEmpty()) what else "${rt.label}-$what"

    private fun tryOpen(fw: Framework, on: ServerLaunch, tag: String, progress: Progress): Target? = try {
        open(fw, on, tag)
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
}
