package pssr.bench.students

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.db.StudentDatabase
import pssr.bench.markup.Table
import pssr.bench.process.ServerLaunch
import pssr.bench.report.Report
import pssr.bench.results.Failure
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.TimeUnit

/** The students workload end to end: real PostgreSQL, real server JVMs, JMeter over real HTTP. */
class StudentsRunTest {
    @TempDir lateinit var tmp: Path

    private fun options(vararg variants: String) = StudentsOptions().apply {
        this.variants = variants.toList()
        rampUpText = "2"
        loops = 4
        poolTimeoutMs = 1000
        responseTimeoutText = "10"
        ioDelayMs = 100
    }

    @Test
    fun `a level during which the database dies counts the errors by kind and the run goes on`() {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val run = RunDirectory(tmp.resolve("run"))
        var level = 0
        StudentDatabase.embedded(tmp.resolve("pg")).use { db ->
            val failures = StudentsRun(run, options("mvc-virtual"), listOf(20, 30), ServerLaunch(heapMax = "512m")) { d ->
                // first level: the database is killed (SIGKILL) a second into the load
                if (level++ == 0) {
                    Thread.ofPlatform().daemon().start {
                        Thread.sleep(1000)
                        d.kill()
                    }
                }
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
        assertTrue(
            html.contains("Table 1 in the paper's layout") && html.contains("81.22%") && html.contains("ours: webflux-r2dbc"),
            "report section",
        )
    }

    @Test
    fun `a resumed run measures only the levels without a row, and drops the failure of a level it now measured`() {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val run = RunDirectory(tmp.resolve("run"))
        StudentDatabase.embedded(tmp.resolve("pg")).use { db ->
            StudentsRun(run, options("mvc-virtual"), listOf(20), ServerLaunch(heapMax = "512m")).execute(db)
            val first = run.rows().single()
            // as an interrupted run would leave it: the next level failed before
            val next = ResultRow.keyOf(first.route, 30, 1)
            run.append(
                Failure(
                    first.framework,
                    first.model,
                    first.engine,
                    first.approach,
                    "load",
                    "server died (30 users)",
                    next,
                ),
            )
            assertEquals(0, StudentsRun(run, options("mvc-virtual"), listOf(20, 30), ServerLaunch(heapMax = "512m")).execute(db))
        }
        assertEquals(listOf(20, 30), run.rows().map { it.users }, "the 20-user level is not measured twice")
        assertEquals(emptyList<Failure>(), run.failures(), "the 30-user level has a row now: its old failure is gone")
    }

    @Test
    fun `Ctrl-C in the middle of a level leaves no database, server JVM or load behind`(@TempDir dir: Path) {
        val root = Path.of("..").toAbsolutePath().normalize()
        val tmpdir = Files.createDirectories(dir.resolve("tmp")) // the embedded database lives here: its processes name this path
        val log = dir.resolve("pssr.log")
        val javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString()
        val pssr = ProcessBuilder(
            javaBin, "-cp", System.getProperty("java.class.path"), "-Djava.io.tmpdir=$tmpdir", "-Dpssr.root=$root",
            "pssr.bench.MainKt", "run", "--workloads", "students", "--variants", "mvc-virtual", "--users", "20", "--ramp-up", "1",
            "--loops", "100000", "--out", dir.resolve("run").toString(),
        )
            .redirectErrorStream(true).redirectOutput(log.toFile()).start()
        fun mentioningTmp() = ProcessHandle.allProcesses().filter { p ->
            p.info().arguments().map { a -> a.any { tmpdir.toString() in it } }.orElse(false)
        }
            .filter { it.pid() != pssr.pid() }.toList()
        try {
            val deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos()
            while (!Files.readString(log).contains("== students mvc-virtual-app")) {
                check(pssr.isAlive && System.nanoTime() < deadline) { "the run did not reach its level: " + Files.readString(log) }
                Thread.sleep(200)
            }
            Thread.sleep(8000) // the server JVM started and the load is running
            val children = pssr.descendants().toList()
            assertTrue(
                children.any {
                    it.info().command().orElse("").endsWith("java")
                },
                "a server JVM runs: ${children.map { it.info().commandLine() }}",
            )
            assertTrue(mentioningTmp().isNotEmpty(), "PostgreSQL runs from $tmpdir")
            // Ctrl-C is SIGINT; a suite started in the background by a script (`cmd &`, nohup) ignores SIGINT in every
            // process it starts (POSIX shells do that), so the JVM never sees it: then SIGTERM, which runs the same hooks
            val signal = if (ignoresSigint()) "TERM" else "INT"
            ProcessBuilder("kill", "-$signal", pssr.pid().toString()).start().waitFor()
            assertTrue(pssr.waitFor(60, TimeUnit.SECONDS), "pssr stops on SIG$signal")
            Thread.sleep(500)
            assertEquals(emptyList<String>(), children.filter { it.isAlive }.map { it.info().commandLine().orElse("?") }, "children left")
            assertEquals(emptyList<String>(), mentioningTmp().map { it.info().commandLine().orElse("?") }, "database processes left")
        } finally {
            pssr.descendants().forEach { it.destroyForcibly() }
            pssr.destroyForcibly()
        }
    }

    /** Whether this JVM, and so every process it starts, ignores SIGINT (bit 2 of SigIgn in /proc/self/status). */
    private fun ignoresSigint(): Boolean = runCatching {
        val ignored = Files.readAllLines(Path.of("/proc/self/status")).first { it.startsWith("SigIgn:") }.substringAfter(":").trim()
        ignored.toLong(16) and 2L != 0L
    }.getOrDefault(false)
}
