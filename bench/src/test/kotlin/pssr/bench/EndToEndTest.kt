package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path

/**
 * The whole harness against the real WebFlux server: a tiny sweep (2 levels, few requests) through
 * verification, JMeter and resource sampling, read back from the CSV it wrote, and the report.
 */
class EndToEndTest {
    @Test
    fun `a tiny sweep against the real WebFlux server writes consistent results and a report with a chart per model`(@TempDir dir: Path) {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val out = dir.resolve("run")
        val code = cli().execute("run", "--quick", "--no-pin", "--frameworks", "webflux", "--engines", "baseline,jstachio",
            "--approaches", "virtual", "--users", "1,4", "--requests-per-user", "5", "--warmup", "20@4", "--out", out.toString())
        assertEquals(0, code, "run failed; server log: " + (Files.list(out.resolve("logs")).use { it.toList() }.joinToString { Files.readString(it).takeLast(2000) }))

        val run = RunDirectory(out)
        val rows = run.rows()
        assertEquals(2 * 2 * 2, rows.size, "2 models x 2 engines x 2 levels")
        for (r in rows) {
            assertEquals(r.users * 5, r.requests, r.key)
            assertEquals(0, r.errors, r.key)
            assertTrue(r.throughputRps > 0 && r.ttfbP50Ms >= 0 && r.ttfbP99Ms >= r.ttfbP50Ms, r.toCsv())
            // throughput x window = the successful requests measured: all but each user's first (its warm-up)
            val measured = r.throughputRps * r.wallSeconds
            assertTrue(measured > 0.5 && measured <= r.requests - r.users + 0.5, "throughput x window = $measured of ${r.requests}: ${r.toCsv()}")
            val items = if (r.model == "presentations") 10 else 20
            assertTrue(r.latencyP50Ms >= items * 1.0, "no page can finish before its $items items arrived: ${r.toCsv()}")
            assertTrue(r.throughputRps <= r.floorRps * 1.05, "a closed loop cannot beat users / (items x delay): ${r.toCsv()}")
        }
        assertEquals(2 * 2, run.checks().size, "every selected route verified")
        assertTrue(run.checks().all { it.passed && !it.contradicts })
        val report = Files.readString(run.report)
        for (model in listOf("presentations", "stocks")) assertTrue(report.contains(model), "report mentions $model")
        assertTrue(Regex("data:image/png;base64,").findAll(report).count() >= 2, "a chart per model")
        assertTrue(Files.readString(run.environment).contains("\"jdkVersion\""))
    }
}
