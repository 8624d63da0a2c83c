
package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.BrowserTools
import pssr.bench.browser.Lighthouse
import pssr.bench.cli
import pssr.bench.load.StreamingPageServer
import pssr.bench.process.MeasureLock
import pssr.bench.process.Stopping
import pssr.probe.Jackson
import pssr.probe.browser.Chromium
import java.io.ByteArrayOutputStream
import java.io.PrintStream
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * "Nothing outlives the tool, two runs never measure each other": pssr's CLI in a JVM of its own, on one
 * route of the real WebFlux server with wrk, killed with SIGKILL (no shutdown hook runs) or stopped with SIGTERM in
 * the middle of a level; a second run beside a first. Every wait is bounded.
 */
class LifecycleTest {
    private val root = Path.of("..").toAbsolutePath().normalize()
    private val java = Path.of(System.getProperty("java.home"), "bin", "java").toString()

    /** A small pages run whose measured window (60 s) is long enough to be killed in. */
    private fun startPssr(dir: Path, vararg extra: String): Pair<Process, Path> {
        // the server's port file and wrk's script live here: their command lines name it
        val tmpdir = Files.createDirectories(dir.resolve("tmp"))
        val log = dir.resolve("pssr.log")
        val p = ProcessBuilder(
            listOf(
                java, "-cp", System.getProperty("java.class.path"), "-Djava.io.tmpdir=$tmpdir", "-Dpssr.root=$root",
                "-D${MeasureLock.PROPERTY}=${dir.resolve("measure.lock")}",
                "pssr.bench.MainKt", "run", "--no-pin", "--frameworks", "webflux",
                "--models", "presentations", "--engines", "jstachio", "--approaches", "virtual", "--users", "4,8", "--repeat", "1",
                "--route-warmup", "1s", "--steady-cap", "0", "--warmup", "1s", "--duration", "60s", "--out", dir.resolve("run").toString(),
            ) +
                extra,
        )
            .redirectErrorStream(true).redirectOutput(log.toFile()).start()
        return p to log
    }

    /** Waits (at most 180 s) until [pssr] has a wrk child in a measured window (60 s); returns its descendants then. */
    private fun awaitLevel(pssr: Process, log: Path): List<ProcessHandle> {
        val deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos()
        while (true) {
            val children = pssr.descendants().toList()
            if (children.any { isWrk(it) && it.info().commandLine().orElse("").contains("-d60s") } &&
                children.any { it.info().command().orElse("").endsWith("java") }
            ) {
                Thread.sleep(2000)
                return pssr.descendants().toList()
            }
            check(pssr.isAlive && System.nanoTime() < deadline) { "no level reached: " + Files.readString(log).takeLast(3000) }
            Thread.sleep(200)
        }
    }

    private fun isWrk(p: ProcessHandle) = p.info().command().orElse("").endsWith("/wrk")

    /** Alive and not a zombie (an orphan's parent may be slow to reap it): from /proc, as `ps` shows it. */
    private fun running(pid: Long): Boolean {
        val stat = Path.of("/proc/$pid/stat")
        val text = runCatching { Files.readString(stat) }.getOrNull() ?: return false
        return text.substringAfterLast(')').trim().firstOrNull() != 'Z'
    }

    /** Every running process whose command line names [marker] (the test's folder), this test JVM excepted. */
    private fun naming(marker: String): List<String> = ProcessHandle.allProcesses()
        .filter { it.pid() != ProcessHandle.current().pid() && running(it.pid()) }
        .map { it.pid() to it.info().commandLine().orElse("") }.filter { marker in it.second }
        .map { "${it.first}: ${it.second.take(200)}" }.toList()

    private fun awaitGone(pids: List<Long>, marker: String, seconds: Long): Pair<List<Long>, List<String>> {
        val deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos()
        while (true) {
            val left = pids.filter(::running)
            val named = naming(marker)
            if ((left.isEmpty() && named.isEmpty()) || System.nanoTime() > deadline) return left to named
            Thread.sleep(200)
        }
    }

    private fun cleanUp(pssr: Process, children: List<ProcessHandle>) {
        children.forEach { it.destroyForcibly() }
        pssr.descendants().forEach { it.destroyForcibly() }
        pssr.destroyForcibly()
        pssr.waitFor(10, TimeUnit.SECONDS)
    }

