package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.resultRow
import pssr.bench.results.Environment
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/** A claim judged under its paper's setup and the tool's, and the one-factor run that names what turns it. */
class SetupJudgeTest {
    @TempDir lateinit var tmp: Path

    private val claim = "000-5.2-webflux-blocking-4"

    /**
     * [framework]'s blocking engines at [levels] (2, 4 and 8 users), three repetitions, throughput by [rps]; [setup] as `run --setup`
     * records it.
     */
    private fun blockingRun(
        name: String,
        setup: String?,
        rps: (Int) -> Double,
        framework: String = "webflux",
        levels: List<Int> = listOf(2, 4, 8),
    ): Path {
        val run = RunDirectory(tmp.resolve(name))
        Files.createDirectories(run.dir)
        Environment.write(run.environment, mapOf("cores" to 2, "options" to mapOf("setup" to setup)))
        for (engine in listOf("jstachio", "htmlflow")) {
            for (users in levels) {
                for (rep in 1..3) {
                    run.append(resultRow(framework, "presentations", engine, "blocking", users, rep, rps(users) * (1 + 0.005 * rep)))
                }
            }
        }
        return run.dir
    }

    // below the latency floor (100 req/s per user here): a floor-bound level would be no verdict on the stacks (FloorBoundTest)
    private val scales: (Int) -> Double = { u -> 60.0 * u }
    private val stopsAt4: (Int) -> Double = { u -> 60.0 * minOf(u, 4) }

    private fun ledger(vararg folders: Path) = Ledger.judge(folders.map(JudgedFolder::read))

    @Test
    fun `the paper's setup and the tool's give their own verdicts, and the one-factor run names the dispatcher`() {
        val l = ledger(
            blockingRun("ours", null, scales),
            blockingRun("paper", "paper-000", stopsAt4),
            blockingRun("factor", "paper-000 with ours: webflux-blocking-threads", scales),
        )
        val ours = l.entries.first { it.first.id == claim }.second
        val s = l.setups.getValue(claim)
        assertEquals(Verdict.REFUTED, ours.verdict, ours.ours)
        assertEquals(Verdict.HOLDS, s.paper!!.verdict, s.paper!!.ours)
        assertTrue(s.turn.startsWith("WebFlux blocking dispatcher threads"), s.turn)
        assertTrue(s.turn.contains("holds with 4") && s.turn.contains("refuted with 256"), s.turn)
    }

    @Test
    fun `without a one-factor run the ledger says that no setting was tried`() {
        val s = ledger(blockingRun("ours", null, scales), blockingRun("paper", "paper-000", stopsAt4)).setups.getValue(claim)
        assertTrue(s.turn.startsWith("no one-factor run"), s.turn)
        assertTrue(s.turn.contains("not run: webflux-blocking-threads"), s.turn)
        assertTrue(s.turn.contains("not applied by the tool: ") && s.turn.contains("driver"), s.turn)
    }

    @Test
    fun `paper rows measured in time windows say the load profile was not applied, and no one-factor run is asked for it`() {
        val s = ledger(blockingRun("ours", null, scales), blockingRun("paper", "paper-000", stopsAt4)).setups.getValue(claim)
        assertTrue(s.turn.contains("load-profile (time windows in these rows)"), s.turn)
        assertFalse(s.turn.substringAfter("not run: ").substringBefore(";").contains("load-profile"), s.turn)
    }

    @Test
    fun `a one-factor run that does not turn it is named as tried`() {
        val s = ledger(
            blockingRun("ours", null, scales),
            blockingRun("paper", "paper-000", stopsAt4),
            blockingRun("factor", "paper-000 with ours: webflux-blocking-threads", stopsAt4),
        ).setups.getValue(claim)
        assertTrue(s.turn.startsWith("no single setting tried turns it (tried: webflux-blocking-threads)"), s.turn)
    }

    @Test
    fun `a one-factor run that missed some of the routes it acts on turns nothing and says which it missed`() {
        // rows at 4 and 8 users alone would read "scales" over the paper's 2 users: the tool's verdict, from mixed settings
        val s = ledger(
            blockingRun("ours", null, scales),
            blockingRun("paper", "paper-000", stopsAt4),
            blockingRun("factor", "paper-000 with ours: webflux-blocking-threads", scales, levels = listOf(4, 8)),
        ).setups.getValue(claim)
        assertTrue(s.turn.startsWith("no one-factor run of this setup was judged"), s.turn)
        assertTrue(
            s.turn.contains(
                "run on part of the routes it acts on: webflux-blocking-threads (not on webflux/presentations/*/blocking at 2 users)",
            ),
            s.turn,
        )
        assertFalse(s.turn.substringAfter("not run: ").substringBefore(";").contains("webflux-blocking-threads"), s.turn)
    }

