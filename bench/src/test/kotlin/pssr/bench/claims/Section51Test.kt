package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.resultRow
import pssr.bench.results.Environment
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/** Seed 000 §5.1's two cross-checks, judged from folders as reproduce writes them. */
class Section51Test {
    @TempDir lateinit var tmp: Path

    private fun folder(
        name: String,
        setup: String?,
        driver: String,
        engine: String,
        fw: String,
        approach: String,
        rps: (Int) -> Double,
    ): Path {
        val run = RunDirectory(tmp.resolve(name))
        Files.createDirectories(run.dir)
        Environment.write(run.environment, mapOf("cores" to 2, "options" to mapOf("setup" to setup)))
        for (users in listOf(32, 128)) {
            for (rep in 1..3) {
                run.append(resultRow(fw, "presentations", engine, approach, users, rep, rps(users) * (1 + 0.004 * rep), driver = driver))
            }
        }
        return run.dir
    }

    private fun judge(id: String, vararg folders: Path) = Ledger.judge(folders.map(JudgedFolder::read)).entries.first {
        it.first.id == id
    }.second

    @Test
    fun `Rocker at 512 B within 10 percent of 8 KB holds, 30 percent apart refutes`() {
        val big = folder("8k", "paper-000", "wrk", "rocker", "quarkus", "blocking") { 3000.0 }
        val same = folder("512", "paper-000 with ours: quarkus-output-buffer", "wrk", "rocker", "quarkus", "blocking") { 3010.0 }
        assertEquals(Verdict.HOLDS, judge("000-5.1-rocker-buffer", big, same).verdict)
        val slow = folder("512b", "paper-000 with ours: quarkus-output-buffer", "wrk", "rocker", "quarkus", "blocking") { 2100.0 }
        assertEquals(Verdict.REFUTED, judge("000-5.1-rocker-buffer", big, slow).verdict)
    }

    @Test
    fun `a paper setup's JMeter rows of the same route stay out of the drivers' difference`() {
        val jm = folder("jm", null, "jmeter", "pebble", "webflux", "virtual") { u -> 10.0 * u }
        val ab = folder("ab", null, "ab", "pebble", "webflux", "virtual") { u -> 10.2 * u }
        // seed 000's pages run under JMeter on the paper's settings: other figures for the same route
        val paper = folder("paper", "paper-000", "jmeter", "pebble", "webflux", "virtual") { u -> 20.0 * u }
        val j = judge("000-5.1-jmeter-vs-ab", jm, ab, paper)
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
    }

    @Test
    fun `JMeter and ab within a few percent hold, a driver-bound JMeter refutes, one driver alone is not measured`() {
        val jm = folder("jm", null, "jmeter", "pebble", "webflux", "virtual") { u -> 10.0 * u }
        val ab = folder("ab", null, "ab", "pebble", "webflux", "virtual") { u -> 10.2 * u }
        val j = judge("000-5.1-jmeter-vs-ab", jm, ab)
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
        val abFast = folder("ab2", null, "ab", "pebble", "webflux", "virtual") { u -> 15.0 * u }
        assertEquals(Verdict.REFUTED, judge("000-5.1-jmeter-vs-ab", jm, abFast).verdict)
        val alone = judge("000-5.1-jmeter-vs-ab", jm)
        assertEquals(Verdict.NOT_MEASURED, alone.verdict)
        assertTrue(alone.command.contains("drivers-ab"), alone.command)
    }

    @Test
    fun `every route and level inside the paper's extremes holds, one level 20 percent apart refutes and is named`() {
        val jm = folder("jm", null, "jmeter", "pebble", "webflux", "virtual") { u -> 10.0 * u }
        val close = folder("ab", null, "ab", "pebble", "webflux", "virtual") { u -> 10.9 * u }
        assertEquals(Verdict.HOLDS, judge(EXTREMES, jm, close).verdict)
        val apart = folder("ab2", null, "ab", "pebble", "webflux", "virtual") { u -> if (u == 128) 8.0 * u else 10.0 * u }
        val j = judge(EXTREMES, jm, apart)
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
        assertTrue("128 users 0.80x" in j.ours, j.ours)
    }

    @Test
    fun `a level whose mean sits by an extreme is open until its interval clears it, not decided by the mean alone`() {
        val jm = folder("jm", null, "jmeter", "pebble", "webflux", "virtual") { u -> 10.0 * u }
        val edge = folder("ab", null, "ab", "pebble", "webflux", "virtual") { u -> if (u == 128) 11.95 * u else 10.0 * u }
        val j = judge(EXTREMES, jm, edge)
        assertEquals(Verdict.INCONCLUSIVE, j.verdict, j.ours)
    }

    private companion object {
        const val EXTREMES = "000-5.1-jmeter-ab-within-extremes"
    }
}
