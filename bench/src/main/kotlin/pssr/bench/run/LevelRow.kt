package pssr.bench.run

import pssr.bench.measure.LatencySummary
import pssr.bench.measure.LevelResult
import pssr.bench.measure.LoadDriver
import pssr.bench.measure.ProbeFigures
import pssr.bench.measure.WarmupResult
import pssr.bench.process.ServerRuntime
import pssr.bench.project.Framework
import pssr.bench.results.ResultRow
import pssr.servers.ListedRoute

/**
 * One measured level of [route] as a results.csv row: the driver's window, the side probe, the CPU and resources, the level's
 * regime inputs, the route's warm-up ([w]) and, on a long page, what its open streams cost. [jdk] is empty for a `--target`.
 */
internal fun levelRow(
    plan: RunPlan,
    driver: LoadDriver,
    fw: Framework,
    rt: ServerRuntime,
    jdk: String,
    route: ListedRoute,
    rep: Int,
    r: LevelResult<ProbeFigures>,
    jvm: Int,
    w: WarmupResult,
): ResultRow {
    val d = r.driver
    val lat = LatencySummary.of(d.latency)
    val open = driver.model == LoadDriver.OPEN
    // the floor is a closed loop's limit; an open model's level is its rate (rate_rps), with no users
    val floor = if (plan.itemDelayMs == 0L || open) Double.NaN else r.users / (route.model.items.size * plan.itemDelayMs / 1000.0)
    val use = r.resources
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
        threadsPeak = use.threadsPeak, driverBound = r.driverBound, runtime = rt.label, jdk = jdk,
        pinnedEvents = r.pinning.events, pinnedPerRequest = r.pinning.perRequest, pinnedTopStack = r.pinning.topStack,
        loadModel = driver.model, rateRps = if (open) r.users.toDouble() else Double.NaN, errorsEngine = d.errors.engine,
        jitCpuSeconds = r.jitCpuSeconds, warmupToSteadySeconds = w.seconds, warmupRequests = w.requests,
        warmupFirstRps = w.firstRps, warmupSteadyRps = w.steadyRps, serverJvm = jvm,
        machineCpuPct = r.machineCpuPct, coresBusy = r.coresBusy, requestsPerUser = plan.windows.requestsPerUser,
        settleSeconds = r.settleSeconds, pool = route.pool?.name.orEmpty(), poolThreads = route.pool?.threads ?: 0,
        poolFloorRps = route.pool?.let { floor * it.threads / r.users } ?: Double.NaN,
        leadSeconds = d.leadSeconds, openStreams = r.streams.streams, heapLiveMbHeld = r.streams.held.liveHeapMb,
        heapLiveMbAfter = r.streams.after.liveHeapMb, rssMbHeld = r.streams.held.rssMb, rssMbIdle = r.streams.idleRssMb,
        osThreadsHeld = r.streams.held.osThreads, osThreadsAfter = r.streams.after.osThreads,
        heapKbPerStream = r.streams.heapKbPerStream, rssKbPerStream = r.streams.rssKbPerStream,
    )
}
