package pssr.bench.run

import pssr.bench.console.Durations
import pssr.bench.console.Fmt
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.results.Shard
import pssr.bench.results.ShardRecord
import java.nio.file.Files
import java.time.Duration
import kotlin.math.ceil

/**
 * `run --plan`: which routes this run (with --shard, this shard) measures and how long it should take, before anything
 * is measured. Each framework's server is started once to list its routes; that start, timed, stands for every start
 * of the run. The estimate: per framework, the verification (16 routes at a time, a page at 100 ms per item), then per
 * route and repetition a fresh JVM (its start and stop), the route warm-up and every level's two windows plus
 * [LEVEL_OVERHEAD_S] (the driver's start, the side probe's last request); each shared JVM (--quick, `--jvms` of them)
 * starts once and is warmed once on all its routes ([sharedWarmupSeconds]). The shard's reference routes are counted
 * with its own.
 */
object RunEstimate {
    /** Per level, beyond its windows: wrk's start and the side probe's request in flight (measured: 0.3-0.5 s). */
    const val LEVEL_OVERHEAD_S = 0.4

    /** A fresh JVM's stop (SIGTERM, the framework's shutdown). */
    const val STOP_S = 1.0

    /** A warm-up until steady: a fresh JVM took about 20 s of load at 128 users (docs/HARNESS.md, "Steady state"); within the minimum and
     * the cap. */
    const val TYPICAL_STEADY_S = 20L

    /** The route warm-up the estimate counts: the fixed one, or until steady (typically [TYPICAL_STEADY_S], within the cap). */
    fun warmupSeconds(plan: RunPlan): Long = if (plan.steadyCap > plan.routeWarmup) {
        maxOf(plan.routeWarmup.seconds, minOf(plan.steadyCap.seconds, TYPICAL_STEADY_S))
    } else {
        plan.routeWarmup.seconds
    }

    /** A shared JVM's warm-up until steady, its routes in turns: 15-36 s of load for 3-5 routes (docs/HARNESS.md, "Steady state") ... */
    const val TYPICAL_JVM_STEADY_S = 35L

    /** ... and for many routes 5 turns of 1 s per route (WebFlux's 18: 91 s). */
    const val TYPICAL_TURNS = 5L

    /** The warm-up of one shared JVM on [routes] routes: fixed, each route's minimum, or until steady within the cap per route. */
    fun sharedWarmupSeconds(plan: RunPlan, routes: Int): Long = if (plan.steadyCap > plan.routeWarmup) {
        maxOf(
            routes * plan.routeWarmup.seconds,
            minOf(routes * plan.steadyCap.seconds, maxOf(TYPICAL_JVM_STEADY_S, TYPICAL_TURNS * routes)),
        )
    } else {
        routes * plan.routeWarmup.seconds
    }

    data class FrameworkPlan(val framework: String, val routes: Int, val startSeconds: Double, val pageSeconds: Double)

    fun list(selection: Selection, launch: ServerLaunch, shard: Shard?): List<FrameworkPlan> {
        val logs = Files.createTempDirectory("pssr-plan-")
        try {
            return selection.frameworks().map { fw ->
                val t0 = System.nanoTime()
                ServerProcess.start(fw, launch, logs, "plan").use { server ->
                    val start = (System.nanoTime() - t0) / 1e9
                    val listed = server.routes().filter(selection::accepts)
                    val routes = shard?.let { ShardRecord(it).take(fw.name, listed) } ?: listed
                    FrameworkPlan(fw.name, routes.size, start, (routes.maxOfOrNull { it.model.items.size } ?: 0) * 0.1)
                }
            }
        } finally {
            logs.toFile().deleteRecursively()
        }
    }

    /** Expected seconds of one framework's part of the run. */
    fun seconds(p: FrameworkPlan, plan: RunPlan, levels: Int, runtimes: Int, sharing: Boolean): Double {
        val verify = p.startSeconds + STOP_S + ceil(p.routes / 16.0) * p.pageSeconds
        val perUser = plan.windows.requestsPerUser
        // the seeds' profile: a level as long as its requests take
        val level = if (perUser > 0 && plan.levels.isNotEmpty()) {
            plan.levels.map { ReproducePlan.windowSeconds(0, null, it, perUser) }.average()
        } else {
            plan.windows.warmup.seconds + plan.windows.measured.seconds + LEVEL_OVERHEAD_S
        }
        // --repeat-at's levels have their own repetitions; the open model's rates (in [levels] too) have --repeat
        val windows = plan.windowsPerRoute + (levels - plan.levels.size) * plan.repeat
        val perRuntime = if (sharing) {
            plan.jvms * (p.startSeconds + STOP_S + sharedWarmupSeconds(plan, p.routes)) + p.routes * windows * level
        } else {
            p.routes * (plan.repetitions * (p.startSeconds + STOP_S + warmupSeconds(plan)) + windows * level)
        }
        return verify + runtimes * perRuntime
    }

    private fun windowWords(plan: RunPlan) = plan.windows.let {
        if (it.requestsPerUser > 0) "${it.requestsPerUser} requests per user" else "${it.warmup.seconds}+${it.measured.seconds} s"
    }

    private fun repeatAtWords(plan: RunPlan) = if (plan.repeatAt.isEmpty()) {
        ""
    } else {
        " (" + plan.repeatAt.entries.groupBy({ it.value }, { it.key }).entries.joinToString("; ") { (n, at) ->
            "$n at ${at.sorted().joinToString(",")} users"
        } + ")"
    }

    private fun jvmWords(plan: RunPlan, sharing: Boolean) = when {
        !sharing -> "a fresh JVM per route and repetition"
        plan.jvms == 1 -> "one shared JVM per framework"
        else -> "${plan.jvms} shared JVMs per framework"
    }

    fun text(plans: List<FrameworkPlan>, plan: RunPlan, levels: Int, runtimes: Int, sharing: Boolean, shard: Shard?): String {
        val total = plans.sumOf { seconds(it, plan, levels, runtimes, sharing) }
        return "plan${shard?.let { " (shard $it)" } ?: ""}: " + plans.joinToString("; ") {
            "${it.framework} ${it.routes} routes (server start ${Fmt.fixed(it.startSeconds, 1, Fmt.NAN)} s)"
        } +
            "; $levels levels x ${plan.repeat} repetitions${repeatAtWords(plan)} x $runtimes " +
            "runtime(s), ${windowWords(plan)} per level, " +
            (
                if (plan.steadyCap > plan.routeWarmup) {
                    "route warm-up until steady (${plan.routeWarmup.seconds}-${plan.steadyCap.seconds} s, counted ${warmupSeconds(plan)} s)"
                } else {
                    "${plan.routeWarmup.seconds} s route warm-up"
                }
                ) + ", ${jvmWords(plan, sharing)}: " +
            "expected " + Durations.span(Duration.ofSeconds(total.toLong()))
    }
}
