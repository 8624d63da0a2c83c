package pssr.bench.browser

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.BrowserTools
import pssr.bench.SyntheticRun
import pssr.bench.cli
import pssr.bench.process.MeasureLock
import pssr.bench.report.BrowserSection
import pssr.bench.report.Report
import pssr.bench.results.RunDirectory
import pssr.probe.browser.Chromium
import java.io.ByteArrayOutputStream
import java.io.PrintStream
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * `./pssr browser` without a real browser: its input checks, reading a Lighthouse report, its failures
 * (one line, exit 2, nothing left running; a stand-in Lighthouse on Node plays the crash), and the
 * section it adds to a run's report.
 */
class BrowserCommandTest {
    private fun run(vararg args: String): Pair<Int, String> {
        val err = ByteArrayOutputStream()
        val old = System.err
        System.setErr(PrintStream(err, true))
        try {
            return cli().execute(*args) to err.toString()
        } finally {
            System.setErr(old)
        }
    }

    @Test
    fun `bad input is one line and exit code 2`() {
        run("browser", "--pages", "stocks").let { (code, err) ->
            assertEquals(2, code)
            assertTrue(err.contains("unknown page 'stocks'; valid pages: weather, artist, presentations"), err)
        }
        run("browser", "--renderings", "naive").let { (code, err) ->
            assertEquals(2, code)
            assertTrue(err.contains("valid renderings: suspending, virtual"), err)
        }
        run("browser", "--throttling", "devtools").let { (code, err) ->
            assertEquals(2, code)
            assertTrue(err.contains("valid: simulate, provided"), err)
        }
        run("browser", "--runs", "0").let { (code, err) ->
            assertEquals(2, code)
            assertTrue(err.contains("--runs must be >= 1"), err)
        }
    }

    @Test
    fun `a missing Chromium is one line naming the package to install, exit code 2`() {
        val (code, err) = run("browser", "--chromium", "/nonexistent/chromium")
        assertEquals(2, code)
        assertEquals("pssr: no Chromium at /nonexistent/chromium; install it: ${Chromium.INSTALL_HINT}", err.trim())
    }

    @Test
    fun `a Lighthouse crash is one line, exit code 2, and leaves no server and no Chromium running`(@TempDir dir: Path) {
        BrowserTools.require(BrowserTools.node(), "Node.js is not installed; install it: apt-get install nodejs npm")
        System.setProperty("pssr.root", BrowserTools.root.toString())
        // Launches a "Chromium" (Node, idle, with the Chromium flags it was given) in its own session, so that it outlives its parent, then
        // crashes.
        val fake = dir.resolve("crashing-lighthouse.mjs")
        Files.writeString(
            fake,
            """
            import { spawn } from 'node:child_process';
            import { writeFileSync } from 'node:fs';
            const arg = (name) => process.argv.find((a) => a.startsWith(name + '='))?.slice(name.length + 1);
            const chrome = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', ...arg('--chrome-flags').split(' ')], { detached: true, stdio: 'ignore' });
            chrome.unref();
            writeFileSync(arg('--output-path') + '.chromium-pid', String(chrome.pid));
            console.error('Error: the stand-in Lighthouse crashed');
            console.error('    at crash (crashing-lighthouse.mjs:9:1)');
            process.exit(1);
            """.trimIndent(),
        )
        val out = dir.resolve("out")
        val java = Path.of(ProcessHandle.current().info().command().get()) // any executable will do: the stand-in never runs it
        val (code, err) = run(
            "browser", "--lighthouse", fake.toString(), "--chromium", java.toString(), "--pages", "weather",
            "--renderings", "suspending", "--throttling", "provided", "--runs", "1", "--no-filmstrips", "--out", out.toString(),
        )
        assertEquals(2, code, err)
        assertEquals(1, err.trim().lines().size, err)
        assertTrue(
            err.startsWith("pssr: browser: Lighthouse failed (exit 1) on http://127.0.0.1:") &&
                err.trim().endsWith("Error: the stand-in Lighthouse crashed"),
            err,
        )
        val pid = Files.readString(out.resolve("lighthouse/weather-suspending-pssr-off-provided-run1.json.chromium-pid")).trim().toLong()
        assertFalse(ProcessHandle.of(pid).map { it.isAlive }.orElse(false), "the stand-in Chromium $pid is stopped")
        assertEquals(emptyList<String>(), BrowserTools.liveChildren(), "the WebFlux server is stopped")
    }

