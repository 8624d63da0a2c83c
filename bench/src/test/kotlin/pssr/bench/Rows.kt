package pssr.bench

import pssr.bench.results.ResultRow

/** A results row for tests: every figure has a plausible default, a test names only what it is about. */
fun resultRow(framework: String = "webflux", model: String = "presentations", engine: String = "jstachio", approach: String = "virtual",
              users: Int = 32, repetition: Int = 1, throughput: Double = 1000.0, latencyMs: Double = 10.0, errors: Long = 0,
              driver: String = "wrk", itemDelayMs: Long = 1, floorRps: Double = users / 0.01, driverBound: Boolean = false,
              firstItemP99Ms: Double = 3.0, cpuPct: Double = 100.0, serverCpuUs: Double = 150.0, driverCpuUs: Double = 40.0,
              rssMb: Double = 300.0, runtime: String = "", pinnedPerRequest: Double = Double.NaN, pinnedTopStack: String = ""): ResultRow {
    val completed = (throughput * 10).toLong()
    return ResultRow(framework, model, engine, approach, users, repetition, driver, itemDelayMs, 10.0, completed + errors,
        0, errors, 0, 0, 0, throughput, floorRps, latencyMs, latencyMs * 0.95, latencyMs * 1.2, latencyMs * 1.6, latencyMs * 2.0,
        latencyMs * 2.5, 50, 0, 1.5, firstItemP99Ms - 0.5, 2.0, firstItemP99Ms, latencyMs, latencyMs * 1.5, serverCpuUs, driverCpuUs,
        cpuPct, cpuPct * 1.25, 12.5, rssMb, 80.0 + users, 120.0 + 2 * users, 5.0, 30.0 + users / 4, 30 + users / 4, driverBound,
        runtime, if (runtime.isEmpty()) "25.0.3+9-LTS" else "${runtime.removePrefix("jdk").substringBefore('+')}.0.1", if (pinnedPerRequest.isNaN()) -1 else (pinnedPerRequest * completed).toLong(),
        pinnedPerRequest, pinnedTopStack)
}
