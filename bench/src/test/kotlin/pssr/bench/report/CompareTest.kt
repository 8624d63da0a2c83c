package pssr.bench.report

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.SyntheticRun
import pssr.bench.cli
import pssr.bench.resultRow
import pssr.bench.results.RunDirectory
import pssr.bench.stats.Stats
import pssr.probe.Jackson
import java.io.ByteArrayOutputStream
import java.io.PrintStream
import java.nio.file.Files
import java.nio.file.Path

class CompareTest {
    @TempDir lateinit var tmp: Path

    private val jstachio = "webflux/presentations/jstachio/virtual"

    private fun run(name: String, scale: Double, reps: Int, noise: Double, seed: Int) = SyntheticRun.write(
        tmp.resolve(name),
        models = listOf("presentations"), users = listOf(128), repetitions = reps, engines = listOf("baseline", "jstachio"),
        scale = scale, noise = noise, seed = seed, verification = false,
    )

    private fun env(run: RunDirectory, json: String) = run.also { Files.writeString(it.environment, json) }

    private fun thr(c: Compare, route: String) = c.rows.first { it.route == route }.throughput

    /** Runs the command line; returns exit code, stdout and stderr. */
    private fun pssr(vararg args: String): Triple<Int, String, String> {
        val out = ByteArrayOutputStream()
        val err = ByteArrayOutputStream()
        val oldOut = System.out
        val oldErr = System.err
        System.setOut(PrintStream(out, true))
        System.setErr(PrintStream(err, true))
        try {
            val code = cli().execute(*args)
            return Triple(code, out.toString(), err.toString())
        } finally {
            System.setOut(oldOut)
            System.setErr(oldErr)
        }
    }

    @Test
    fun `two runs on one runtime each compare route by route across their labels`() {
        fun data(dir: String, runtime: String, rps: Double) = RunDirectory(tmp.resolve(dir)).also { r ->
            r.append(resultRow(runtime = runtime, throughput = rps))
        }.let { RunData.load(it) }
        val c = Compare.of(data("jdk21", "jdk21", 1000.0), data("jdk25", "jdk25", 1500.0))
        assertEquals(1, c.rows.size, "the same route on JDK 21 and JDK 25")
        assertEquals(1.5, c.rows.single().throughput.ratio, 1e-9)
    }

    @Test
    fun `one repetition - threshold rule flags 2x and not 1 percent, and makes no test`() {
        val a = RunData.load(run("a", 1.0, 1, 0.0, 1))
        val double = Compare.of(a, RunData.load(run("b", 2.0, 1, 0.0, 2)))
        val t = thr(double, jstachio)
        assertEquals(Compare.Rule.THRESHOLD, t.rule)
        assertEquals(2.0, t.ratio, 1e-6)
        assertTrue(t.significant)
        assertNull(t.pAdjusted, "the threshold rule is not a test: no p-value")
        assertEquals(0, double.tests)
        assertTrue(double.rows.first { it.route == jstachio }.verdict.contains("faster"))

        val same = Compare.of(a, RunData.load(run("c", 1.01, 1, 0.0, 3)))
        val s = thr(same, jstachio)
        assertEquals(1.01, s.ratio, 1e-6)
        assertFalse(s.significant)
    }

    @Test
    fun `one repetition on only one side - still the threshold rule`() {
        val c = Compare.of(RunData.load(run("a", 1.0, 1, 0.0, 1)), RunData.load(run("b", 1.5, 3, 0.03, 2)))
        assertEquals(Compare.Rule.THRESHOLD, thr(c, jstachio).rule)
        assertTrue(thr(c, jstachio).significant)
    }

    @Test
    fun `repetitions - Welch rule flags 2x and not 1 percent within 3 percent noise`() {
        val a = RunData.load(run("a", 1.0, 3, 0.03, 11))
        val double = Compare.of(a, RunData.load(run("b", 2.0, 3, 0.03, 12)))
        val t = thr(double, jstachio)
        assertEquals(Compare.Rule.WELCH, t.rule)
        assertTrue(t.significant)
        assertTrue(t.pAdjusted!! < 0.05)
        val p99 = double.rows.first { it.route == jstachio }.p99
        assertTrue(p99.significant && p99.ratio < 1, "twice the throughput at the same users: half the latency")

        val same = Compare.of(a, RunData.load(run("c", 1.01, 3, 0.03, 13)))
        assertFalse(thr(same, jstachio).significant)
    }

