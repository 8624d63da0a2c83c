package pssr.bench.students

import java.nio.file.Files
import java.nio.file.Path
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.db.StudentDatabase
import pssr.bench.report.Report
import pssr.bench.report.Table
import pssr.bench.results.RunDirectory
import pssr.bench.run.ServerLaunch

/** The students workload end to end: real PostgreSQL, real server JVMs, JMeter over real HTTP. */
class StudentsRunTest {
    @TempDir lateinit var tmp: Path

    private fun options(vararg variants: String) = StudentsOptions().apply {
        this.variants = variants.toList(); rampUpSeconds = 2; loops = 4; poolTimeoutMs = 1000; responseTimeoutSeconds = 10; ioDelayMs = 100
    }

    @Test
    fun `a level during which the database dies counts the errors by kind and the run goes on`() {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val run = RunDirectory(tmp.resolve("run"))
        var level = 0
        StudentDatabase.embedded(tmp.resolve("pg")).use { db ->
            val failures = StudentsRun(run, options("mvc-virtual"), listOf(20, 30), ServerLaunch(heapMax = "512m")) { d ->
                // first level: the database is killed (SIGKILL) a second into the load
                if (level++ == 0) Thread.ofPlatform().daemon().start { Thread.sleep(1000); d.kill() }
            }.execute(db)
            // the level it died in is measured; the next one is tried, finds no database and is recorded as failed
            assertEquals(1, failures)
        }
        val first = run.rows().single()
        assertEquals(20, first.users)
        assertEquals(80, first.requests, "every request of the level was made: $first")
        assertTrue(first.requests - first.errors > 0, "requests before the kill succeeded: $first")
        assertTrue(first.errorsStatus > 0, "errors after the kill are counted as 5xx: $first")
        assertEquals(first.errors, first.errorsStatus + first.errorsConnect + first.errorsRead + first.errorsTimeout + first.errorsContent)
        val failed = run.failures().single()
        assertTrue(failed.reason.contains("30 users") && failed.reason.contains("500"), failed.reason)
    }

    @Test
    fun `a run writes students rows and a report section with the paper's Table 1 beside ours`() {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val run = RunDirectory(tmp.resolve("run"))
        StudentDatabase.embedded(tmp.resolve("pg")).use { db ->
            StudentsRun(run, options("mvc-platform", "webflux-r2dbc"), listOf(20), ServerLaunch(heapMax = "512m")).execute(db)
        }
        val rows = run.rows()
        assertEquals(listOf("mvc", "webflux"), rows.map { it.framework })
        assertTrue(rows.all { it.errors == 0L && it.requests == 80L }, rows.toString())
        assertTrue(rows.all { it.latencyMeanMs >= 100 }, "the 100 ms of I/O is in every request: $rows")
        val html = Files.readString(Report.write(run))
        assertTrue(html.contains("Table 1 in the paper's layout") && html.contains("81.22%") && html.contains("ours: webflux-r2dbc"), "report section")
    }
}
