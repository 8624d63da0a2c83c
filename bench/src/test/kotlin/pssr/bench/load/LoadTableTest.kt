package pssr.bench.load

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import pssr.bench.console.Fmt
import pssr.bench.csv.CsvFile
import pssr.bench.csv.DamagedFolder
import java.io.StringReader
import java.nio.file.Files
import java.nio.file.Path

/**
 * load.csv through its column table ([LoadRow.TABLE]): the same bytes the positional writer wrote before (its column list and
 * value list are kept here as the reference), every value read back, and a value that is not its type a named damaged file.
 */
class LoadTableTest {
    @TempDir lateinit var tmp: Path

    // the header and the values the positional writer wrote, in its order, as it was before the table
    private val before = listOf(
        "page", "url", "load_model", "level", "repetition", "driver", "window_s", "requests", "errors_status", "errors_content",
        "errors_connect", "errors_read", "errors_timeout", "throughput_rps", "latency_mean_ms", "latency_p50_ms", "latency_p90_ms",
        "latency_p99_ms", "latency_p999_ms", "latency_max_ms", "probe_samples", "probe_failed", "ttfb_p50_ms", "ttfb_p99_ms",
        "first_content_p50_ms", "first_content_p99_ms", "half_visible_p50_ms", "half_visible_p99_ms", "last_byte_p50_ms",
        "last_byte_p99_ms", "probe_streams", "probe_buffered", "probe_too_fast", "verdict", "server_cpu_us_per_req",
        "driver_cpu_us_per_req", "server_cpu_pct", "driver_cpu_pct", "driver_bound", "jit_cpu_s", "steady", "warmup_to_steady_s",
        "warmup_first_rps", "warmup_steady_rps", "floor_rps", "lead_s", "open_streams", "heap_kb_per_stream", "rss_kb_per_stream",
        "os_threads_held",
    )

    private fun LoadRow.before(): String = with(this) {
        listOf<Any>(
            page, url, loadModel, level, repetition, driver, windowS, requests, errorsStatus, errorsContent, errorsConnect,
            errorsRead, errorsTimeout, throughputRps, latencyMeanMs, latencyP50Ms, latencyP90Ms, latencyP99Ms, latencyP999Ms,
            latencyMaxMs, probeSamples, probeFailed, ttfbP50Ms, ttfbP99Ms, firstContentP50Ms, firstContentP99Ms, halfVisibleP50Ms,
            halfVisibleP99Ms, lastByteP50Ms, lastByteP99Ms, probeStreams, probeBuffered, probeTooFast, verdict, serverCpuUsPerReq,
            driverCpuUsPerReq, serverCpuPct, driverCpuPct, driverBound, jitCpuS, steady, warmupToSteadyS, warmupFirstRps,
            warmupSteadyRps, floorRps, leadS, openStreams, heapKbPerStream, rssKbPerStream, osThreadsHeld,
        ).map { if (it is Double) Fmt.fixed(it, 3, "") else it }.let(CsvFile::line)
    }

    private fun row(i: Int, nan: Boolean = false) = LoadRow(
        "page, \"A\"", "http://127.0.0.1:8080/p?a=1", if (i % 2 == 0) "closed" else "open", 8 + i, 1 + i, "wrk", 10.0 + i * 0.125,
        1000L + i, 1, 2, 3, 4, 5, 99.123, 1.5, 1.25, if (nan) Double.NaN else 3.333, 4.0, 5.0, 6.0, 30, 1, 12.346, 20.0,
        if (nan) Double.NaN else 15.0, 25.0, 17.0, 27.0, 30.0, 40.0, 20, 9, 1, "streams", 123.457, 45.6, 87.5, 33.3, i % 2 == 0,
        jitCpuS = if (nan) Double.NaN else 0.012, warmupToSteadyS = if (nan) Double.NaN else 12.5, warmupFirstRps = 500.0,
        warmupSteadyRps = if (nan) Double.NaN else 900.25,
        floorRps = if (nan) Double.NaN else 400.0, leadS = if (nan) 0.0 else 15.0, openStreams = if (nan) Double.NaN else 3999.5,
        heapKbPerStream = if (nan) Double.NaN else 18.25, rssKbPerStream = if (nan) Double.NaN else 80.5,
        osThreadsHeld = if (nan) -1 else 37,
    )

    @Test
    fun `the table writes the bytes the positional writer wrote, header and rows`() {
        assertEquals(CsvFile.header(before), LoadRow.TABLE.header)
        val rounded = row(
            3,
        ).copy(windowS = 10.0 / 3, throughputRps = 99.123456, ttfbP50Ms = 12.3456, jitCpuS = 0.0125, warmupFirstRps = 1e-9)
        for (r in listOf(row(0), row(1, nan = true), row(2, nan = true), rounded)) assertEquals(r.before(), LoadRow.TABLE.line(r))
    }

    @Test
    fun `every value reads back, an empty figure as not measured, and a file without the steady-state and stream columns too`() {
        val file = tmp.resolve("load.csv")
        val rows = listOf(row(0), row(1, nan = true))
        rows.forEach { LoadRow.append(file, it) }
        assertEquals(rows, LoadRow.read(file))
        val older = tmp.resolve("older.csv")
        val keep = before.indexOf("jit_cpu_s")
        Files.writeString(older, Files.readAllLines(file).joinToString("") { l -> CsvFile.line(fields(l).take(keep)) + "\n" })
        assertEquals(
            rows.map {
                it.copy(
                    jitCpuS = Double.NaN, warmupToSteadyS = Double.NaN, warmupFirstRps = Double.NaN, warmupSteadyRps = Double.NaN,
                    floorRps = Double.NaN, leadS = 0.0, openStreams = Double.NaN, heapKbPerStream = Double.NaN,
                    rssKbPerStream = Double.NaN, osThreadsHeld = -1,
                )
            },
            LoadRow.read(older),
        )
    }

    @Test
    fun `a value that is not a number is a damaged file naming the line and the column, not a stack trace`() {
        val file = tmp.resolve("load.csv")
        LoadRow.append(file, row(0))
        LoadRow.append(file, row(1))
        val lines = Files.readAllLines(file)
        val at = before.indexOf("latency_p99_ms")
        Files.writeString(
            file,
            lines[0] + "\n" + lines[1] + "\n" + CsvFile.line(fields(lines[2]).toMutableList().also { it[at] = "4.O" }) + "\n",
        )
        val e = assertThrows<DamagedFolder> { LoadRow.read(file) }
        assertEquals("$file line 3: column latency_p99_ms holds '4.O', not a number", e.message)
        val bool = tmp.resolve("bool.csv")
        Files.writeString(
            bool,
            lines[0] + "\n" + CsvFile.line(fields(lines[1]).toMutableList().also { it[before.indexOf("driver_bound")] = "yes" }) + "\n",
        )
        assertTrue(
            assertThrows<DamagedFolder> {
                LoadRow.read(bool)
            }.message!!.endsWith("line 2: column driver_bound holds 'yes', not true or false"),
        )
    }

    private fun fields(line: String): List<String> = CsvFile.read(
        StringReader(
            CsvFile.header(
                before.indices.map {
                    "c$it"
                },
            ) + "\n" + line + "\n",
        ),
        "line",
    ).single().values.toList()
}
