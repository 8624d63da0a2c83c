package pssr.bench.results

import pssr.bench.measure.Apdex
import pssr.bench.measure.LatencySummary
import pssr.bench.measure.ProfileMeasurement

/** The row: names as results.csv has them (framework, model, engine, approach), the profile's [floorRps], and [config]. */
fun ProfileMeasurement.toRow(
    framework: String,
    model: String,
    engine: String,
    approach: String,
    users: Int,
    itemDelayMs: Long,
    floorRps: Double,
    workload: String,
    config: String,
    apdex: Apdex = this.apdex,
): ResultRow {
    val r = result
    val e = r.errors
    val lat = LatencySummary.of(r.latency)
    val p95 = if (r.latency.totalCount == 0L) Double.NaN else r.latency.getValueAtPercentile(95.0) / 1000.0
    return ResultRow(
        framework = framework, model = model, engine = engine, approach = approach, users = users, repetition = 1,
        driver = "jmeter", itemDelayMs = itemDelayMs, windowSeconds = r.seconds, requests = r.samples,
        errorsStatus = e.http5xx + e.otherStatus, errorsContent = e.wrongBody, errorsConnect = e.connectRefused + e.connectTimeout,
        errorsRead = e.reset, errorsTimeout = e.readTimeout,
        throughputRps = r.correct / r.seconds, floorRps = floorRps, latencyMeanMs = r.meanMs, latencyP50Ms = lat.p50,
        latencyP90Ms = lat.p90, latencyP99Ms = lat.p99, latencyP999Ms = lat.p999, latencyMaxMs = lat.max,
        // a profile's row holds no probe readings
        probeSamples = 0, probeFailed = 0, ttfbP50Ms = Double.NaN, ttfbP99Ms = Double.NaN, firstItemP50Ms = Double.NaN,
        firstItemP99Ms = Double.NaN, lastByteP50Ms = Double.NaN, lastByteP99Ms = Double.NaN,
        serverCpuUsPerRequest = serverCpuUsPerRequest, driverCpuUsPerRequest = selfCpuUsPerRequest, cpuPctMean = use.cpuPctMean,
        cpuPctPeak = use.cpuPctPeak, driverCpuPct = selfCpuS / r.seconds * 100, rssMbPeak = use.rssMbPeak, heapMbMean = use.heapMbMean,
        heapMbPeak = use.heapMbPeak, gcMs = use.gcMs, threadsMean = use.threadsMean, threadsPeak = use.threadsPeak, driverBound = false,
        workload = workload, config = config, errorsPoolTimeout = e.poolTimeout, errorsConnectTimeout = e.connectTimeout,
        errorsDownstreamError = e.downstreamError, errorsDownstreamDown = e.downstreamDown, errorsDownstreamTimeout = e.downstreamTimeout,
        latencyP95Ms = p95, apdex = apdex.score, apdexTMs = apdex.tMs, apdexFMs = apdex.fMs,
        batches = r.batches.count, latencyMeanSeMs = r.batches.latencyMeanSeMs, requestsRpsSe = r.batches.rpsSe,
        latencyP95SeMs = r.batches.latencyP95SeMs, latencyP99SeMs = r.batches.latencyP99SeMs,
    )
}
