package pssr.bench.api

import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.project.Workloads
import pssr.bench.resultRow

/** The seed's findings beside ours, each sentence computed from the rows: the ratio, and the measured reason for it. */
class ApiReportTest {
    private fun forward(engine: String, pool: Int?, rps: Double, users: Int = 25) = resultRow(
        framework = if (engine.startsWith("webflux")) {
            "webflux"
        } else if (engine == "downstream") {
            "downstream"
        } else {
            "mvc"
        },
        model = "forward",
        engine = engine,
        users = users,
        throughput = rps,
        itemDelayMs = 100,
        driver = "jmeter",
    )
        .copy(workload = Workloads.FORWARD, config = pool?.let { "clientPool=$it" } ?: "latencyMs=100 alone")

    private fun products(engine: String, rps: Double, cpuUs: Double, cpuPct: Double = 100.0) = resultRow(
        framework = if (engine.startsWith("webflux")) "webflux" else "mvc",
        model = "products",
        engine = engine,
        users = 50,
        throughput = rps,
        serverCpuUs = cpuUs,
        cpuPct = cpuPct,
        driver = "jmeter",
    ).copy(workload = Workloads.PRODUCTS, config = "rows=1000")

    @Test
    fun `forward names the client pool as the reason and shows the downstream is not the bottleneck`() {
        val rows = listOf(
            forward("mvc", 5, 48.0),
            forward("mvc", 2, 19.0),
            forward("mvc", 25, 218.0),
            forward("webflux", 16, 150.0),
            forward("downstream", null, 750.0, users = 100),
        )
        val text = ApiReport.findings(Workloads.FORWARD, rows).joinToString("\n")
        assertTrue(text.contains("webflux 150.0 req/s vs mvc 48.0 req/s = 3.13x"), text)
        assertTrue(text.contains("mvc's client pool 5 / 100 ms = 50.0 req/s"), text)
        assertTrue(text.contains("The seed's ~4x appears with an mvc pool of 5"), text)
        assertTrue(text.contains("3.44x the fastest forward row (mvc (pool 25), 218.0 req/s), so the figures are the API's"), text)
    }

    @Test
    fun `products compares mvc with webflux and says how much CPU per request explains`() {
        // webflux used less of the cores than mvc (40% vs 70% of one): the part of the ratio CPU does not explain is waiting
        val rows =
            listOf(
                products("mvc", 400.0, 1700.0, cpuPct = 70.0),
                products("webflux", 100.0, 3400.0, cpuPct = 40.0),
                products("webflux-loop", 300.0, 2900.0),
            )
        val text = ApiReport.findings(Workloads.PRODUCTS, rows).joinToString("\n")
        assertTrue(text.contains("mvc 400.0 req/s vs webflux 100.0 req/s = 4.00x"), text)
        assertTrue(text.contains("The seed's ~4x is reproduced."), text)
        assertTrue(text.contains("CPU per request explains 2.00x of the 4.00x"), text)
        assertTrue(text.contains("the rest is time the server did not compute (it used 40% of a core against mvc's 70%)"), text)
        assertTrue(text.contains("the hop to boundedElastic is worth 3.00x throughput"), text)
    }

    @Test
    fun `products does not call it waiting when webflux used more CPU than mvc`() {
        val rows = listOf(products("mvc", 900.0, 1200.0, cpuPct = 110.0), products("webflux", 1000.0, 1500.0, cpuPct = 135.0))
        val text = ApiReport.findings(Workloads.PRODUCTS, rows).joinToString("\n")
        assertTrue(text.contains("No difference to speak of"), text)
        assertTrue(text.contains("webflux used more of the cores (135% vs 110% of one)"), text)
    }
}
