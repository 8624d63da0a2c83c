package pssr.bench.measure

import pssr.bench.results.ResultRow

/**
 * One JMeter profile against one server JVM, as every API workload (students, products, forward) measures it:
 * the server's CPU (its process tree) and this JVM's (JMeter's) over the profile, and the server's memory,
 * heap and threads over its window. [toRow] makes the row of results.csv, the same columns for every workload.
 */
class ProfileMeasurement(val result: ProfileResult, val use: ResourceUse, val serverCpuS: Double, val selfCpuS: Double) {
    private fun perRequest(s: Double) = if (result.samples == 0L) Double.NaN else s * 1e6 / result.samples

    val serverCpuUsPerRequest: Double get() = perRequest(serverCpuS)
    val apdex: Apdex get() = Apdex.of(result.ok, result.samples)

    /** The row: names as results.csv has them (framework, model, engine, approach), the profile's [floorRps], and [config]. */
    fun toRow(framework: String, model: String, engine: String, approach: String, users: Int, itemDelayMs: Long, floorRps: Double,
              workload: String, config: String, apdex: Apdex = this.apdex): ResultRow {
        val r = result; val e = r.errors; val lat = LatencySummary.of(r.latency)
        val p95 = if (r.latency.totalCount == 0L) Double.NaN else r.latency.getValueAtPercentile(95.0) / 1000.0
        return ResultRow(framework, model, engine, approach, users, 1, "jmeter", itemDelayMs, r.seconds, r.samples,
            e.http5xx + e.otherStatus, e.wrongBody, e.connectRefused + e.connectTimeout, e.reset, e.readTimeout,
            r.correct / r.seconds, floorRps, r.meanMs, lat.p50, lat.p90, lat.p99, lat.p999, lat.max,
            0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            perRequest(serverCpuS), perRequest(selfCpuS), use.cpuPctMean, use.cpuPctPeak, selfCpuS / r.seconds * 100,
            use.rssMbPeak, use.heapMbMean, use.heapMbPeak, use.gcMs, use.threadsMean, use.threadsPeak, false,
            workload = workload, config = config, errorsPoolTimeout = e.poolTimeout, errorsConnectTimeout = e.connectTimeout,
            errorsDownstreamError = e.downstreamError, errorsDownstreamDown = e.downstreamDown, errorsDownstreamTimeout = e.downstreamTimeout,
            latencyP95Ms = p95, apdex = apdex.score, apdexTMs = apdex.tMs, apdexFMs = apdex.fMs)
    }

    companion object {
        /** Runs [profile] against the server [pid] (sampled by [sampler]) and reads its CPU before and after. */
        fun of(pid: Long, sampler: ResourceSampler, profile: () -> ProfileResult): ProfileMeasurement {
            val cpu0 = ProcessCpu.treeSeconds(pid); val self0 = ProcessCpu.selfSeconds()
            val r = profile()
            val cpu = ProcessCpu.treeSeconds(pid) - cpu0; val self = ProcessCpu.selfSeconds() - self0
            return ProfileMeasurement(r, sampler.use(r.startMillis, r.endMillis), cpu, self)
        }
    }
}
