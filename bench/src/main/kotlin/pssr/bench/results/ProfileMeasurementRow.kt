package pssr.bench.results

import pssr.bench.measure.Apdex
import pssr.bench.measure.LatencySummary
import pssr.bench.measure.ProfileMeasurement

/** The row: names as results.csv has them (framework, model, engine, approach), the profile's [floorRps], and [config]. */
fun ProfileMeasurement.toRow(framework: String, model: String, engine: String, approach: String, users: Int, itemDelayMs: Long, floorRps: Double,
          workload: String, config: String, apdex: Apdex = this.apdex): ResultRow {
    val r = result; val e = r.errors; val lat = LatencySummary.of(r.latency)
    val p95 = if (r.latency.totalCount == 0L) Double.NaN else r.latency.getValueAtPercentile(95.0) / 1000.0
    return ResultRow(framework, model, engine, approach, users, 1, "jmeter", itemDelayMs, r.seconds, r.samples,
        e.http5xx + e.otherStatus, e.wrongBody, e.connectRefused + e.connectTimeout, e.reset, e.readTimeout,
        r.correct / r.seconds, floorRps, r.meanMs, lat.p50, lat.p90, lat.p99, lat.p999, lat.max,
        0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
        serverCpuUsPerRequest, selfCpuUsPerRequest, use.cpuPctMean, use.cpuPctPeak, selfCpuS / r.seconds * 100,
        use.rssMbPeak, use.heapMbMean, use.heapMbPeak, use.gcMs, use.threadsMean, use.threadsPeak, false,
        workload = workload, config = config, errorsPoolTimeout = e.poolTimeout, errorsConnectTimeout = e.connectTimeout,
        errorsDownstreamError = e.downstreamError, errorsDownstreamDown = e.downstreamDown, errorsDownstreamTimeout = e.downstreamTimeout,
        latencyP95Ms = p95, apdex = apdex.score, apdexTMs = apdex.tMs, apdexFMs = apdex.fMs)
}