    @Test
    fun `Holm family is every test the table makes - throughput and p99 of every row`() {
        val c = Compare.of(RunData.load(run("a", 1.0, 3, 0.03, 11)), RunData.load(run("b", 1.05, 3, 0.03, 12)))
        val changes = c.rows.flatMap { listOf(it.throughput, it.p99) }
        assertEquals(2 * c.rows.size, c.tests)
        assertEquals(Stats.holm(changes.map { it.p!! }), changes.map { it.pAdjusted!! })
        changes.forEach {
            assertTrue(it.pAdjusted!! >= it.p!!)
            assertEquals(it.pAdjusted!! < 0.05, it.significant)
        }
    }

    @Test
    fun `alpha decides significance on the adjusted p`() {
        val a = RunData.load(run("a", 1.0, 3, 0.03, 11))
        val b = RunData.load(run("b", 1.05, 3, 0.03, 12))
        val p = thr(Compare.of(a, b), jstachio).pAdjusted!!
        assertTrue(thr(Compare.of(a, b, alpha = minOf(1.0, p * 1.01)), jstachio).significant)
        assertFalse(thr(Compare.of(a, b, alpha = p), jstachio).significant, "significant only when p < alpha")
    }

    @Test
    fun `compare command prints and writes the table, and the page beside it`() {
        val a = run("base", 1.0, 1, 0.0, 1)
        val b = run("next", 2.0, 1, 0.0, 2)
        assertEquals(0, cli().execute("compare", a.dir.toString(), b.dir.toString()))
        val md = Files.readString(b.dir.resolve("compare-base.md"))
        assertTrue(md.contains("2.00× *"), md)
        assertTrue(md.contains("**thr**"))
        val page = Files.readString(b.dir.resolve("compare-base.html"))
        assertTrue(
            "<div class=chart id=\"compare-throughput\"></div>" in page && "2.00× *" in page,
            "the page beside it draws B/A and holds the table",
        )
        val out = tmp.resolve("x/out.md")
        assertEquals(0, cli().execute("compare", "--out", out.toString(), a.dir.toString(), b.dir.toString()))
        assertTrue(Files.exists(out) && Files.exists(tmp.resolve("x/out.html")))
        assertEquals(2, cli().execute("compare", a.dir.toString(), tmp.resolve("missing").toString()))
    }

    @Test
    fun `runs from different environments are refused with one line naming what differs`() {
        val a = env(run("a", 1.0, 1, 0.0, 1), """{"cores":2,"jdkVersion":"25+36","options":{"itemDelayMs":1}}""")
        val b = env(run("b", 1.0, 1, 0.0, 2), """{"cores":4,"jdkVersion":"25+36","driver":"wrk","options":{"itemDelayMs":1}}""")
        val (code, out, err) = pssr("compare", a.dir.toString(), b.dir.toString())
        assertEquals(2, code)
        assertEquals(
            "pssr: runs differ in cores (2 vs 4), driver (jmeter vs wrk); compare them anyway with --allow-different-env",
            err.trim(),
        )
        assertEquals("", out)
        assertFalse(Files.exists(b.dir.resolve("compare-a.md")))
    }

    @Test
    fun `allow-different-env compares anyway under a warning at the top`() {
        val a = env(run("a", 1.0, 1, 0.0, 1), """{"cores":2,"jdkVersion":"25+36","options":{"itemDelayMs":1}}""")
        val b = env(run("b", 1.0, 1, 0.0, 2), """{"cores":2,"jdkVersion":"21.0.8","options":{"itemDelayMs":0}}""")
        val (code, out, _) = pssr("compare", "--allow-different-env", a.dir.toString(), b.dir.toString())
        assertEquals(0, code)
        assertTrue(out.lines().first().startsWith("WARNING: runs differ in JDK (25+36 vs 21.0.8), item delay (1 ms vs 0 ms)"), out)
        val md = Files.readString(b.dir.resolve("compare-a.md"))
        assertTrue(md.lines().drop(1).first { it.isNotBlank() }.startsWith("> **WARNING:** runs differ in JDK"), md)
    }