    /** A stand-in Lighthouse (Node) that waits [waitMs], writes a complete report and logs each report it was asked for in [calls]. */
    private fun reportingLighthouse(dir: Path, calls: Path, waitMs: Long = 0): Path = dir.resolve("reporting-lighthouse.mjs").also {
        Files.writeString(
            it,
            """
            import { writeFileSync, appendFileSync } from 'node:fs';
            const arg = (name) => process.argv.find((a) => a.startsWith(name + '='))?.slice(name.length + 1);
            appendFileSync('$calls', arg('--output-path') + '\n');
            const audit = (v) => ({ numericValue: v });
            setTimeout(() => writeFileSync(arg('--output-path'), JSON.stringify({ requestedUrl: process.argv[2],
              categories: { performance: { score: 0.9 } }, audits: { 'first-contentful-paint': audit(100),
                'largest-contentful-paint': audit(200), 'speed-index': audit(150), 'server-response-time': audit(5) } })), $waitMs);
            """.trimIndent(),
        )
    }

    private val campaign =
        arrayOf("--pages", "weather", "--renderings", "suspending", "--throttling", "provided", "--runs", "2", "--no-filmstrips")
    private val anyExecutable = Path.of(ProcessHandle.current().info().command().get()).toString() // the stand-in never runs it

    @Test
    fun `--resume keeps the complete Lighthouse reports and measures only the missing and the cut ones`(@TempDir dir: Path) {
        BrowserTools.require(BrowserTools.node(), "Node.js is not installed; install it: apt-get install nodejs npm")
        System.setProperty("pssr.root", BrowserTools.root.toString())
        val calls = dir.resolve("calls.log")
        val tools = arrayOf("--lighthouse", reportingLighthouse(dir, calls).toString(), "--chromium", anyExecutable)
        val out = dir.resolve("out")
        val (first, firstErr) = run("browser", *tools, *campaign, "--out", out.toString())
        assertEquals(0, first, firstErr)
        val reports = out.resolve("lighthouse")
        assertEquals(4, Files.readAllLines(calls).size, "2 cases x 2 runs")
        // the stop: one report never written, one cut mid-write
        val missing = reports.resolve("weather-suspending-pssr-on-provided-run2.json")
        val cut = reports.resolve("weather-suspending-pssr-off-provided-run2.json")
        Files.delete(missing)
        Files.writeString(cut, Files.readString(cut).take(40))
        Files.delete(calls)

        val (changed, changedErr) = run("browser", *tools, "--resume", out.toString(), "--runs", "3")
        assertEquals(2, changed, changedErr)
        assertTrue(changedErr.contains("--resume: ") && changedErr.contains("runs (2 then, 3 now)"), changedErr)

        val (resumed, resumedErr) = run("browser", *tools, "--resume", out.toString())
        assertEquals(0, resumed, resumedErr)
        assertEquals(listOf(cut.toString(), missing.toString()).sorted(), Files.readAllLines(calls).sorted(), "only the two")
        assertEquals(4 + 1, Files.readAllLines(out.resolve("runs.csv")).size, "every run in the summary, the kept ones too")
    }

