package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.claims.Route

/** reproduce's rounds measure each open claim's own routes and levels in fresh JVMs, as many claims as the budget allows. */
class RoundRunsTest {
    private fun route(engine: String?, approach: String, users: Int = 128, fw: String = "webflux") =
        Route(fw, "presentations", engine, approach, users)

    private fun List<String>.after(option: String) = this[indexOf(option) + 1]

    @Test
    fun `a claim's run measures only the routes and levels it read, in two new JVMs with three windows each`() {
        val runs = RoundRuns.plan(
            2,
            mapOf("thymeleaf-128" to listOf(route("thymeleaf", "reactive", 64), route("thymeleaf", "reactive", 128))),
            1,
        )
        val args = runs.single().args
        assertEquals("thymeleaf", args.after("--engines"))
        assertEquals("reactive", args.after("--approaches"))
        assertEquals("64,128", args.after("--users"))
        assertEquals("2", args.after("--jvms"))
        assertEquals("6", args.after("--repeat"))
        assertEquals("2001", args.after("--first-repetition"))
        assertEquals("round-2-webflux-1", runs.single().folder(2))
    }

    @Test
    fun `claims reading the same routes share a run, and each run has repetitions of its own`() {
        val pair = listOf(route("htmlflow", "virtual"), route("htmlflow", "reactive"))
        val runs = RoundRuns.plan(
            3,
            mapOf("a" to pair, "b" to pair.reversed(), "c" to listOf(route("jstachio", "virtual", fw = "mvc"))),
            1,
        )
        assertEquals(listOf(listOf("a", "b"), listOf("c")), runs.map { it.claims })
        assertEquals(listOf("3001", "3011"), runs.map { it.args.after("--first-repetition") })
    }

    @Test
    fun `claims of one framework share a run where one JVM pair for their union costs less than a pair each`() {
        val runs = RoundRuns.plan(
            2,
            mapOf("a" to listOf(route("htmlflow", "virtual")), "b" to listOf(route("jstachio", "virtual"))),
            1,
        )
        val run = runs.single()
        assertEquals(listOf("a", "b"), run.claims)
        assertEquals("htmlflow,jstachio", run.args.after("--engines"))
        val alone = RoundRuns.plan(2, mapOf("a" to listOf(route("htmlflow", "virtual"))), 1).single()
        assertTrue(run.seconds < 2 * alone.seconds, "${run.seconds} s for both, ${alone.seconds} s for one")
    }

    @Test
    fun `claims whose union would measure many routes they do not read keep runs of their own`() {
        val wide = listOf("htmlflow", "jstachio", "thymeleaf").flatMap { e ->
            listOf("virtual", "reactive").map { route(e, it, 64) } + listOf("virtual", "reactive").map { route(e, it, 128) }
        }
        val runs = RoundRuns.plan(
            2,
            mapOf("wide" to wide, "other" to listOf(Route("webflux", "stocks", "pebble", "blocking", 256))),
            1,
        )
        assertEquals(listOf(listOf("wide"), listOf("other")), runs.map { it.claims })
    }

    @Test
    fun `an aggregate reads every engine of its phase, and a claim over two frameworks gets a run in each`() {
        val runs = RoundRuns.plan(2, mapOf("x" to listOf(route(null, "virtual"), route("htmlflow", "virtual", fw = "mvc"))), 1)
        assertEquals(listOf("webflux", "mvc"), runs.map { it.framework })
        val webflux = ReproducePlan.PAGES.first { it.framework == "webflux" }.engines
        assertEquals(webflux.sorted().joinToString(","), runs[0].args.after("--engines"))
    }

    @Test
    fun `a few routes may load long enough for the JVM to be steady, and the estimate counts both JVMs`() {
        val run = RoundRuns.plan(2, mapOf("x" to listOf(route("htmlflow", "virtual"))), 1).single()
        val cap = run.args.after("--steady-cap").removeSuffix("s").toInt()
        assertTrue(cap >= ReproducePlan.JVM_STEADY_SECONDS, "cap $cap s for one route")
        assertTrue(run.seconds >= 2 * (ReproducePlan.SERVER_SECONDS + ReproducePlan.JVM_STEADY_SECONDS), "${run.seconds} s")
    }

    @Test
    fun `the runs that fit the budget are taken in order, a long one skipped for a shorter one after it`() {
        val runs = listOf(100L, 500L, 200L).mapIndexed { i, s -> RoundRuns.RoundRun(i + 1, "webflux", listOf("c$i"), emptyList(), s) }
        assertEquals(listOf(1, 3), RoundRuns.within(runs, 350).map { it.index })
        assertEquals(emptyList<Int>(), RoundRuns.within(runs, 50).map { it.index })
    }

    private fun twoClaims() = RoundRuns.plan(
        2,
        mapOf("a" to listOf(route("htmlflow", "virtual")), "c" to listOf(route("jstachio", "virtual", fw = "mvc"))),
        1,
    )

    /** A folder begun for [run] with repetitions from [first], its options as environment.json keeps them (no "run"). */
    private fun begun(index: Int, run: RoundRuns.RoundRun, first: Int) = RoundRuns.Begun(
        index,
        run.args.drop(1).toMutableList().also { it[it.indexOf("--first-repetition") + 1] = first.toString() },
    )

    @Test
    fun `a resumed round takes its begun folder as the run of the same selection, though the plan now orders it elsewhere`() {
        val (a, c) = twoClaims()
        // before the interruption c's run came first (round-2-mvc-1, repetitions from 2001)
        val resumed = RoundRuns.resumed(2, listOf(a, c), listOf(begun(1, c, 2001)), 3600)!!
        assertEquals(listOf(listOf("c") to true, listOf("a") to false), resumed.map { it.run.claims to it.before })
        assertEquals(listOf(1, 2), resumed.map { it.run.index })
        assertEquals(listOf("2001", "2011"), resumed.map { it.run.args.after("--first-repetition") })
        assertEquals("round-2-mvc-1", resumed[0].run.folder(2))
    }

    @Test
    fun `a resumed round keeps its begun runs whatever the budget left, and fits the new ones to it`() {
        val (a, c) = twoClaims()
        assertEquals(listOf("c"), RoundRuns.resumed(2, listOf(a, c), listOf(begun(1, c, 2001)), 0)!!.flatMap { it.run.claims })
    }

    @Test
    fun `a begun folder whose selection this plan does not make ends the rounds, and one begun without options holds its index`() {
        val (a, c) = twoClaims()
        val other = RoundRuns.plan(2, mapOf("z" to listOf(route("pebble", "reactive"))), 1).single()
        assertEquals(null, RoundRuns.resumed(2, listOf(a, c), listOf(begun(1, other, 2001)), 3600))
        val after = RoundRuns.resumed(2, listOf(a, c), listOf(RoundRuns.Begun(1, null)), 3600)!!
        assertEquals(listOf(2, 3), after.map { it.run.index })
        assertEquals(listOf(false, false), after.map { it.before })
    }
}
