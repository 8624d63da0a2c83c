package pssr.bench

import pssr.bench.results.ResultRow

/** A results row for tests: every figure has a plausible default, a test names only what it is about. */
fun resultRow(
    framework: String = "webflux",
    model: String = "presentations",
    engine: String = "jstachio",
    approach: String = "virtual",
    users: Int = 32,
    repetition: Int = 1,
    throughput: Double = 1000.0,
    latencyMs: Double = 10.0,
    errors: Long = 0,
    driver: String = "wrk",
    itemDelayMs: Long = 1,
    floorRps: Double = users / 0.01,
    driverBound: Boolean = false,
    firstItemP99Ms: Double = 3.0,
    cpuPct: Double = 100.0,
    serverCpuUs: Double = 150.0,
    driverCpuUs: Double = 40.0,
    rssMb: Double = 300.0,
    runtime: String = "",
    pinnedPerRequest: Double = Double.NaN,
    pinnedTopStack: String = "",
    coresBusy: Double = Double.NaN,
): ResultRow {
    val completed = (throughput * 10).toLong()
    return ResultRow(
        framework = framework, model = model, engine = engine, approach = approach, users = users, repetition = repetition,
        driver = driver, itemDelayMs = itemDelayMs, windowSeconds = 10.0, requests = completed + errors,
        errorsStatus = 0, errorsContent = errors, errorsConnect = 0, errorsRead = 0, errorsTimeout = 0,
        throughputRps = throughput, floorRps = floorRps, latencyMeanMs = latencyMs, latencyP50Ms = latencyMs * 0.95,
        latencyP90Ms = latencyMs * 1.2, latencyP99Ms = latencyMs * 1.6, latencyP999Ms = latencyMs * 2.0, latencyMaxMs = latencyMs * 2.5,
        probeSamples = 50, probeFailed = 0, ttfbP50Ms = 1.5, ttfbP99Ms = firstItemP99Ms - 0.5, firstItemP50Ms = 2.0,
        firstItemP99Ms = firstItemP99Ms, lastByteP50Ms = latencyMs, lastByteP99Ms = latencyMs * 1.5,
        serverCpuUsPerRequest = serverCpuUs, driverCpuUsPerRequest = driverCpuUs, cpuPctMean = cpuPct, cpuPctPeak = cpuPct * 1.25,
        driverCpuPct = 12.5, rssMbPeak = rssMb, heapMbMean = 80.0 + users, heapMbPeak = 120.0 + 2 * users, gcMs = 5.0,
        threadsMean = 30.0 + users / 4, threadsPeak = 30 + users / 4, driverBound = driverBound,
        runtime = runtime, jdk = if (runtime.isEmpty()) "25.0.3+9-LTS" else "${runtime.removePrefix("jdk").substringBefore('+')}.0.1",
        pinnedEvents = if (pinnedPerRequest.isNaN()) -1 else (pinnedPerRequest * completed).toLong(),
        pinnedPerRequest = pinnedPerRequest, pinnedTopStack = pinnedTopStack,
        machineCpuPct = coresBusy * 200, coresBusy = coresBusy,
    )
}
