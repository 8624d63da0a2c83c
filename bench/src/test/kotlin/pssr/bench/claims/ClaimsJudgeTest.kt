package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.cli
import pssr.bench.report.Report
import pssr.bench.resultRow
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import pssr.bench.stats.RouteLevel
import java.io.ByteArrayOutputStream
import java.io.PrintStream
import java.nio.file.Files
import java.nio.file.Path

/** The claims judged from result folders written by the real writers, with synthetic rows. */
class ClaimsJudgeTest {
    @TempDir lateinit var tmp: Path

    /** A pages run: HtmlFlow virtual and reactive on WebFlux at 128 users, three repetitions each. */
    private fun pagesRun(virtual: List<Double>, reactive: List<Double>): Path {
        val run = RunDirectory(tmp.resolve("pages"))
        Files.createDirectories(run.dir)
        Files.writeString(run.environment, """{"resultsFormat": 1, "cores": 2, "options": {}}""") // run writes it before any row
        for (rep in 1..3) {
            run.append(resultRow("webflux", "presentations", "htmlflow", "virtual", 128, rep, virtual[rep - 1]))
            run.append(resultRow("webflux", "presentations", "htmlflow", "reactive", 128, rep, reactive[rep - 1]))
        }
        return run.dir
    }

    private fun verdictOf(id: String, folder: Path): Judgement =
        Ledger.judge(Evidence.load(listOf(folder))).entries.first { it.first.id == id }.second

    /**
     * HtmlFlow virtual and suspending on WebFlux at 128 users, one window per heap peak given: each in a JVM of its own, or
     * with [jvmOf] in the shared server JVMs it names (a --quick run's).
     */
    private fun heapRun(virtual: List<Double>, suspending: List<Double>, name: String = "heap", jvmOf: ((Int) -> Int)? = null): Path {
        val run = RunDirectory(tmp.resolve(name))
        Files.createDirectories(run.dir)
        val options = if (jvmOf == null) "{}" else """{"freshJvmPerRoute": false}"""
        Files.writeString(run.environment, """{"resultsFormat": 1, "cores": 2, "options": $options}""")
        virtual.indices.forEach { i ->
            val jvm = jvmOf?.invoke(i + 1) ?: 1
            run.append(
                resultRow("webflux", "presentations", "htmlflow", "virtual", 128, i + 1).copy(heapMbPeak = virtual[i], serverJvm = jvm),
            )
            run.append(
                resultRow(
                    "webflux",
                    "presentations",
                    "htmlflow",
                    "suspending",
                    128,
                    i + 1,
                ).copy(heapMbPeak = suspending[i], serverJvm = jvm),
            )
        }
        return run.dir
    }

    @Test
    fun `the memory claim reads every JVM's heap peak, so one high JVM does not decide it`() {
        // a JVM per window: the largest peak, 380 MB, is 1.27x of 300 MB; the JVMs' mean, 315 MB (95% 282-348), is about 300
        val windows = listOf(300.0, 305.0, 295.0, 310.0, 300.0, 380.0)
        val j = verdictOf("000-5.4-memory-300mb", heapRun(windows, windows))
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
        assertTrue(j.ours.contains("virtual 315 MB (95%"), j.ours)
    }

    @Test
    fun `a heap well past 300 MB in every window refutes the memory claim`() {
        val j = verdictOf("000-5.4-memory-300mb", heapRun(listOf(450.0, 460.0, 455.0), listOf(300.0, 305.0, 295.0)))
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
    }

    @Test
    fun `one shared JVM's windows do not decide the memory claim - the heap peak is the JVM's, and they climb as it runs`() {
        // run Q's first pass: one JVM serving 24 routes, its windows' peaks rising 407 to 524 MB
        val climbing = listOf(407.0, 447.0, 487.0, 512.0, 524.0, 519.0)
        val j = verdictOf("000-5.4-memory-300mb", heapRun(climbing, climbing, "climbing") { 1 })
        assertEquals(Verdict.INCONCLUSIVE, j.verdict, j.ours)
        assertTrue(j.ours.contains("over 1 JVM "), j.ours)
    }