    @Test
    fun `SIGKILL of pssr in the middle of a level leaves no server JVM and no wrk behind`(@TempDir dir: Path) {
        val (pssr, log) = startPssr(dir)
        var children = emptyList<ProcessHandle>()
        try {
            children = awaitLevel(pssr, log)
            val described = children.map { "${it.pid()}: ${it.info().commandLine().orElse("?").take(200)}" }
            assertTrue(children.size >= 2, "a server JVM and wrk run: $described")
            ProcessBuilder("kill", "-KILL", pssr.pid().toString()).start().waitFor(10, TimeUnit.SECONDS)
            assertTrue(pssr.waitFor(10, TimeUnit.SECONDS), "pssr ends on SIGKILL")
            val (left, named) = awaitGone(children.map { it.pid() }, dir.toString(), 10)
            assertEquals(emptyList<Long>(), left, "children alive 10 s after pssr was killed (of $described)")
            assertEquals(emptyList<String>(), named, "processes naming the run's folder 10 s after pssr was killed")
        } finally {
            cleanUp(pssr, children)
        }
    }

    @Test
    fun `SIGKILL of pssr during a students level leaves no PostgreSQL, server JVM or database files behind`(@TempDir dir: Path) {
        val tmpdir = Files.createDirectories(dir.resolve("tmp")) // the embedded database lives here: its processes name this path
        val log = dir.resolve("pssr.log")
        val pssr = ProcessBuilder(
            java, "-cp", System.getProperty("java.class.path"), "-Djava.io.tmpdir=$tmpdir", "-Dpssr.root=$root",
            "-D${MeasureLock.PROPERTY}=${dir.resolve("measure.lock")}", "pssr.bench.MainKt", "run", "--workloads", "students",
            "--variants", "mvc-virtual", "--users", "20", "--ramp-up", "1", "--loops", "100000", "--out", dir.resolve("run").toString(),
        )
            .redirectErrorStream(true).redirectOutput(log.toFile()).start()
        var children = emptyList<ProcessHandle>()
        try {
            val deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos()
            while (!Files.readString(log).contains("== students mvc-virtual-app")) {
                check(pssr.isAlive && System.nanoTime() < deadline) { "no level reached: " + Files.readString(log).takeLast(3000) }
                Thread.sleep(200)
            }
            Thread.sleep(8000) // the server JVM started and JMeter's load runs
            children = pssr.descendants().toList()
            val postgres = naming(tmpdir.toString())
            assertTrue(children.any { it.info().command().orElse("").endsWith("java") }, "a server JVM runs")
            assertTrue(postgres.isNotEmpty(), "PostgreSQL runs from $tmpdir")
            ProcessBuilder("kill", "-KILL", pssr.pid().toString()).start().waitFor(10, TimeUnit.SECONDS)
            assertTrue(pssr.waitFor(10, TimeUnit.SECONDS), "pssr ends on SIGKILL")
            val (left, named) = awaitGone(children.map { it.pid() }, tmpdir.toString(), 10)
            assertEquals(emptyList<Long>(), left, "children alive 10 s after pssr was killed")
            assertEquals(emptyList<String>(), named, "processes naming $tmpdir 10 s after pssr was killed (PostgreSQL was: $postgres)")
            val files = Files.list(tmpdir).use { s -> s.filter { it.fileName.toString().startsWith("pssr-postgres-") }.toList() }
            assertEquals(emptyList<Path>(), files, "the database's directory is deleted")
        } finally {
            naming(tmpdir.toString()).forEach { ProcessHandle.of(it.substringBefore(':').toLong()).ifPresent { p -> p.destroyForcibly() } }
            cleanUp(pssr, children)
        }
    }

