package pssr.bench.measure

import java.time.Duration

/**
 * What a route's warm-up found: [seconds] and [requests] of load until the JVM was first seen at steady state (NaN and
 * the whole warm-up's requests when it never was, [steady] false), and the throughput of its first window against the
 * last one ([firstRps], [steadyRps]): how much slower a fresh JVM serves this route.
 */
data class WarmupResult(val seconds: Double, val requests: Long, val firstRps: Double, val steadyRps: Double, val steady: Boolean) {
    companion object {
        /** No warm-up measured (none asked for, or an older results file). */
        val NONE = WarmupResult(Double.NaN, 0, Double.NaN, Double.NaN, false)
    }
}

/**
 * A route's warm-up that lasts until the JVM is at steady state ([Steadiness]): load in short [window]s at one level,
 * reading the server's CPU and its JIT compiler threads' CPU over each, until [Steadiness.CONFIRM] quiet windows in a row
 * in which throughput stopped rising, at least [minimum] (the fixed `--route-warmup`) and at most [cap] of load. With
 * [cap] no longer than [minimum], it is the fixed warm-up, one window, as before.
 *
 * A server that is not a HotSpot JVM, or one whose PID is unknown, has no JIT to read: throughput alone decides.
 */
class SteadyWarmup(private val driver: LoadDriver, val minimum: Duration, val cap: Duration, private val window: Duration = WINDOW) {
    val adaptive: Boolean get() = cap > minimum

    fun run(target: LoadTarget, level: Int, pid: Long?): WarmupResult {
        if (!adaptive) {
            if (minimum.isZero) return WarmupResult.NONE
            val r = driver.run(target, level, minimum)
            return WarmupResult(Double.NaN, r.completed, r.throughput, r.throughput, false)
        }
        // each window and whether it was settled: quiet, and not rising from the window before (the first has none to rise from)
        val windows = ArrayList<Pair<DriverResult, Boolean>>()
        var elapsed = 0.0
        while (elapsed < cap.seconds && !confirmed(windows)) {
            val cpuWindow = CpuWindow.start(pid)
            val r = driver.run(target, level, window)
            val (cpu, jit) = cpuWindow.end()
            val previous = windows.lastOrNull()?.first?.throughput
            val rising = previous != null && r.throughput > previous * (1 + Steadiness.RISE)
            windows += r to (Steadiness.quiet(jit, cpu, r.windowSeconds) && !rising)
            elapsed += r.windowSeconds
        }
        // the rest of the minimum as one window: the fixed warm-up is never shortened
        val rest = minimum.toMillis() - (elapsed * 1000).toLong()
        val restRequests = if (rest >= 1000) driver.run(target, level, Duration.ofMillis(rest)).completed else 0L
        val first = windows.first().first.throughput
        val last = windows.last().first.throughput
        if (!confirmed(windows)) return WarmupResult(Double.NaN, windows.sumOf { it.first.completed } + restRequests, first, last, false)
        // steady from the first of the confirming windows: the load before it is the time to steady state
        val before = windows.dropLast(Steadiness.CONFIRM)
        return WarmupResult(before.sumOf { it.first.windowSeconds }, before.sumOf { it.first.completed }, first, last, true)
    }

    private fun confirmed(windows: List<Pair<DriverResult, Boolean>>) =
        windows.size >= Steadiness.CONFIRM && windows.takeLast(Steadiness.CONFIRM).all { it.second }

    companion object {
        /** Short enough to see the JIT finish within a few seconds, long enough that the driver's start (~0.1 s) is small beside it. */
        val WINDOW: Duration = Duration.ofSeconds(2)
    }
}