    @Test
    fun `a setting that acts on none of the routes a claim read is neither tried nor missing`() {
        val s = ledger(blockingRun("ours", null, scales), blockingRun("paper", "paper-000", stopsAt4)).setups.getValue(claim)
        // the claim reads WebFlux's blocking routes: MVC's and Quarkus's pools cannot turn it
        assertFalse(s.turn.contains("mvc-blocking-threads") || s.turn.contains("quarkus-worker-threads"), s.turn)
    }

    @Test
    fun `a paper's column judged on the tool's own rows says so, one on the paper's rows does not`() {
        // paper-000's folder measured MVC only: seed 000's WebFlux claim reads the tool's WebFlux rows under both setups
        val l = ledger(blockingRun("ours", null, stopsAt4), blockingRun("paper", "paper-000", stopsAt4, "mvc"))
        val s = l.setups.getValue(claim)
        assertEquals(Verdict.HOLDS, s.paper!!.verdict)
        assertTrue(s.sameRows, s.paper!!.ours)
        val md = l.markdown(emptyList())
        assertTrue(md.contains("under paper-000: **holds** (${SetupVerdict.SAME_ROWS})"), md)
        assertTrue(l.csv().lines()[1 + l.entries.indexOfFirst { it.first.id == claim }].endsWith(",true,,"), "same rows, nothing to decide")
        val other = ledger(blockingRun("ours2", null, stopsAt4), blockingRun("paper2", "paper-000", { u -> 61.0 * minOf(u, 4) }))
            .setups.getValue(claim)
        assertEquals(Verdict.HOLDS, other.paper!!.verdict)
        assertFalse(other.sameRows)
    }

    @Test
    fun `paper-001's routes that no run of its own measured are paper-000's, not the tool's`() {
        val id = "001-5.1-mvc-blocking-128"
        val upper = listOf(32, 64, 128)
        val l = ledger(
            blockingRun("ours", null, { u -> 60.0 * u }, "mvc", upper),
            // paper-000's MVC (JMeter, JDK 21, 256 threads: the draft's settings) stops at 64 users
            blockingRun("paper", "paper-000", { u -> 60.0 * minOf(u, 64) }, "mvc", upper),
            // the draft's own phase: WebFlux's blocking routes only
            blockingRun("draft", "paper-001", { u -> 60.0 * u }, "webflux", upper),
        )
        assertEquals(Verdict.HOLDS, l.entries.first { it.first.id == id }.second.verdict)
        val s = l.setups.getValue(id)
        assertEquals(Verdict.REFUTED, s.paper!!.verdict, s.paper!!.ours)
        assertTrue(s.setup.contains("paper-000's"), s.setup)
        assertFalse(s.sameRows)
    }

    @Test
    fun `the same verdict under both setups needs no cause, and no paper folder leaves the paper's verdict unjudged`() {
        val same = ledger(blockingRun("ours", null, stopsAt4), blockingRun("paper", "paper-000", stopsAt4)).setups.getValue(claim)
        assertEquals(Verdict.HOLDS, same.paper!!.verdict)
        assertEquals("", same.turn)
        val l = ledger(blockingRun("ours2", null, scales), blockingRun("draft", "paper-001", stopsAt4))
        assertNull(l.setups.getValue(claim).paper, "seed 000's claim has no paper-000 folder")
    }

    @Test
    fun `the markdown ledger has a table per seed with both verdicts and the setting that turns it`() {
        val md = ledger(
            blockingRun("ours", null, scales),
            blockingRun("paper", "paper-000", stopsAt4),
            blockingRun("factor", "paper-000 with ours: webflux-blocking-threads", scales),
        ).markdown(emptyList())
        assertTrue(md.contains("| claim | section | paper's setup | tool's setup | the setting that turns it |"), md)
        assertTrue(
            md.lines().any {
                it.startsWith("| `$claim` |") && it.contains("| holds | refuted | WebFlux blocking dispatcher threads")
            },
            md,
        )
    }

    @Test
    fun `where the CPU is not the limit the cause line does not blame it`() {
        // 100% of one core (cpuPct default) on a 2-core machine: half the machine, not CPU-bound
        val j = ledger(blockingRun("ours", null, stopsAt4)).entries.first { it.first.id == "000-5.2-htmlflow-susp-128" }
        val refuted = ledger(blockingRun("x", null, scales)).entries.first { it.first.id == claim }.second
        assertTrue(refuted.cause.isEmpty() || refuted.cause.contains("CPU not the limit"), refuted.cause)
        assertEquals(Verdict.NOT_MEASURED, j.second.verdict)
    }
}