    @Test
    fun `the memory claim reads each JVM as one sample - two JVMs near 300 MB hold, two well past it refute`() {
        // repetitions alternate over two JVMs; with two samples, Student t has one degree of freedom (12.7 at 95%)
        val nearWindows = listOf(300.0, 302.0, 301.0, 303.0)
        val near = verdictOf("000-5.4-memory-300mb", heapRun(nearWindows, nearWindows, "near") { 1 + it % 2 })
        assertEquals(Verdict.HOLDS, near.verdict, near.ours)
        assertTrue(near.ours.contains("over 2 JVMs"), near.ours)
        val pastWindows = listOf(500.0, 505.0, 502.0, 507.0)
        val past = verdictOf("000-5.4-memory-300mb", heapRun(pastWindows, pastWindows, "past") { 1 + it % 2 })
        assertEquals(Verdict.REFUTED, past.verdict, past.ours)
    }

    @Test
    fun `two JVMs that disagree leave the memory claim open with a forecast, one JVM with none`() {
        // JVM means 300 and 360 MB: Student t with one degree of freedom spans the band's edge
        val apart = listOf(300.0, 360.0, 300.0, 360.0)
        val open = verdictOf("000-5.4-memory-300mb", heapRun(apart, apart, "apart") { 1 + it % 2 })
        assertEquals(Verdict.INCONCLUSIVE, open.verdict, open.ours)
        assertTrue(open.toDecide != null, "a forecast from two JVMs")
        val one = verdictOf("000-5.4-memory-300mb", heapRun(apart, apart, "one") { 1 })
        assertEquals(null, one.toDecide, "one JVM: nothing to forecast from")
    }

    /** A shared-JVM folder of one WebFlux route at 128 users, repetitions 1..[reps], each in server JVM [jvmOf] of it. */
    private fun sharedFolder(name: String, engine: String, reps: Int, jvmOf: (Int) -> Int = { 1 }) = JudgedFolder(
        tmp.resolve(name),
        "",
        (1..reps).map { resultRow("webflux", engine = engine, users = 128, repetition = it).copy(serverJvm = jvmOf(it)) },
        emptyList(),
        emptyList(),
        sharedJvm = true,
    )

    @Test
    fun `two folders that number their repetitions alike do not split one JVM's windows into two JVMs`() {
        // pages-webflux (6 windows of one shared JVM) judged with drivers-jmeter (3 windows of another, other routes)
        val e = Evidence.of(listOf(sharedFolder("pages-webflux", "htmlflow", 6), sharedFolder("drivers-jmeter", "pebble", 3)))
        val route = Route("webflux", "presentations", "htmlflow", "virtual", 128)
        val reps = e.perRepetition(route)
        assertEquals(6, reps.size)
        assertEquals(1, e.jvmLevels(route, reps).jvms)
    }

    @Test
    fun `each route's windows are grouped by its own folder's JVMs, whatever another folder of its framework ran`() {
        // one folder ran htmlflow's 4 windows in two JVMs (--jvms 2: A B A B); another ran pebble's 4 in one
        val e = Evidence.of(listOf(sharedFolder("two-jvms", "htmlflow", 4) { 1 + (it + 1) % 2 }, sharedFolder("one-jvm", "pebble", 4)))
        val two = Route("webflux", "presentations", "htmlflow", "virtual", 128)
        val one = Route("webflux", "presentations", "pebble", "virtual", 128)
        assertEquals(2, e.jvmLevels(two, e.perRepetition(two)).jvms)
        assertEquals(1, e.jvmLevels(one, e.perRepetition(one)).jvms)
    }

    @Test
    fun `similar throughput of HtmlFlow virtual and reactive holds the seed's "similar"`() {
        val j = verdictOf("000-5.2-htmlflow-virtual-vs-reactive", pagesRun(listOf(3000.0, 3010.0, 2990.0), listOf(3020.0, 3000.0, 3010.0)))
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
        assertTrue(j.ours.contains("95%"), j.ours)
        assertTrue(j.ratio.startsWith("paper 0.98x, ours 1.00x"), j.ratio)
    }

    @Test
    fun `virtual at 0_7x of reactive refutes it, with a cause line from the same rows`() {
        val j = verdictOf("000-5.2-htmlflow-virtual-vs-reactive", pagesRun(listOf(2100.0, 2110.0, 2090.0), listOf(3020.0, 3000.0, 3010.0)))
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
        assertTrue(j.cause.contains("µs CPU per request") && j.cause.contains("driver"), j.cause)
    }

    @Test
    fun `drift common to both routes of a repetition cancels, the ratio being paired by repetition`() {
        // the machine's speed moves 2x between repetitions, both routes with it: unpaired, the intervals would be wide
        val folder = pagesRun(listOf(1000.0, 2000.0, 1500.0), listOf(1010.0, 2020.0, 1510.0))
        val j = verdictOf("000-5.2-htmlflow-virtual-vs-reactive", folder)
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
        assertTrue(j.ours.contains("paired by repetition"), j.ours)
    }