    @Test
    fun `SIGKILL of pssr during a browser case leaves no Chromium, Lighthouse or server JVM behind`(@TempDir dir: Path) {
        System.setProperty("pssr.root", root.toString())
        val chromium = Chromium.executable()
        BrowserTools.require(
            chromium != null,
            "Chromium is not installed; install it: ${pssr.probe.browser.Chromium.INSTALL_HINT}",
        )
        BrowserTools.require(
            Lighthouse.installed(root.resolve("browser"), chromium!!, Duration.ofSeconds(60)) != null,
            "Lighthouse is not installed; install it: apt-get install nodejs npm && cd browser && npm ci",
        )
        // Chromium's profile (mktemp -t under TMPDIR), the server's port file and Lighthouse's report all name the test's folder
        val tmpdir = Files.createDirectories(dir.resolve("tmp"))
        val log = dir.resolve("pssr.log")
        val pb = ProcessBuilder(
            java, "-cp", System.getProperty("java.class.path"), "-Djava.io.tmpdir=$tmpdir", "-Dpssr.root=$root",
            "-D${MeasureLock.PROPERTY}=${dir.resolve("measure.lock")}", "pssr.bench.MainKt", "browser", "--pages", "weather",
            "--renderings", "suspending", "--throttling", "provided", "--runs", "3", "--no-filmstrips", "--out",
            dir.resolve("browser").toString(),
        )
            .redirectErrorStream(true).redirectOutput(log.toFile())
        pb.environment()["TMPDIR"] = tmpdir.toString()
        val pssr = pb.start()
        var children = emptyList<ProcessHandle>()
        try {
            val deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos()
            while (pssr.descendants().noneMatch { it.info().command().orElse("").contains("chromium") }) {
                check(pssr.isAlive && System.nanoTime() < deadline) { "no Chromium started: " + Files.readString(log).takeLast(3000) }
                Thread.sleep(200)
            }
            Thread.sleep(2000) // Chromium's renderer and GPU processes start
            children = pssr.descendants().toList()
            val described = children.map { "${it.pid()}: ${it.info().commandLine().orElse("?").take(160)}" }
            assertTrue(children.any { it.info().command().orElse("").endsWith("java") }, "a server JVM runs: $described")
            ProcessBuilder("kill", "-KILL", pssr.pid().toString()).start().waitFor(10, TimeUnit.SECONDS)
            assertTrue(pssr.waitFor(10, TimeUnit.SECONDS), "pssr ends on SIGKILL")
            val (left, named) = awaitGone(children.map { it.pid() }, dir.toString(), 10)
            assertEquals(emptyList<Long>(), left, "children alive 10 s after pssr was killed (of $described)")
            assertEquals(
                emptyList<String>(),
                named,
                "processes naming the test's folder 10 s after pssr was killed (Chromium's profile is there)",
            )
        } finally {
            naming(dir.toString()).forEach { ProcessHandle.of(it.substringBefore(':').toLong()).ifPresent { p -> p.destroyForcibly() } }
            cleanUp(pssr, children)
        }
    }

    @Test
    fun `SIGTERM in the middle of a level records no failure, starts no further level, and says where it stopped`(@TempDir dir: Path) {
        val (pssr, log) = startPssr(dir)
        var children = emptyList<ProcessHandle>()
        try {
            children = awaitLevel(pssr, log)
            ProcessBuilder("kill", "-TERM", pssr.pid().toString()).start().waitFor(10, TimeUnit.SECONDS)
            assertTrue(pssr.waitFor(60, TimeUnit.SECONDS), "pssr stops on SIGTERM")
            val run = dir.resolve("run")
            val failures = run.resolve("failures.csv")
            val output = Files.readString(log)
            fun lines(f: Path) = if (Files.exists(f)) Files.readAllLines(f) else emptyList()
            assertTrue(lines(failures).size <= 1, "no failure recorded: ${lines(failures)}\n$output")
            assertTrue(lines(run.resolve("results.csv")).size <= 1, "the cut level is no row")
            val interrupted = run.resolve(Stopping.FILE)
            assertTrue(Files.exists(interrupted), "interrupted.txt: $output")
            val text = Files.readString(interrupted)
            assertTrue(text.contains("at 4 users") && text.contains("--resume $run"), text)
            // the exact command: the folder holds the options the run was given (environment.json's args), so --resume DIR alone
            assertTrue(text.contains("continue with: ./pssr run --resume $run\n"), text)
            assertEquals(
                listOf(
                    "--no-pin", "--frameworks", "webflux", "--models", "presentations", "--engines", "jstachio", "--approaches", "virtual",
                    "--users", "4,8", "--repeat", "1", "--route-warmup", "1s", "--steady-cap", "0", "--warmup", "1s", "--duration", "60s",
                ),
                (Jackson.read(Files.readString(run.resolve("environment.json"))) as Map<*, *>)["args"],
            )
            assertFalse(output.contains("failed"), "nothing reported as failed: $output")
            val (left, named) = awaitGone(children.map { it.pid() }, dir.toString(), 10)
            assertEquals(emptyList<Long>(), left, "children alive after SIGTERM")
            assertEquals(emptyList<String>(), named, "processes naming the run's folder after SIGTERM")
        } finally {
            cleanUp(pssr, children)
        }
    }

