
package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/**
 * The whole harness against the real WebFlux server: a tiny run (2 levels, 1 s windows) through
 * verification, wrk with its response check, the side probe and resource sampling, read back from the
 * CSV it wrote, and the report.
 */
class EndToEndTest {
    @Test
    fun `a tiny run against the real WebFlux server writes consistent results and a report with a chart per model`(@TempDir dir: Path) {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val out = dir.resolve("run")
        val code = cli().execute(
            "run", "--quick", "--no-pin", "--frameworks", "webflux", "--models", "presentations,stocks", "--engines", "baseline,jstachio",
            "--approaches", "virtual", "--users", "1,4", "--repeat", "1", "--route-warmup", "1s", "--steady-cap", "0", "--warmup", "1s",
            "--duration", "1s", "--out", out.toString(),
        )
        assertEquals(
            0,
            code,
            "run failed; server log: " +
                (Files.list(out.resolve("logs")).use { it.toList() }.joinToString { Files.readString(it).takeLast(2000) }),
        )

        val run = RunDirectory(out)
        val rows = run.rows()
        assertEquals(2 * 2 * 2, rows.size, "2 models x 2 engines x 2 levels")
        val histograms = run.histograms()
        for (r in rows) {
            assertEquals(0, r.errors, r.key)
            assertEquals("wrk", r.driver)
            assertTrue(r.throughputRps > 0 && r.requests > 0, r.toCsv())
            assertTrue(
                r.probeSamples >= 3 && r.ttfbP50Ms <= r.firstItemP50Ms && r.firstItemP50Ms <= r.lastByteP50Ms,
                "side probe: ${r.toCsv()}",
            )
            // /proc counts CPU in 10 ms ticks: wrk at one user in a 1 s window may use less than one tick, so only >= 0 is certain
            assertTrue(r.serverCpuUsPerRequest > 0 && r.driverCpuUsPerRequest >= 0, "CPU per request of both: ${r.toCsv()}")
            val items = if (r.model == "presentations") 10 else 20
            assertTrue(r.latencyP50Ms >= items * 1.0, "no page can finish before its $items items arrived: ${r.toCsv()}")
            assertTrue(r.throughputRps <= r.floorRps * 1.05, "a closed loop cannot beat users / (items x delay): ${r.toCsv()}")
            // wrk adds coordinated-omission values to its histogram (stats_correct) after a stall, so it may hold more, never fewer
            val recorded = histograms.getValue(r.key).totalCount
            assertTrue(recorded >= r.requests, "every response is in the level's histogram: $recorded of ${r.requests}")
            assertTrue(r.pinnedEvents >= 0, "pinned virtual threads recorded by JFR on a virtual-thread route: ${r.toCsv()}")
            assertEquals(
                Runtime.version().feature(),
                r.jdk.takeWhile {
                    it.isDigit()
                }.toInt(),
                "the server's exact runtime version: ${r.jdk}",
            )
        }
        assertEquals(2 * 2, run.checks().size, "every selected route verified")
        assertTrue(run.checks().all { it.passed && !it.contradicts })
        val report = Files.readString(run.report)
        for (model in listOf("presentations", "stocks")) assertTrue(report.contains(model), "report mentions $model")
        for (model in listOf("presentations", "stocks")) {
            assertTrue(report.contains("<div class=chart id=\"webflux-$model-throughput\">"), "a chart per model")
        }
        assertTrue(report.contains("<script type=\"application/json\" id=\"pssr-data\">"), "the run's data, once, for the charts")
        val env = Files.readString(run.environment)
        val wrk4 = env.contains("wrk debian/4") || env.contains("wrk 4")
        assertTrue(env.contains("\"jdkVersion\"") && env.contains("\"driver\": \"wrk\"") && wrk4, env)
    }

    @Test
    fun `each --jvm runtime runs its own server JVM with its flags, and its rows carry its label`(@TempDir dir: Path) {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val out = dir.resolve("run")
        val code = cli().execute(
            "run", "--no-pin", "--frameworks", "webflux", "--models", "presentations", "--engines", "jstachio", "--approaches", "virtual",
            "--jvm", "serial=-XX:+UseSerialGC -Xlog:gc", "--jvm", "g1=-XX:+UseG1GC -Xlog:gc",
            "--users", "4", "--repeat", "1", "--route-warmup", "1s", "--steady-cap", "0", "--warmup", "1s", "--duration", "1s", "--out",
            out.toString(),
        )
        assertEquals(0, code, "run failed")
        val rows = RunDirectory(out).rows()
        assertEquals(listOf("g1", "serial"), rows.map { it.runtime }.sorted(), "one row per runtime")
        assertTrue(rows.all { it.errors == 0L && it.requests > 0 }, rows.joinToString("\n") { it.toCsv() })
        // -Xlog:gc makes each server say which collector it runs: the flags reached that runtime's JVM and no other
        val logs = Files.list(out.resolve("logs")).use { it.toList() }.filter { it.fileName.toString().startsWith("webflux-") }.associate {
            it.fileName.toString() to
                Files.readString(it)
        }
        assertTrue(
            logs.any { (name, text) ->
                "serial" in name && "Using Serial" in text && "Using G1" !in text
            },
            "the serial runtime's log: ${logs.keys}",
        )
        assertTrue(
            logs.any { (name, text) ->
                "g1" in name && "Using G1" in text && "Using Serial" !in text
            },
            "the g1 runtime's log: ${logs.keys}",
        )
    }
}