    @Test
    fun `repetitions too scattered to tell are inconclusive`() {
        val j = verdictOf("000-5.2-htmlflow-virtual-vs-reactive", pagesRun(listOf(2000.0, 3400.0, 2700.0), listOf(3020.0, 3000.0, 3010.0)))
        assertEquals(Verdict.INCONCLUSIVE, j.verdict, j.ours)
    }

    @Test
    fun `an aggregate's interval is the interval of the per-repetition aggregates, not the mean of the engines' bounds`() {
        val run = RunDirectory(tmp.resolve("aggregate"))
        Files.createDirectories(run.dir)
        // two engines that move in opposite directions each repetition: each engine scatters, their mean does not
        val a = listOf(1000.0, 1400.0, 1200.0)
        val b = listOf(1400.0, 1000.0, 1200.0)
        for (rep in 1..3) {
            run.append(resultRow("webflux", "presentations", "jstachio", "virtual", 128, rep, a[rep - 1]))
            run.append(resultRow("webflux", "presentations", "htmlflow", "virtual", 128, rep, b[rep - 1]))
        }
        val agg = Evidence.load(listOf(run.dir)).aggregate("webflux", "presentations", "virtual", 128)
        assertEquals(1200.0, agg.value, 1e-9)
        assertEquals(1200.0, agg.low, 1e-9) // every repetition's aggregate is 1,200: no spread
        assertEquals(1200.0, agg.high, 1e-9)
        assertEquals(3, agg.n)
    }

    @Test
    fun `an aggregate counts only the repetitions that measured all its engines`() {
        val run = RunDirectory(tmp.resolve("aggregate-round"))
        Files.createDirectories(run.dir)
        for (rep in 1..3) {
            run.append(resultRow("webflux", "presentations", "jstachio", "virtual", 128, rep, 1000.0))
            run.append(resultRow("webflux", "presentations", "htmlflow", "virtual", 128, rep, 1400.0))
        }
        // a round that measured one engine again: its repetitions alone would pull the aggregate towards that engine
        for (rep in 2011..2013) run.append(resultRow("webflux", "presentations", "htmlflow", "virtual", 128, rep, 1400.0))
        val agg = Evidence.load(listOf(run.dir)).aggregate("webflux", "presentations", "virtual", 128)
        assertEquals(3, agg.n)
        assertEquals(1200.0, agg.low, 1e-9)
        assertEquals(1200.0, agg.high, 1e-9)
    }

    @Test
    fun `an aggregate's engine missing at one level of a repetition is its mean scaled by that repetition's other engines`() {
        val run = RunDirectory(tmp.resolve("aggregate-unsteady"))
        Files.createDirectories(run.dir)
        val jstachio = listOf(1000.0, 1100.0, 1200.0)
        val htmlflow = listOf(2000.0, 2200.0)
        for (rep in 1..3) {
            run.append(resultRow("webflux", "presentations", "jstachio", "virtual", 128, rep, jstachio[rep - 1]))
            run.append(resultRow("webflux", "presentations", "htmlflow", "virtual", 64, rep, 1500.0))
            // repetition 3's HtmlFlow row at 128 users was left out (measured before steady state)
            if (rep < 3) run.append(resultRow("webflux", "presentations", "htmlflow", "virtual", 128, rep, htmlflow[rep - 1]))
        }
        val perRep = Evidence.load(listOf(run.dir)).perRepetition(Route("webflux", "presentations", null, "virtual", 128))
        assertEquals(setOf(1, 2, 3), perRep.keys)
        assertEquals(1500.0, perRep.getValue(1), 1e-9)
        assertEquals((1200.0 + 2100.0 * 1200.0 / 1100.0) / 2, perRep.getValue(3), 1e-9)
    }

    @Test
    fun `a claim whose rows are missing is not measured and names the command that measures them`() {
        val j = verdictOf("000-5.2-mvc-virtual-above-blocking", pagesRun(listOf(3000.0, 3000.0, 3000.0), listOf(3000.0, 3000.0, 3000.0)))
        assertEquals(Verdict.NOT_MEASURED, j.verdict)
        assertTrue(j.ours.contains("mvc/presentations"), j.ours)
        assertEquals("./pssr reproduce", j.command)
    }