    @Test
    fun `environment - a missing driver is jmeter, other missing keys are unknown`() {
        val old = RunEnvironment.of(Jackson.read("""{"cores":2,"jdkVersion":"25","options":{"itemDelayMs":1}}"""))
        assertEquals(RunEnvironment("2", "25", "jmeter", "1"), old)
        assertEquals(RunEnvironment("unknown", "unknown", "wrk", "unknown"), RunEnvironment.of(Jackson.read("""{"driver":"wrk"}""")))
        assertEquals(RunEnvironment.NOTHING_KNOWN, RunEnvironment.read(tmp.resolve("no-such-environment.json")))
        val check = EnvironmentCheck(old, RunEnvironment.NOTHING_KNOWN)
        assertEquals(
            listOf("cores (2 vs unknown)", "JDK (25 vs unknown)", "driver (jmeter vs unknown)", "item delay (1 ms vs unknown)"),
            check.differences,
            "known against unknown cannot be shown to match",
        )
        assertTrue(
            EnvironmentCheck(RunEnvironment.NOTHING_KNOWN, RunEnvironment.NOTHING_KNOWN).matches,
            "unknown on both sides is not checked",
        )
    }

    @Test
    fun `fail-on-regression exits 1 and names a significant drop beyond PCT`() {
        val a = run("a", 1.0, 3, 0.03, 11)
        val b = run("b", 0.5, 3, 0.03, 12)
        val (code, out, _) = pssr("compare", "--fail-on-regression", "10", a.dir.toString(), b.dir.toString())
        assertEquals(1, code)
        assertTrue(out.contains("--fail-on-regression 10%: "), out)
        assertTrue(out.contains("$jstachio @ 128 users: throughput B/A 0.52× (Welch, Holm-adjusted p = 0.005)"), out)
        assertTrue(out.contains("$jstachio @ 128 users: p99 B/A 1.94× (Welch, Holm-adjusted p < 0.001)"), out)
        assertFalse(out.contains("jstachio/blocking @"), "blocking is capped by the floor in both runs: no change, no regression")
    }

    @Test
    fun `fail-on-regression exits 0 when the significant drop is smaller than PCT`() {
        // 20% less throughput is 25% more p99 at the same users: both significant, both within 40%
        val a = run("a", 1.0, 3, 0.03, 11)
        val b = run("b", 0.8, 3, 0.03, 12)
        val (code, out, _) = pssr("compare", "--fail-on-regression", "40", a.dir.toString(), b.dir.toString())
        assertEquals(0, code, out)
        assertTrue(out.contains("slower"), out)
        assertTrue(out.contains("--fail-on-regression 40%: no significant regression beyond 40%."), out)
    }

    @Test
    fun `fail-on-regression is a percentage strictly between 0 and 100`() {
        val a = run("a", 1.0, 1, 0.0, 1)
        val b = run("b", 1.0, 1, 0.0, 2)
        for (bad in listOf("0", "100", "-5", "250")) {
            val (code, _, err) = pssr("compare", "--fail-on-regression", bad, a.dir.toString(), b.dir.toString())
            assertEquals(2, code, bad)
            assertEquals(1, err.trim().lines().size, err)
            assertTrue(err.contains("--fail-on-regression must be a percentage between 0 and 100"), err)
        }
    }

    @Test
    fun `alpha is a probability strictly between 0 and 1`() {
        val a = run("a", 1.0, 1, 0.0, 1)
        val b = run("b", 1.0, 1, 0.0, 2)
        for (bad in listOf("0", "1", "1.5")) {
            val (code, _, err) = pssr("compare", "--alpha", bad, a.dir.toString(), b.dir.toString())
            assertEquals(2, code, bad)
            assertTrue(err.contains("--alpha must be between 0 and 1"), err)
        }
    }
}
