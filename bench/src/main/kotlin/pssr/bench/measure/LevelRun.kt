package pssr.bench.measure

import java.time.Duration

/** Everything one level measured, [probe] what its side probe saw. CPU seconds are over the measured window only. */
data class LevelResult<P>(
    val users: Int,
    val driver: DriverResult,
    val serverCpuSeconds: Double,
    val probe: P,
    val resources: ResourceUse,
    val driverBound: Boolean,
    val pinning: Pinning = Pinning.NONE,
    val timeline: List<TimelinePoint> = emptyList(),
    /** The server JVM's JIT compiler threads' CPU over the measured window ([JitCpu]); NaN when not a readable HotSpot JVM. */
    val jitCpuSeconds: Double = Double.NaN,
    /** Warm-up beyond the level's fixed window while the JIT still compiled ([LevelRun]'s settle cap), seconds. */
    val settleSeconds: Double = 0.0,
    /** The whole machine's busy CPU seconds (every core) over the measured window, and that window's wall-clock length ([CpuWindow]). */
    val machineCpuSeconds: Double = Double.NaN,
    val cpuWindowSeconds: Double = Double.NaN,
    /** A long page's level: what its open streams cost the server ([OpenStreams]); [OpenStreams.NONE] otherwise. */
    val streams: OpenStreams = OpenStreams.NONE,
) {
    private val perRequest get() = driver.completed.coerceAtLeast(1)
    val serverCpuUsPerRequest: Double get() = serverCpuSeconds * 1e6 / perRequest
    val driverCpuUsPerRequest: Double get() = driver.driverCpuSeconds * 1e6 / perRequest
    val serverCpuPct: Double get() = serverCpuSeconds / driver.windowSeconds * 100
    val driverCpuPct: Double get() = driver.driverCpuSeconds / driver.windowSeconds * 100

    /**
     * The machine's busy CPU over the window, percent of one core (server, driver and anything else): over the driver's window,
     * as [serverCpuPct] and [driverCpuPct] are, so that the three subtract (the CPU window also holds the driver's start, e.g.
     * wrk opening 1,024 connections).
     */
    val machineCpuPct: Double get() = machineCpuSeconds / driver.windowSeconds * 100

    /** The JIT was quiet over the measured window ([Steadiness]), or could not be read. */
    val steady: Boolean get() = Steadiness.quiet(jitCpuSeconds, serverCpuSeconds, driver.windowSeconds)

    /** The share of the machine's online cores that were busy over the CPU window, wall clock (0..1). */
    val coresBusy: Double get() = machineCpuSeconds / cpuWindowSeconds / ProcessCpu.onlineCpus.size
}

/** The server stopped during a level: named with how it ended and where. */
class ServerDied(message: String) : RuntimeException(message)

/**
 * One level, the same for every driver: a warm-up window at the level's users (discarded), then the
 * measured window, during which the server's CPU is read from /proc at both ends, the side probe requests
 * the route on its own connection, and the resource sampler's readings of that window are kept.
 */
