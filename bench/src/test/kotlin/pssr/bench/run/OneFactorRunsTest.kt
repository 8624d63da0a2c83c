package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.claims.Route
import pssr.bench.claims.TurnSearch
import pssr.bench.setup.Setup
import pssr.bench.setup.Setups
import java.time.Duration

/** The one-factor runs follow from the first pass: only what the claims the setups turned read, one run per setting. */
class OneFactorRunsTest {
    private val paper = Setups.PAPER_000
    private fun args(p: ReproducePlan.Phase, option: String) = p.args[p.args.indexOf(option) + 1]

    @Test
    fun `no claim turned by a setup, no one-factor run`() {
        assertEquals(emptyList<ReproducePlan.Phase>(), OneFactorRuns.plan(emptyList(), 1))
    }

    @Test
    fun `a turned virtual-thread claim on WebFlux gets a run for each setting that acts on its routes, at its levels only`() {
        val read = setOf(
            Route("webflux", "presentations", "htmlflow", "virtual", 128),
            Route("webflux", "presentations", "jstachio", "virtual", 64),
        )
        val runs = OneFactorRuns.plan(listOf(TurnSearch(paper, read)), 1)
        // the load profile is a factor of run, not of reproduce, whose paper rows already hold the tool's time windows
        val acting = (paper.factors - paper.notInReproduce.toSet()).filter {
            (it.framework == null || it.framework == Setup.ALL || it.framework == "webflux") &&
                (it.approaches == null || "virtual" in it.approaches!!)
        }
        assertEquals(acting.map { "paper-000-ours-${it.factor}-webflux" }.sorted(), runs.map { it.name }.sorted())
        for (run in runs) {
            val f = acting.single { run.name == "paper-000-ours-${it.factor}-webflux" }
            assertEquals("64,128", args(run, "--users"))
            assertEquals("htmlflow,jstachio", args(run, "--engines"))
            assertEquals("virtual", args(run, "--approaches"))
            assertEquals("paper-000", args(run, "--setup"))
            assertEquals(f.factor, args(run, "--ours"))
        }
        assertTrue(runs.any { it.name == "paper-000-ours-heap-webflux" }, "the heap acts on every server: ${runs.map { it.name }}")
        // the blocking dispatcher threads act on `blocking` routes only: no run of that setting for a virtual-thread claim
        assertTrue(runs.none { it.name.contains("webflux-blocking-threads") }, "${runs.map { it.name }}")
    }

    @Test
    fun `the runs that serve the most turned claims come first, so a short budget keeps them`() {
        val webflux = TurnSearch(paper, setOf(Route("webflux", "presentations", "htmlflow", "virtual", 128)))
        val mvc = TurnSearch(paper, setOf(Route("mvc", "presentations", null, "virtual", 32)))
        val alsoMvc = TurnSearch(paper, setOf(Route("mvc", "stocks", null, "virtual", 64)))
        val runs = OneFactorRuns.plan(listOf(webflux, mvc, alsoMvc), 1)
        val first = runs.takeWhile { it.name.endsWith("-mvc") }
        assertTrue(first.isNotEmpty() && runs.drop(first.size).none { it.name.endsWith("-mvc") }, "${runs.map { it.name }}")
        assertTrue(first.all { "for 2 turned claims" in it.what }, "${first.map { it.what }}")
    }

    @Test
    fun `an aggregate line's run measures the engines its mean is over, not every engine of the pages phase`() {
        val runs = OneFactorRuns.plan(listOf(TurnSearch(paper, setOf(Route("webflux", "stocks", null, "blocking", 64)))), 1)
        assertTrue(runs.isNotEmpty())
        for (run in runs) assertEquals("htmlflow,jstachio,thymeleaf", args(run, "--engines"))
    }

    @Test
    fun `a run measures each route only at the levels the claims read it at`() {
        val read = setOf(
            Route("webflux", "presentations", "htmlflow", "suspending", 128),
            Route("webflux", "presentations", null, "blocking", 4),
        )
        val runs = OneFactorRuns.plan(listOf(TurnSearch(paper, read)), 1)
        assertTrue(runs.isNotEmpty() && runs.all { "--claims-only" in it.args }, "${runs.map { it.args }}")
    }

    @Test
    fun `a run finished before is judged as it is, neither measured again nor charged to the budget`() {
        fun run(name: String, minutes: Long) = ReproducePlan.Phase(name, name, listOf("run"), Duration.ofMinutes(minutes), name)
        val runs = listOf(run("done", 20), run("long", 10), run("short", 3))
        val choice = OneFactorRuns.choose(runs, Duration.ofMinutes(5).seconds) { it.name == "done" }
        assertEquals(listOf("done"), choice.finished.map { it.name })
        // the finished run's 20 min are not counted: the 5 left take the short run, the long one is left out
        assertEquals(listOf("short"), choice.chosen.map { it.name })
        assertEquals(listOf("long"), choice.left.map { it.name })
    }
}
