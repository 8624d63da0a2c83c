package pssr.bench.report

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.resultRow
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/** The headline ranks the routes where every one of them is CPU-bound, and names each level's regime. */
class CapacityTest {
    @TempDir lateinit var tmp: Path

    /** Two routes like the quick run's: both on the floor at 32 users, HtmlFlow at the knee at 128, both CPU-bound at 1,024. */
    private fun run(thymeleaf1024Cores: Double = 0.97): RunDirectory {
        val run = RunDirectory(tmp.resolve("r"))
        Files.createDirectories(run.dir)
        fun row(engine: String, approach: String, users: Int, rps: Double, cores: Double, cpuUs: Double) = listOf(1, 2).forEach { rep ->
            run.append(
                resultRow(
                    engine = engine,
                    approach = approach,
                    users = users,
                    repetition = rep,
                    throughput = rps,
                    serverCpuUs = cpuUs,
                    coresBusy = cores,
                ),
            )
        }
        row("htmlflow", "suspending", 32, 2850.0, 0.45, 160.0)
        row("thymeleaf", "reactive", 32, 2800.0, 0.55, 190.0)
        row("htmlflow", "suspending", 128, 10500.0, 0.92, 143.0)
        row("thymeleaf", "reactive", 128, 7700.0, 0.97, 218.0)
        row("htmlflow", "suspending", 1024, 12000.0, 0.98, 135.0)
        row("thymeleaf", "reactive", 1024, 4600.0, thymeleaf1024Cores, 386.0)
        return run
    }

    @Test
    fun `routes are ranked at the highest level where every one is CPU-bound, with their CPU per request`() {
        val c = Capacity.of(RunData.load(run())).single()
        assertEquals(1024, c.saturating)
        assertEquals(listOf("htmlflow", "thymeleaf"), c.ranking.map { it.engine })
        val lines = c.lines()
        assertTrue(lines[0].startsWith("webflux · presentations at 1024 users, every route CPU-bound"), lines[0])
        assertTrue(lines[1].contains("1. htmlflow/suspending") && lines[1].contains("12,000 req/s") && lines[1].contains("135/"), lines[1])
        assertTrue(lines[2].contains("2. thymeleaf/reactive") && lines[2].contains("0.38×"), lines[2])
        assertTrue(lines[2].contains("its peak 7,700 at 128 users (cpu)"), "a route whose peak is elsewhere says where: ${lines[2]}")
        assertTrue(
            lines.any {
                it.contains("differ 2.61× in capacity and 2.86× in server CPU per request at 1024 users")
            },
            lines.joinToString("\n"),
        )
    }

    @Test
    fun `the regime line says which levels cannot tell the stacks apart`() {
        val line = Capacity.of(RunData.load(run())).single().regimeLine()
        assertTrue(line.startsWith("32 users: every route floor (the item delay sets it: the stacks cannot be told apart there)"), line)
        assertTrue(line.contains("128 users: 1 cpu, 1 knee"), line)
        assertTrue(line.contains("1024 users: every route cpu (the stacks' CPU per request sets it)"), line)
    }

    @Test
    fun `without a level where every route is CPU-bound there is no ranking, only each route's peak`() {
        val c = Capacity.of(RunData.load(run(thymeleaf1024Cores = 0.70))).single()
        assertNull(c.saturating, "at 1,024 users Thymeleaf is neither on its floor nor on the cores")
        val lines = c.lines()
        assertTrue(lines[0].contains("no level where every route was CPU-bound"), lines[0])
        assertTrue(
            lines[1].contains("htmlflow/suspending") && lines[1].contains("12,000 req/s") && lines[1].contains("at 1024 users (cpu)"),
            lines[1],
        )
    }

    @Test
    fun `the report and the summary give the answer before how to read them`() {
        val run = run()
        val html = Files.readString(Report.write(run))
        assertTrue(html.indexOf("id=\"headline\"") < html.indexOf("id=\"how\""), "the headline first")
        val chart = html.indexOf("<div class=chart id=\"answer-webflux-presentations\">")
        assertTrue(chart in 0 until html.indexOf("id=\"how\""), "the answer's chart comes before how to read it")
        val summary = Files.readString(run.summary)
        assertTrue(summary.indexOf("Which stack?") < summary.indexOf("## Throughput"), summary)
    }

    @Test
    fun `the summary ranks as answer md does, each route with its interval over the ceiling`() {
        val run = RunDirectory(tmp.resolve("ranked"))
        Files.createDirectories(run.dir)
        fun row(engine: String, rep: Int, rps: Double) =
            run.append(resultRow(engine = engine, approach = "reactive", users = 256, repetition = rep, throughput = rps, coresBusy = 0.95))
        for ((i, rps) in listOf(9_000.0, 10_000.0, 11_000.0).withIndex()) {
            row("baseline", i + 1, rps)
            row("thymeleaf", i + 1, rps * (0.5 + i / 100.0))
        }
        Report.write(run)
        val summary = Files.readString(run.summary)
        val d = RunData.load(run)
        Answer.ranking(d).forEach { assertTrue(it in summary, "summary.md holds the console's line: $it") }
        assertTrue(Regex("""\d\.\d\d× \[\d\.\d\d, \d\.\d\d]""").containsMatchIn(summary), "an interval: $summary")
    }
}