class LevelRun(
    private val driver: LoadDriver,
    private val windows: Windows,
    /**
     * A level's warm-up goes on while the JIT compiles in its first window, in windows of the warm-up's length, until
     * it is quiet in [Steadiness.CONFIRM] in a row,
     * for at most this much more load (zero: the fixed warm-up). A new level runs code the route's warm-up at the
     * highest level did not (a sweep's first pass measured the compiler threads at 10-70% of the server's CPU at 2-64
     * users right after a steady route warm-up at 128); a later repetition's first window is quiet and costs nothing more.
     */
    private val settleCap: Duration = Duration.ZERO,
) {

    /**
     * With [pinning] (virtual-thread routes), pinned virtual threads are recorded with JFR during the warm-up
     * window — same route, same users — so that recording a stack per event cannot slow the measured window;
     * with no warm-up window, during the measured window.
     */
    fun measure(
        server: Server,
        target: LoadTarget,
        probePath: String,
        itemMarker: String,
        users: Int,
        pinning: PinningRecorder? = null,
        pinningName: String = "level",
    ): LevelResult<ProbeFigures> = measure(
        server,
        target,
        users,
        { SideProbe(server.host, server.port, probePath, itemMarker, ProbeSchedule.of(target.pageSeconds)) },
        pinning,
        pinningName,
    )

    /**
     * The same with any side probe: [probe] is started when the measured window starts and finished when it ends. With a
     * settle cap, a measured window in which the JIT compiled although its warm-up window was quiet (a burst: here most
     * often the first level after a shared JVM's warm-up) is measured once more, and the compiling one counts as settling.
     */
    fun <P> measure(
        server: Server,
        target: LoadTarget,
        users: Int,
        probe: () -> WindowProbe<P>,
        pinning: PinningRecorder? = null,
        pinningName: String = "level",
    ): LevelResult<P> {
        val first = once(server, target, users, probe, pinning, pinningName)
        if (settleCap.isZero || first.steady) return first
        val again = once(server, target, users, probe, pinning, pinningName)
        val discarded = first.settleSeconds + windows.warmup.toMillis() / 1000.0 + first.driver.windowSeconds
        return again.copy(settleSeconds = again.settleSeconds + discarded)
    }

    private fun <P> once(
        server: Server,
        target: LoadTarget,
        users: Int,
        probe: () -> WindowProbe<P>,
        pinning: PinningRecorder?,
        pinningName: String,
    ): LevelResult<P> {
        var pinned = Pinning.NONE
        var settled = Duration.ZERO
        if (windows.warmup.toSeconds() > 0) {
            val id = pinning?.start()
            val quiet = warmupWindow(server, target, users, probe) { warm ->
                if (id != null) pinned = stopQuietly(pinning, id, "$pinningName-u$users", warm.completed)
            }
            // compiling: on until Steadiness.CONFIRM quiet windows in a row (compilation comes in bursts), or the cap
            var quietInARow = 0
            while (!quiet && quietInARow < Steadiness.CONFIRM && settled < settleCap) {
                quietInARow = if (warmupWindow(server, target, users, probe) {}) quietInARow + 1 else 0
                settled += windows.warmup
            }
        }
        checkAlive(server, users, "warm-up")
        if (target.longPage && windows.requestsPerUser == 0) Drain.await(server, target)
        val measuredId = if (pinning != null && windows.warmup.toSeconds() <= 0) pinning.start() else null
        val marks = Marks(server, probe, !target.longPage)
        val result = try {
            if (windows.requestsPerUser > 0) {
                marks.started()
                driver.runRequests(target, users, windows.requestsPerUser).also { marks.ended() }
            } else {
                driver.runWindow(
                    target,
                    users,
                    Windows.windowFor(target.pageSeconds, windows.measured),
                    Windows.leadFor(target.pageSeconds),
                    marks,
                )
            }
        } catch (e: Exception) {
            marks.side?.close()
            throw e
        }
        val cpuRead = marks.cpu!!
        val (serverCpu, jit) = cpuRead
        if (measuredId != null) pinned = stopQuietly(pinning!!, measuredId, "$pinningName-u$users", result.completed)
        val figures = marks.side!!.finish()
        checkAlive(server, users, "measured window")
        val streams = if (result.heldThroughEnd &&
            marks.held != null
        ) {
            openStreams(server, target, result, users, marks.held!!)
        } else {
            OpenStreams.NONE
        }
        val resources = server.sampler?.use(result.startMillis, result.endMillis) ?: ResourceUse.NONE
        return LevelResult(
            users, result, serverCpu, figures, resources, driverBound(result, serverCpu), pinned,
            server.sampler?.timeline(result.startMillis, result.endMillis).orEmpty(), jit, settled.toMillis() / 1000.0,
            cpuRead.machineSeconds, cpuRead.wallSeconds, streams,
        )
    }

    /**
     * The measured window's ends: the server's CPU read and the side probe started at the start; at the end the CPU read,
     * the probe told to start no more samples and, on a long page whose driver still holds the level's connections, the
     * server's memory and threads with every stream open.
     */
    private class Marks<P>(private val server: Server, private val probe: () -> WindowProbe<P>, private val shortPage: Boolean) :
        WindowMarks {
        private var window: CpuWindow? = null
        var cpu: CpuWindow.Reading? = null
        var side: WindowProbe<P>? = null
        var held: MemoryReading? = null

        override fun started() {
            window = CpuWindow.start(server.pid)
            side = probe()
        }

        override fun ended() {
            cpu = window!!.end()
            side?.stopStarting()
            if (!shortPage) held = server.sampler?.memoryNow()
        }
    }

    /** The open streams' cost: [held] against a reading once the driver has closed them and the server's work for them has ended. */
    private fun openStreams(server: Server, target: LoadTarget, r: DriverResult, users: Int, held: MemoryReading): OpenStreams {
        val sampler = server.sampler ?: return OpenStreams.NONE
        Drain.await(server, target)
        val after = sampler.memoryNow()
        val streams = OpenStreams.inFlight(r.throughput, LatencySummary.of(r.latency).mean, users)
        return OpenStreams(streams, held, after, sampler.idleRssMb)
    }

    /**
     * A level is driver-bound when the driver, not the server, is what limits it: the driver used at least
     * 90% of the cores it can use (wrk: its threads), or the machine was at least 90% busy and the driver
     * took at least a third of the CPU the two used together (without it, the server would have had
     * half as much again).
     */
    private fun driverBound(r: DriverResult, serverCpu: Double): Boolean {
        val driverCores = r.driverCpuSeconds / r.windowSeconds
        val serverCores = serverCpu / r.windowSeconds
        if (driverCores.isNaN()) return false
        if (driverCores >= 0.9 * driver.coresUsable) return true
        val busy = driverCores + (if (serverCores.isNaN()) 0.0 else serverCores)
        return busy >= 0.9 * ProcessCpu.onlineCpus.size && driverCores >= busy / 3
    }

    /**
     * One warm-up window: the measured window's twin (same users, the side probe running, so that its code paths are
     * compiled before they are measured), its figures discarded; [after] sees the driver's result before the JIT is read.
     * True when the JIT was quiet over it (or cannot be read).
     */
    private fun <P> warmupWindow(
        server: Server,
        target: LoadTarget,
        users: Int,
        probe: () -> WindowProbe<P>,
        after: (DriverResult) -> Unit,
    ): Boolean {
        val cpu = CpuWindow.start(server.pid)
        val side = probe()
        val warm = try {
            driver.run(target, users, windows.warmup)
        } finally {
            side.close()
        }
        after(warm)
        val (serverSeconds, jitSeconds) = cpu.end()
        return Steadiness.quiet(jitSeconds, serverSeconds, warm.windowSeconds)
    }

    /** A recording that cannot be read (the server died, JFR refused) leaves the level without pinning figures, never without its row. */
    private fun stopQuietly(pinning: PinningRecorder, id: Long, name: String, requests: Long): Pinning = try {
        pinning.stop(id, name, requests)
    } catch (e: Exception) {
        Pinning.NONE
    }

    companion object {
        /** How much longer than its fixed warm-up a level may warm while the JIT still compiles (runs that warm until steady). */
        val SETTLE_CAP: Duration = Duration.ofSeconds(10)
    }

    private fun checkAlive(server: Server, users: Int, phase: String) {
        val how = server.ended() ?: return
        throw ServerDied("server process ${server.pid} $how during the $users-user level ($phase)")
    }
}
