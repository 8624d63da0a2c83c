package pssr.bench.report

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.measure.Regime
import pssr.bench.resultRow
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/**
 * answer.md's figures (docs/RESULTS.md): each route over its framework's ceiling, paired repetition by repetition, with the
 * interval over the pairs; routes whose intervals overlap share a rank; a route CPU-bound nowhere is listed, not ranked.
 */
class AnswerTableTest {
    @TempDir lateinit var tmp: Path

    /** Four repetitions at 128 users (cores busy) and one at 256; the machine drifts by repetition, which the pairs cancel. */
    private fun run(): RunData {
        val run = RunDirectory(tmp.resolve("r"))
        Files.createDirectories(run.dir)
        val drift = listOf(1.0, 0.8, 1.1, 0.9)
        fun route(
            engine: String,
            approach: String,
            share: List<Double>,
            cores: Double = 0.95,
            cpuUs: Double = 150.0,
            top: Double = 9_000.0,
        ) {
            for ((i, d) in drift.withIndex()) {
                run.append(
                    resultRow(
                        engine = engine,
                        approach = approach,
                        users = 128,
                        repetition = i + 1,
                        throughput = 10_000.0 * d * share[i],
                        serverCpuUs = cpuUs,
                        coresBusy = cores,
                    ),
                )
            }
            run.append(
                resultRow(
                    engine = engine,
                    approach = approach,
                    users = 256,
                    repetition = 1,
                    throughput = top * share[0],
                    serverCpuUs = cpuUs,
                    coresBusy = cores,
                ),
            )
        }
        route("baseline", "reactive", listOf(1.0, 1.0, 1.0, 1.0))
        route("baseline", "virtual", listOf(0.90, 0.91, 0.89, 0.90), cpuUs = 166.0)
        route("htmlflow", "reactive", listOf(0.99, 1.02, 0.97, 1.01), cpuUs = 151.0)
        route("jstachio", "virtual", listOf(0.97, 1.0, 0.96, 0.99))
        route("thymeleaf", "reactive", listOf(0.50, 0.52, 0.49, 0.51), cpuUs = 300.0)
        // a pool holds it: cores idle at every level
        route("pebble", "blocking", listOf(0.2, 0.2, 0.2, 0.2), cores = 0.3)
        // the floor holds it (at least 80% of users / 10 ms): the item delay, not the stack
        route("rocker", "virtual", listOf(1.2, 1.5, 1.1, 1.4), cores = 0.5, top = 20_000.0)
        return RunData.load(run)
    }

    private fun panel() = AnswerTable.of(run()).single()

    private fun AnswerPanel.of(route: String) = routes.single { it.route == route }

    @Test
    fun `the ceiling is the framework's baseline with the highest capacity`() {
        val p = panel()
        assertEquals("baseline/reactive", p.ceiling?.route)
        assertEquals(1.0, p.of("baseline/reactive").ratio, 1e-9)
    }

    @Test
    fun `a ratio is paired repetition by repetition, so the machine's drift between repetitions does not widen its interval`() {
        val t = panel().of("thymeleaf/reactive")
        assertEquals(128, t.users, "the level measured most often where the cores were busy")
        assertEquals(4, t.pairs)
        assertEquals(0.505, t.ratio, 0.005)
        val ci = t.interval!!
        assertTrue(ci.low > 0.47 && ci.high < 0.54, "the drift of 0.8-1.1 cancels in the pairs: $ci")
        assertEquals(2.0, t.cpuRatio, 1e-9)
    }

    @Test
    fun `routes whose intervals overlap share a rank, routes told apart do not`() {
        val p = panel()
        val top = listOf("baseline/reactive", "htmlflow/reactive", "jstachio/virtual").map { p.of(it).rank }
        assertEquals(listOf(1, 1, 1), top, "the ceiling, HtmlFlow and JStachio are not told apart")
        assertEquals(4, p.of("baseline/virtual").rank, "three routes lie surely above virtual threads' baseline")
        assertEquals(5, p.of("thymeleaf/reactive").rank)
        assertEquals(listOf("htmlflow/reactive", "jstachio/virtual"), p.atCeiling.map { it.route } - "baseline/reactive")
    }

    @Test
    fun `a route a pool holds is ranked at that capacity, its regime named`() {
        val pebble = panel().of("pebble/blocking")
        assertEquals(Regime.OTHER, pebble.regime)
        assertEquals(6, pebble.rank, "below every route the cores held")
    }

    @Test
    fun `a route on its floor at every level is listed with its peak, not ranked`() {
        val rocker = panel().of("rocker/virtual")
        assertNull(rocker.rank)
        assertEquals(Regime.FLOOR, rocker.regime)
        val words = AnswerMarkdown.shortAnswer(panel())
        assertTrue(
            words.any {
                it.contains("not ranked (floor at every level: the stack did not set the figure): rocker/virtual")
            },
            "$words",
        )
    }

    @Test
    fun `answer md is written beside the report, the ranking with its intervals and how to reproduce it`() {
        val d = run()
        Report.write(d)
        val md = Files.readString(d.run.answer)
        assertTrue(md.startsWith(AnswerMarkdown.TITLE), md)
        assertTrue(md.contains("## webflux · presentations"), md)
        assertTrue(md.contains("| 5 | thymeleaf/reactive | 0.50× | 0.48–0.53 | 4 (4) |"), md)
    }
}
