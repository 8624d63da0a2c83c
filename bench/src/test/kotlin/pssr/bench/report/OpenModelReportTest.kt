package pssr.bench.report

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.resultRow
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/** `run --rate`: the report names, per route, the highest arrival rate held with p99 under the limit. */
class OpenModelReportTest {
    @TempDir lateinit var tmp: Path

    /** An open-model row: [p99Ms] from the scheduled send time, [answered] of the rate answered correctly. */
    private fun openRow(engine: String, rate: Int, p99Ms: Double, answered: Double = 1.0) = resultRow(
        engine = engine,
        users = 0,
        throughput = rate * answered,
        latencyMs = p99Ms / 1.6,
        driver = "hyperfoil",
        floorRps = Double.NaN,
    )
        .copy(loadModel = "open", rateRps = rate.toDouble())

    @Test
    fun `the highest rate held is the highest with p99 under the limit and the rate answered`() {
        val rows = listOf(
            openRow("jstachio", 100, 20.0),
            openRow("jstachio", 200, 80.0),
            openRow("jstachio", 400, 300.0),
            openRow("htmlflow", 100, 10.0),
            openRow("htmlflow", 200, 12.0),
            openRow("htmlflow", 400, 15.0, answered = 0.7),
        )
        val (header, body) = OpenModelSection.table(rows, limit = 100.0)
        assertEquals("highest held (req/s)", header.last())
        assertEquals("200", body.single { it[0].contains("jstachio") }.last())
        assertEquals("200", body.single { it[0].contains("htmlflow") }.last(), "400 req/s answered only 70%: not held")
        assertEquals("none", OpenModelSection.table(rows, limit = 5.0).second.first().last())
    }

    @Test
    fun `an open-model run gets its own section and stays out of the closed-loop charts`() {
        val run = RunDirectory(tmp.resolve("open"))
        listOf(openRow("jstachio", 100, 20.0), openRow("jstachio", 200, 180.0)).forEach(run::append)
        val html = Files.readString(Report.write(run))
        assertTrue(html.contains("Open model: highest rate held"))
        assertTrue(html.contains("A closed loop (--users) hides such a stall"), "the report says what the closed loop hides")
        val data = RunData.load(run)
        assertTrue(data.rows.isEmpty() && data.panels.isEmpty(), "no users axis for open-model rows")
        assertEquals(2, data.openRows.size)
        assertFalse(Files.readString(run.summary).isBlank())
        assertTrue(Files.readString(run.summary).contains("## Open model: highest rate held"))
    }

    @Test
    fun `with closed-loop rows of the same route, the closed loop's p99 at about the same load stands beside`() {
        val open = listOf(openRow("jstachio", 100, 20.0), openRow("jstachio", 200, 900.0))
        val closed = listOf(
            resultRow(engine = "jstachio", users = 1, throughput = 90.0, latencyMs = 10.0),
            resultRow(engine = "jstachio", users = 4, throughput = 400.0, latencyMs = 12.0),
        )
        val (header, body) = OpenModelSection.table(open, limit = 100.0, closed = closed)
        assertEquals("closed loop at about that load: p99 ms (users, req/s)", header.last())
        assertEquals("16.0 (1, 90)", body.single().last(), "the users level nearest the 100 req/s held")
    }

    @Test
    fun `open-model rows keep their rate in the key, so resume knows each rate`() {
        val run = RunDirectory(tmp.resolve("keys"))
        run.append(openRow("jstachio", 100, 20.0))
        val row = run.rows().single()
        assertEquals("open", row.loadModel)
        assertEquals(100.0, row.rateRps)
        assertTrue(row.key.endsWith("@100rps#1"), row.key)
        assertEquals(listOf(200), run.pending(row.route, 1, listOf(100, 200), loadModel = "open"))
    }
}
