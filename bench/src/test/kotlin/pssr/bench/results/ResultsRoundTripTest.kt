
package pssr.bench.results

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.measure.Latency
import pssr.bench.resultRow
import java.nio.file.Files
import java.nio.file.Path

class ResultsRoundTripTest {
    @TempDir lateinit var tmp: Path

    @Test
    fun `rows and checks come back as written`() {
        val run = RunDirectory(tmp.resolve("run"))
        val row =
            resultRow(
                "webflux", "stocks", "htmlflow", "suspending", 32, 2, throughput = 3012.25, latencyMs = 10.5, errors = 5,
                driverBound = true,
            )
        val zeroDelay = row.copy(users = 64, itemDelayMs = 0, floorRps = Double.NaN, driverBound = false)
        run.append(row)
        run.append(zeroDelay)
        assertEquals(listOf(row, zeroDelay), run.rows())
        assertEquals(5.0 / row.requests, run.rows()[0].errorRate, 1e-12)

        val check = RouteCheck(
            "mvc", "presentations", "trimou", "virtual", "/presentations/trimou/virtual", true, "buffered", true,
            1003.5, 1003.5, 1004.0, 1, 3600, "1004.0:3600", "a reason, with \"quotes\" and commas",
        )
        run.append(check)
        assertEquals(listOf(check), run.checks())
        assertTrue(run.checks()[0].contradicts)
    }

    @Test
    fun `rows are read by column name, so a file with its columns in another order reads the same`() {
        val run = RunDirectory(tmp.resolve("reordered"))
        val row = resultRow(users = 16, throughput = 1234.5)
        val header = ResultRow.COLUMNS
        val values = row.toCsv().split(",")
        val order = header.indices.reversed()
        Files.createDirectories(run.dir)
        Files.writeString(
            run.results,
            order.joinToString(",") { header[it] } + "\n" + order.joinToString(",") { values[it] } + "\n",
        )
        assertEquals(listOf(row), run.rows())
    }

    @Test
    fun `a level's latency histogram comes back with the same percentiles`() {
        val run = RunDirectory(tmp.resolve("hist"))
        val h = Latency.histogram().apply { for (v in 1000L..20000L step 7) recordValue(v) }
        run.append("webflux/presentations/jstachio/virtual@32#1", h)
        val back = run.histograms().getValue("webflux/presentations/jstachio/virtual@32#1")
        assertEquals(h.totalCount, back.totalCount)
        assertEquals(h.getValueAtPercentile(99.9), back.getValueAtPercentile(99.9))
    }
}
