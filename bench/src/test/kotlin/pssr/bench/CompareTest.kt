package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path

class CompareTest {
    @TempDir lateinit var tmp: Path

    private fun run(name: String, scale: Double, reps: Int, noise: Double, seed: Int) = SyntheticRun.write(tmp.resolve(name),
        models = listOf("presentations"), users = listOf(128), repetitions = reps, engines = listOf("baseline", "jstachio"),
        scale = scale, noise = noise, seed = seed, verification = false)

    private fun thr(c: Compare, route: String) = c.rows.first { it.route == route }.throughput

    @Test
    fun `one repetition - threshold rule flags 2x and not 1 percent`() {
        val a = RunData.load(run("a", 1.0, 1, 0.0, 1))
        val double = Compare.of(a, RunData.load(run("b", 2.0, 1, 0.0, 2)))
        val t = thr(double, "webflux/presentations/jstachio/virtual")
        assertEquals(Compare.Rule.THRESHOLD, t.rule)
        assertEquals(2.0, t.ratio, 1e-6)
        assertTrue(t.significant)
        assertTrue(double.rows.first { it.route == "webflux/presentations/jstachio/virtual" }.verdict.contains("faster"))

        val same = Compare.of(a, RunData.load(run("c", 1.01, 1, 0.0, 3)))
        val s = thr(same, "webflux/presentations/jstachio/virtual")
        assertEquals(1.01, s.ratio, 1e-6)
        assertFalse(s.significant)
    }

    @Test
    fun `repetitions - CI rule flags 2x and not 1 percent within 3 percent noise`() {
        val a = RunData.load(run("a", 1.0, 3, 0.03, 11))
        val double = Compare.of(a, RunData.load(run("b", 2.0, 3, 0.03, 12)))
        val t = thr(double, "webflux/presentations/jstachio/virtual")
        assertEquals(Compare.Rule.CI, t.rule)
        assertTrue(t.significant)
        val p99 = double.rows.first { it.route == "webflux/presentations/jstachio/virtual" }.p99
        assertTrue(p99.significant && p99.ratio < 1, "twice the throughput at the same users: half the latency")

        val same = Compare.of(a, RunData.load(run("c", 1.01, 3, 0.03, 13)))
        assertFalse(thr(same, "webflux/presentations/jstachio/virtual").significant)
    }

    @Test
    fun `compare command prints and writes the table`() {
        val a = run("base", 1.0, 1, 0.0, 1); val b = run("next", 2.0, 1, 0.0, 2)
        assertEquals(0, cli().execute("compare", a.dir.toString(), b.dir.toString()))
        val md = Files.readString(b.dir.resolve("compare-base.md"))
        assertTrue(md.contains("2.00× *"), md)
        assertTrue(md.contains("**thr**"))
        val out = tmp.resolve("x/out.md")
        assertEquals(0, cli().execute("compare", "--out", out.toString(), a.dir.toString(), b.dir.toString()))
        assertTrue(Files.exists(out))
        assertEquals(2, cli().execute("compare", a.dir.toString(), tmp.resolve("missing").toString()))
    }
}