    @Test
    fun `the registry holds at least 30 claims with unique ids across all five seeds`() {
        val ids = Claims.all.map { it.id }
        assertTrue(ids.size >= 30, "${ids.size} claims")
        assertEquals(ids.size, ids.toSet().size, "duplicate ids")
        assertEquals(setOf("000", "001", "002", "003", "004"), Claims.all.map { it.seed }.toSet())
    }

    @Test
    fun `pssr claims writes claims_md and claims_csv with the counts, and one line per claim in the csv`() {
        val folder = pagesRun(listOf(3000.0, 3010.0, 2990.0), listOf(3020.0, 3000.0, 3010.0))
        val out = ByteArrayOutputStream()
        val old = System.out
        val code = try {
            System.setOut(PrintStream(out))
            cli().execute("claims", folder.toString())
        } finally {
            System.setOut(old)
        }
        assertEquals(0, code, out.toString())
        assertTrue(out.toString().contains("claims judged:"), out.toString())
        val md = Files.readString(folder.resolve("claims.md"))
        assertTrue(md.contains("**HOLDS** `000-5.2-htmlflow-virtual-vs-reactive`"), md)
        assertTrue(md.contains("to measure it: `./pssr run --workloads students`"), md)
        val csv = Files.readAllLines(folder.resolve("claims.csv"))
        assertEquals(Ledger.COLUMNS.joinToString(","), csv.first())
        assertEquals(Claims.all.size + 1, csv.size)
    }

    @Test
    fun `a run's report has a section with the claims its rows judge`() {
        val folder = pagesRun(listOf(3000.0, 3010.0, 2990.0), listOf(3020.0, 3000.0, 3010.0))
        val html = Files.readString(Report.write(RunDirectory(folder)))
        assertTrue(html.contains("<h2 id=\"claims\">The seeds' claims</h2>"), "no claims section")
        assertTrue(
            html.contains("HtmlFlow on a virtual thread and HtmlFlow reactive reach similar throughput"),
            "the judged claim is listed",
        )
    }

    @Test
    fun `pssr claims on a reproduce folder judges its measured phase folders into its rejudged folder, its own ledger left`() {
        pagesRun(listOf(3000.0, 3010.0, 2990.0), listOf(3020.0, 3000.0, 3010.0))
        Files.createDirectories(tmp.resolve("pages-interrupted-empty"))
        Files.writeString(tmp.resolve(JudgedFolder.REPRODUCE_FILE), "{}")
        val code = cli().execute("claims", tmp.toString())
        assertEquals(0, code)
        val md = Files.readString(tmp.resolve(ClaimsWorkflow.REJUDGED).resolve("claims.md"))
        assertTrue(md.contains("**HOLDS** `000-5.2-htmlflow-virtual-vs-reactive`"), md)
        assertFalse(Files.exists(tmp.resolve("claims.md")), "the reproduce's own ledger is not overwritten")
    }

    @Test
    fun `a folder that is not a results folder is one line and exit code 2`() {
        val empty = Files.createDirectories(tmp.resolve("empty"))
        val err = ByteArrayOutputStream()
        val old = System.err
        val code = try {
            System.setErr(PrintStream(err))
            cli().execute("claims", empty.toString())
        } finally {
            System.setErr(old)
        }
        assertEquals(2, code)
        assertEquals(1, err.toString().trim().lines().size, err.toString())
        assertTrue(err.toString().contains("holds no results"), err.toString())
    }

    @Test
    fun `an aggregate line averages the framework's pages engines, and seed 002's Sync engines beside them do not move it`() {
        fun rows(engine: String, rps: Double) =
            (1..3).map { resultRow("webflux", engine = engine, approach = "blocking", repetition = it, throughput = rps) }
        val core = rows("htmlflow", 900.0) + rows("jstachio", 1000.0) + rows("thymeleaf", 1100.0)
        val withSync = core + rows("pebble", 100.0) + rows("velocity", 100.0)
        fun agg(rs: List<ResultRow>) =
            Evidence(RouteLevel.of(rs), emptyList(), rs, emptyList()).aggregate("webflux", "presentations", "blocking", 32)
        assertEquals(1000.0, agg(core).value, 1e-9)
        assertEquals(1000.0, agg(withSync).value, 1e-9)
        val e = Evidence(RouteLevel.of(withSync), emptyList(), withSync, emptyList())
        assertEquals(listOf("htmlflow", "jstachio", "thymeleaf"), ClaimKit.enginesOf(e, "webflux", "presentations", "blocking"))
        assertEquals(100.0, e.aggregate("webflux", "presentations", "blocking", 32, listOf("pebble", "velocity")).value, 1e-9)
    }
}
