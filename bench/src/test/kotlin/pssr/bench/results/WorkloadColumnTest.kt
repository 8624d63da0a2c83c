package pssr.bench.results

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.csv.CsvFile
import pssr.bench.resultRow
import java.io.StringReader
import java.nio.file.Files
import java.nio.file.Path

/** The workload axis in results.csv: written, read back, and absent from older files. */
class WorkloadColumnTest {
    @TempDir lateinit var tmp: Path

    @Test
    fun `a students row keeps its workload, config and pool timeouts`() {
        val run = RunDirectory(tmp.resolve("run"))
        val row = resultRow("mvc", "students-app", "jdbc", "platform", users = 2000)
            .copy(workload = "students", config = "tomcatMaxThreads=50 pool=10", errorsPoolTimeout = 7)
        run.append(row)
        assertEquals(listOf(row), run.rows())
    }

    @Test
    fun `a results file written before the workload column holds pages`() {
        val run = RunDirectory(tmp.resolve("old"))
        val row = resultRow(users = 8)
        // the columns before the workload axis: `workload` and every column added after it are not in such a file
        val old = ResultRow.COLUMNS.takeWhile { it != "workload" }
        assertTrue(old.size < ResultRow.COLUMNS.size && "workload" !in old && "config" !in old, "$old")
        val values = CsvFile.read(StringReader(ResultRow.HEADER + "\n" + row.toCsv() + "\n"), "a row").single()
        Files.createDirectories(run.dir)
        Files.writeString(run.results, CsvFile.header(old) + "\n" + CsvFile.line(old.map(values::getValue)) + "\n")
        assertEquals(old, Files.readAllLines(run.results).first().split(","), "the file has no workload column")
        assertEquals(listOf(row), run.rows())
        assertEquals("pages", run.rows().single().workload)
    }

    @Test
    fun `rows of one route under different settings are different routes`() {
        val a = resultRow("mvc", "students-app", "jdbc", "platform").copy(workload = "students", config = "tomcatMaxThreads=50")
        assertNotEquals(a.key, a.copy(config = "tomcatMaxThreads=200").key)
    }
}