    @Test
    fun `SIGTERM half-way names browser --resume, which measures only the reports the stop left out`(@TempDir dir: Path) {
        BrowserTools.require(BrowserTools.node(), "Node.js is not installed; install it: apt-get install nodejs npm")
        System.setProperty("pssr.root", BrowserTools.root.toString())
        val calls = dir.resolve("calls.log")
        val tools = arrayOf("--lighthouse", reportingLighthouse(dir, calls, waitMs = 1500).toString(), "--chromium", anyExecutable)
        val out = dir.resolve("out")
        val java = Path.of(System.getProperty("java.home"), "bin", "java").toString()
        val log = dir.resolve("pssr.log")
        val pssr = ProcessBuilder(
            listOf(
                java, "-cp", System.getProperty("java.class.path"), "-Dpssr.root=${BrowserTools.root}",
                "-D${MeasureLock.PROPERTY}=${dir.resolve("measure.lock")}", "pssr.bench.MainKt", "browser", *tools, *campaign,
                "--out", out.toString(),
            ),
        ).redirectErrorStream(true).redirectOutput(log.toFile()).start()
        try {
            val reports = out.resolve("lighthouse")
            fun complete() = if (Files.isDirectory(reports)) {
                Files.list(reports).use { s ->
                    s.filter { it.toString().endsWith(".json") }.count()
                }
            } else {
                0
            }
            val deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos()
            while (complete() < 2) {
                check(pssr.isAlive && System.nanoTime() < deadline) { "no two reports: " + Files.readString(log).takeLast(3000) }
                Thread.sleep(100)
            }
            ProcessBuilder("kill", "-TERM", pssr.pid().toString()).start().waitFor(10, TimeUnit.SECONDS)
            assertTrue(pssr.waitFor(60, TimeUnit.SECONDS), "pssr stops on SIGTERM")
        } finally {
            pssr.descendants().forEach { it.destroyForcibly() }
            pssr.destroyForcibly()
        }
        val interrupted = Files.readString(out.resolve("interrupted.txt"))
        assertTrue(interrupted.contains("continue with: ./pssr browser --resume $out"), interrupted)
        val kept = Files.list(out.resolve("lighthouse")).use { s -> s.map { it.toString() }.filter { it.endsWith(".json") }.toList() }
        assertTrue(kept.size in 2..3, "the stop came half-way: $kept")
        Files.delete(calls)
        val (resumed, resumedErr) = run("browser", *tools, "--resume", out.toString())
        assertEquals(0, resumed, resumedErr)
        assertEquals(4 - kept.size, Files.readAllLines(calls).size, "only the missing reports: ${Files.readAllLines(calls)}")
        assertTrue(Files.readAllLines(calls).none { it in kept }, "no kept report measured again")
        assertEquals(4 + 1, Files.readAllLines(out.resolve("runs.csv")).size)
    }

    @Test
    fun `npm's reason for refusing the lock is what the user reads`() {
        val npm = """
            npm error code EUSAGE
            npm error
            npm error `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.
            npm error
            npm error Missing: third-party-web@0.30.0 from lock file
            npm error
        """.trimIndent()
        assertEquals("Missing: third-party-web@0.30.0 from lock file", Lighthouse.npmError(npm))
    }

    @Test
    fun `a run folder with browser results gets a section in its report, linking browser html`(@TempDir dir: Path) {
        SyntheticRun.write(
            dir,
            models = listOf("presentations"),
            users = listOf(1, 4),
            repetitions = 1,
            engines = listOf("baseline", "htmlflow"),
        )
        Report.write(RunDirectory(dir))
        assertFalse(Files.readString(dir.resolve("report.html")).contains("What the user sees"), "no section without browser results")

        Files.createDirectories(dir.resolve("browser"))
        Files.writeString(
            dir.resolve("browser/summary.csv"),
            """
            page,rendering,pssr,throttling,runs,score,fcp_ms,lcp_ms,speed_index_ms,ttfb_ms,files
            weather,suspending,off,provided,1,62,3210,3210,3400,3100,lighthouse/a.json
            weather,suspending,on,provided,1,100,190,260,900,12,lighthouse/b.json
            """.trimIndent() + "\n",
        )
        val report = BrowserSection.rerenderRunReport(dir.resolve("browser"))
        assertEquals(dir.resolve("report.html"), report)
        val html = Files.readString(report!!)
        assertTrue(html.contains("<a href=\"#browser\">What the user sees</a>"), "linked from the table of contents")
        assertTrue(html.contains("<h2 id=\"browser\">What the user sees"), html)
        assertTrue(
            html.contains("<td>weather</td><td>suspending</td><td>provided</td><td class=n>3.21 s</td><td class=n>0.19 s</td>"),
            "FCP off, then on",
        )
        assertTrue(html.contains("href=\"browser/browser.html\""), "links the browser report and its filmstrips")
    }

    @Test
    fun `browser results outside a run folder re-render no report`(@TempDir dir: Path) {
        assertEquals(null, BrowserSection.rerenderRunReport(dir.resolve("browser")))
        assertEquals(null, BrowserSection.rerenderRunReport(dir.resolve("browser-20250101-120000")))
    }
}
