package pssr.bench.measure

/**
 * One JMeter profile against one server JVM, as every API workload (students, products, forward) measures it:
 * the server's CPU (its process tree) and this JVM's (JMeter's) over the profile, and the server's memory,
 * heap and threads over its window. Its row of results.csv (the same columns for every workload) is made in results (toRow).
 */
class ProfileMeasurement(val result: ProfileResult, val use: ResourceUse, val serverCpuS: Double, val selfCpuS: Double) {
    private fun perRequest(s: Double) = if (result.samples == 0L) Double.NaN else s * 1e6 / result.samples

    val serverCpuUsPerRequest: Double get() = perRequest(serverCpuS)
    val selfCpuUsPerRequest: Double get() = perRequest(selfCpuS)
    val apdex: Apdex get() = Apdex.of(result.ok, result.samples)

    companion object {
        /** Runs [profile] against the server [pid] (sampled by [sampler]) and reads its CPU before and after. */
        fun of(pid: Long, sampler: ResourceSampler, profile: () -> ProfileResult): ProfileMeasurement {
            val cpu0 = ProcessCpu.treeSeconds(pid)
            val self0 = ProcessCpu.selfSeconds()
            val r = profile()
            val cpu = ProcessCpu.treeSeconds(pid) - cpu0
            val self = ProcessCpu.selfSeconds() - self0
            return ProfileMeasurement(r, sampler.use(r.startMillis, r.endMillis), cpu, self)
        }
    }
}
