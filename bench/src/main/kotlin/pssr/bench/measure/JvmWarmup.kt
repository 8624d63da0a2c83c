package pssr.bench.measure

import java.time.Duration

/**
 * The warm-up of a JVM that serves several routes (the shared JVM of `--quick`, `reproduce` and `--target`): the JIT's work
 * belongs to the JVM, not to a route (the framework's code is compiled once for all, a later route only adds its own), so
 * the routes are loaded in turns, [window] each at one level, the turns alternating between the run's highest and lowest
 * levels (a level far from the warm-up's runs code it did not: measured, the first 32-user level after a warm-up at 256
 * spent 4-20 s per route settling), and the JVM is steady when its last turns, [CONFIRM_SECONDS] of load or more at each
 * level (as long as a route's own confirmation, two 2 s windows), were each quiet (the compiler threads' CPU over the turn
 * within [Steadiness.quiet]) and not faster than the best turn before at their level by more than [Steadiness.RISE]
 * (against the best, not the last: one turn spans every route, and a slow turn must not make the next look like a rise).
 * Every route gets at least [minimum] of load, the JVM at most [capPerRoute] per route: a route's own warm-up's bound.
 *
 * Why not one route after the other ([SteadyWarmup] each): measured, a quick run's 13 routes each warmed
 * 4 s that way were all NOT steady, because each next route's first window compiled again what the route before had
 * left half compiled; loaded in turns, all of them are compiled together.
 */
class JvmWarmup(
    private val driver: LoadDriver,
    private val minimum: Duration,
    private val capPerRoute: Duration,
    private val window: Duration = WINDOW,
) {
    /**
     * Warms the JVM [pid] on [routes] at [level]; one [WarmupResult] per route that answered (a route whose load failed
     * is left out of the turns and of the map, to fail in its own measurement). The seconds and requests until steady
     * are the JVM's (every route's load before the confirming turns), the first and steady throughput the route's own.
     * [instruments] opens, around each route's window, what a measured window of that route runs beside the driver (the
     * side probe, a JFR recording): their code in the server is then compiled in the warm-up, not in the first levels.
     */
    fun <K> run(
        routes: Map<K, LoadTarget>,
        levels: List<Int>,
        pid: Long?,
        instruments: (K) -> AutoCloseable = { AutoCloseable {} },
    ): Map<K, WarmupResult> {
        val live = routes.toMutableMap()
        val windows = HashMap<K, MutableList<DriverResult>>()
        val turns = ArrayList<Turn>()
        val cap = capPerRoute.toMillis() / 1000.0 * routes.size
        val minTurns = Math.ceilDiv(minimum.toMillis(), window.toMillis()).coerceAtLeast(1)
        val ends = levels.distinct()
        while (live.isNotEmpty() && (turns.size < minTurns || !confirmed(turns, ends)) && turns.sumOf { it.seconds } < cap) {
            val level = ends[turns.size % ends.size]
            val cpuWindow = CpuWindow.start(pid)
            var requests = 0L
            var seconds = 0.0
            for ((key, target) in live.entries.toList()) {
                val r = try {
                    instruments(key).use { driver.run(target, level, window) }
                } catch (e: Exception) {
                    if (e is InterruptedException) throw e
                    live.remove(key)
                    continue
                }
                if (level == ends.first()) windows.getOrPut(key) { ArrayList() } += r
                requests += r.completed
                seconds += r.windowSeconds
            }
            val (cpu, jit) = cpuWindow.end()
            val rps = if (seconds > 0) requests / seconds else 0.0
            val rising = turns.filter { it.level == level }.maxOfOrNull { it.rps }?.let { rps > it * (1 + Steadiness.RISE) } ?: false
            turns += Turn(level, requests, seconds, rps, Steadiness.quiet(jit, cpu, seconds) && !rising)
        }
        val steady = confirmed(turns, ends)
        val before = if (steady) turns.dropLast(confirming(turns, ends)) else turns
        return live.keys.associateWith { key ->
            val ws = windows[key].orEmpty()
            WarmupResult(
                if (steady) before.sumOf { it.seconds } else Double.NaN,
                before.sumOf { it.requests },
                ws.firstOrNull()?.throughput ?: Double.NaN,
                ws.lastOrNull()?.throughput ?: Double.NaN,
                steady,
            )
        }
    }

    /** One turn over the routes at one level: its requests, load seconds, throughput and whether it was settled (quiet, not rising). */
    private data class Turn(val level: Int, val requests: Long, val seconds: Double, val rps: Double, val settled: Boolean)

    /**
     * How many of the last turns confirm steady state: the fewest settled ones in a row with [CONFIRM_SECONDS] of load at each
     * of the [ends], else 0.
     */
    private fun confirming(turns: List<Turn>, ends: List<Int>): Int {
        val seconds = HashMap<Int, Double>()
        for ((i, t) in turns.asReversed().withIndex()) {
            if (!t.settled) return 0
            seconds.merge(t.level, t.seconds, Double::plus)
            if (ends.all { (seconds[it] ?: 0.0) >= CONFIRM_SECONDS }) return i + 1
        }
        return 0
    }

    private fun confirmed(turns: List<Turn>, ends: List<Int>) = confirming(turns, ends) > 0

    companion object {
        /** A route's share of a turn: short, so a turn over 5 routes lasts 5 s and the JVM's steady state is seen within seconds. */
        val WINDOW: Duration = Duration.ofSeconds(1)

        /** Settled load that confirms steady state: as much as a route's own warm-up confirms with ([Steadiness.CONFIRM] 2 s windows). */
        val CONFIRM_SECONDS = Steadiness.CONFIRM * SteadyWarmup.WINDOW.seconds.toDouble()
    }
}