    @Test
    fun `SIGTERM in the middle of a load level records no level as failed, and names the command that measures it again`(
        @TempDir dir: Path,
    ) {
        StreamingPageServer(itemMs = 40).use { server ->
            val log = dir.resolve("pssr.log")
            val out = dir.resolve("load")
            val url = "${server.base}/streams"
            val pssr = ProcessBuilder(
                java, "-cp", System.getProperty("java.class.path"), "-Dpssr.root=$root",
                "-D${MeasureLock.PROPERTY}=${dir.resolve("measure.lock")}", "pssr.bench.MainKt", "load", url, "--users", "1,2",
                "--warmup", "0s", "--duration", "60s", "--page-warmup", "0s", "--repeat", "1", "--out", out.toString(),
            )
                .redirectErrorStream(true).redirectOutput(log.toFile()).start()
            try {
                val deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos()
                // the measured window's wrk: 60 s, and (a page of 50 ms or more) its lead and hold around it
                val window = Regex("-d6\\ds")
                while (pssr.descendants().noneMatch { isWrk(it) && window.containsMatchIn(it.info().commandLine().orElse("")) }) {
                    check(pssr.isAlive && System.nanoTime() < deadline) { "no level reached: " + Files.readString(log).takeLast(3000) }
                    Thread.sleep(200)
                }
                Thread.sleep(2000)
                ProcessBuilder("kill", "-TERM", pssr.pid().toString()).start().waitFor(10, TimeUnit.SECONDS)
                assertTrue(pssr.waitFor(60, TimeUnit.SECONDS), "pssr stops on SIGTERM")
                val output = Files.readString(log)
                val rows = out.resolve("load.csv").let { if (Files.exists(it)) Files.readAllLines(it) else emptyList() }
                assertTrue(rows.size <= 1, "the level cut by the signal is no row: $rows")
                assertFalse(output.contains("load stopped:"), "the stop is not reported as a failed load: $output")
                val text = Files.readString(out.resolve(Stopping.FILE))
                assertTrue(text.contains("at 1 users, repetition 1"), text)
                assertTrue(
                    text.contains(
                        "load has no --resume; to measure every level, run again: ./pssr load $url --users 1,2 --warmup 0s " +
                            "--duration 60s --page-warmup 0s --repeat 1 --out $out\n",
                    ),
                    text,
                )
            } finally {
                pssr.descendants().forEach { it.destroyForcibly() }
                pssr.destroyForcibly()
                pssr.waitFor(10, TimeUnit.SECONDS)
            }
        }
    }

    @Test
    fun `SIGTERM during a reproduce phase names the reproduce's own --resume in its folder, and no further phase or judging starts`(
        @TempDir dir: Path,
    ) {
        val tmpdir = Files.createDirectories(dir.resolve("tmp"))
        val log = dir.resolve("pssr.log")
        val out = dir.resolve("reproduce")
        val pssr = ProcessBuilder(
            java, "-cp", System.getProperty("java.class.path"), "-Djava.io.tmpdir=$tmpdir", "-Dpssr.root=$root",
            "-D${MeasureLock.PROPERTY}=${dir.resolve("measure.lock")}",
            "pssr.bench.MainKt", "reproduce", "--only", "drivers-ab", "--out", out.toString(),
        )
            .redirectErrorStream(true).redirectOutput(log.toFile()).start()
        try {
            val deadline = System.nanoTime() + Duration.ofSeconds(300).toNanos()
            while (pssr.descendants().noneMatch { it.info().command().orElse("").endsWith("/ab") }) {
                check(pssr.isAlive && System.nanoTime() < deadline) { "no level reached: " + Files.readString(log).takeLast(3000) }
                Thread.sleep(100)
            }
            ProcessBuilder("kill", "-TERM", pssr.pid().toString()).start().waitFor(10, TimeUnit.SECONDS)
            assertTrue(pssr.waitFor(60, TimeUnit.SECONDS), "pssr stops on SIGTERM")
            val output = Files.readString(log)
            val text = Files.readString(out.resolve(Stopping.FILE))
            assertTrue(text.contains("during: phase 1/1 drivers-ab, "), text)
            assertTrue(text.contains("continue with: ./pssr reproduce --only drivers-ab --resume $out\n"), text)
            val phase = Files.list(out).use { s -> s.filter { Files.isDirectory(it) }.toList() }.single()
            assertEquals(text, Files.readString(phase.resolve(Stopping.FILE)), "the phase's folder says the same")
            assertFalse(
                output.contains("ended with exit code") || Files.exists(out.resolve("claims.md")),
                "no phase failed, nothing judged: $output",
            )
        } finally {
            pssr.descendants().forEach { it.destroyForcibly() }
            pssr.destroyForcibly()
            pssr.waitFor(10, TimeUnit.SECONDS)
        }
    }

    @Test
    fun `the command that continues a run is the one given, its --out replaced by --resume, quoted for a shell`() {
        assertEquals(
            "./pssr run --users 1,8 --engines jstachio --resume /r/x",
            Stopping.resumeCommand("run", listOf("--users", "1,8", "--out", "/r/x", "--engines", "jstachio"), Path.of("/r/x")),
        )
        assertEquals(
            "./pssr reproduce --budget 90m --only 'pages webflux' --resume /r/rep",
            Stopping.resumeCommand("reproduce", listOf("--budget", "90m", "--resume=/r/rep", "--only", "pages webflux"), Path.of("/r/rep")),
        )
        assertEquals("'it'\\''s'", Stopping.shellWord("it's"))
    }

    @Test
    fun `a second measurement while one runs is refused in one line naming the first, unless --allow-concurrent`(@TempDir dir: Path) {
        val (first, log) = startPssr(dir)
        val lock = dir.resolve("measure.lock")
        val before = System.getProperty(MeasureLock.PROPERTY)
        try {
            val deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos()
            while (!(Files.exists(lock) && Files.readString(lock).contains("pid ${first.pid()}"))) {
                check(first.isAlive && System.nanoTime() < deadline) { "no lock taken: " + Files.readString(log).takeLast(3000) }
                Thread.sleep(200)
            }
            System.setProperty(MeasureLock.PROPERTY, lock.toString())
            System.setProperty("pssr.root", root.toString())
            val err = ByteArrayOutputStream()
            val saved = System.err
            cli().execute("run", "--help") // this test JVM loads the CLI's classes first: the time below is the refusal's alone
            val started = System.nanoTime()
            val code = try {
                System.setErr(PrintStream(err, true))
                cli().execute(
                    "run", "--no-pin", "--frameworks", "webflux", "--models", "presentations", "--engines", "jstachio",
                    "--approaches", "virtual", "--users", "4", "--repeat", "1", "--duration", "1s",
                    "--out", dir.resolve("second").toString(),
                )
            } finally {
                System.setErr(saved)
            }
            val took = Duration.ofNanos(System.nanoTime() - started)
            val lines = err.toString().lines().filter { it.isNotBlank() }
            assertEquals(2, code, "the second run exits 2: $lines")
            assertTrue(took < Duration.ofSeconds(5), "refused within 5 s, took $took")
            assertEquals(1, lines.size, "one line: $lines")
            assertTrue(lines.single().contains("pid ${first.pid()}") && lines.single().contains("pssr run"), lines.single())
            assertFalse(Files.exists(dir.resolve("second")), "the refused run wrote nothing")

            // --allow-concurrent measures beside it, and says so
            MeasureLock.acquire("test", allowConcurrent = true)
            try {
                assertTrue(MeasureLock.beside!!.contains("pid ${first.pid()}"), MeasureLock.beside)
            } finally {
                MeasureLock.release()
            }
        } finally {
            if (before == null) System.clearProperty(MeasureLock.PROPERTY) else System.setProperty(MeasureLock.PROPERTY, before)
            cleanUp(first, emptyList())
        }
    }

    @Test
    fun `a lock whose holder is gone is taken over with a line saying so`(@TempDir dir: Path) {
        val lock = dir.resolve("measure.lock")
        Files.writeString(lock, "pid 999999999 (pssr run --quick, started 2026-01-01T00:00:00Z, by nobody)\n")
        val before = System.getProperty(MeasureLock.PROPERTY)
        val err = ByteArrayOutputStream()
        val saved = System.err
        try {
            System.setProperty(MeasureLock.PROPERTY, lock.toString())
            System.setErr(PrintStream(err, true))
            MeasureLock.acquire("pssr run --test", allowConcurrent = false)
            try {
                assertTrue(Files.readString(lock).contains("pid ${ProcessHandle.current().pid()} (pssr run --test"), Files.readString(lock))
            } finally {
                MeasureLock.release()
            }
            assertEquals("", Files.readString(lock), "an orderly release leaves the file empty")
        } finally {
            System.setErr(saved)
            if (before == null) System.clearProperty(MeasureLock.PROPERTY) else System.setProperty(MeasureLock.PROPERTY, before)
        }
        assertTrue(err.toString().contains("took over the measurement lock") && err.toString().contains("pid 999999999"), err.toString())
    }
}
