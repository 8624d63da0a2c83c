
package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.claims.ClaimKit
import pssr.bench.claims.Claims
import pssr.bench.claims.Evidence
import pssr.bench.claims.Verdict
import pssr.bench.results.Shard
import pssr.bench.setup.Setups
import pssr.bench.stats.RouteLevel
import pssr.model.Model
import pssr.views.Engines
import java.time.Duration

/** How `./pssr reproduce` fits the claims' runs to a budget. */
class ReproducePlanTest {
    @Test
    fun `the default 90 minutes fit with at least 3 repetitions, within 90 percent of the budget`() {
        val plan = ReproducePlan.fit(Duration.ofMinutes(90))!!
        assertTrue(plan.repeat >= 3, "repeat ${plan.repeat}")
        assertTrue(plan.measuredSeconds >= 1)
        assertTrue(plan.estimate.seconds <= 90 * 60 * 0.9, "estimate ${plan.estimate}")
    }

    @Test
    fun `a longer budget buys the papers' setups and one-factor runs first, then longer windows, never fewer repetitions`() {
        val short = ReproducePlan.fit(Duration.ofMinutes(90))!!
        val default = ReproducePlan.fit(Duration.ofMinutes(140))!!
        val long = ReproducePlan.fit(Duration.ofHours(8))!!
        assertTrue(default.phases.size > short.phases.size, "${default.phases.size} vs ${short.phases.size}")
        assertTrue(short.left.isNotEmpty() && long.left.isEmpty())
        assertTrue(long.measuredSeconds > default.measuredSeconds, "${long.measuredSeconds} vs ${default.measuredSeconds}")
        assertEquals(ReproducePlan.MIN_REPEAT, long.repeat)
    }

    @Test
    fun `the default budget runs every framework's pages under seed 000's setup, seed 001's and 004's, and plans no one-factor run`() {
        val plan = ReproducePlan.fit(Duration.ofMinutes(140))!!
        assertTrue(plan.estimate.seconds <= 140 * 60 * ReproducePlan.BUDGET_SHARE, "${plan.estimate}")
        assertTrue(plan.left.isEmpty(), "${plan.left.map { it.name }}")
        for (fw in listOf("webflux", "mvc", "quarkus")) {
            val paper = plan.phases.single { it.name == "paper-000-pages-$fw" }
            assertEquals("paper-000", paper.args[paper.args.indexOf("--setup") + 1])
            assertTrue("--repeat-at" !in paper.args, "the papers' setups keep three repetitions: ${paper.args}")
        }
        assertTrue(plan.phases.any { it.name.startsWith("paper-001") } && plan.phases.any { it.name == "paper-004-api" })
        // one-factor runs follow from the first pass's verdicts (OneFactorRuns); only §5.1's Rocker 512 B slice is one by name
        assertEquals(listOf("paper-000-ours-quarkus-output-buffer-rocker"), plan.phases.filter { "--ours" in it.args }.map { it.name })
    }

    @Test
    fun `a phase under a setup that drives with JMeter counts JMeter's window, one turning the driver back counts wrk's, and the profile's window is as long as its requests take`() {
        val webflux = ReproducePlan.PAGES.first { it.framework == "webflux" }
        val paper = ReproducePhases.pagesPhase(webflux, ReproducePlan.MIN_REPEAT, 1, Setups.PAPER_000)
        val wrk = ReproducePhases.pagesPhase(webflux, ReproducePlan.MIN_REPEAT, 1, Setups.PAPER_000, ours = "driver")
        assertEquals("jmeter", ReproducePlan.driverOf(Setups.PAPER_000))
        // the setup's profile is a default of run, which a phase's own window (--duration) overrides (docs/SETUPS.md)
        assertEquals("256", Setups.PAPER_000.runDefault("--requests-per-user"))
        assertTrue("--duration" in paper.args, "${paper.args}")
        val ours = Setups.PAPER_000.withOurs(listOf("driver"))
        assertEquals(ReproducePlan.pagesSeconds(webflux, ReproducePlan.MIN_REPEAT, 1, setup = ours), wrk.estimate.seconds)
        assertTrue(paper.estimate > wrk.estimate, "${paper.estimate} vs ${wrk.estimate}")
        // 256 requests on the floor take 3.2 s; at 128 users under JMeter's 5,000 req/s, 6.6 s
        val overhead = ReproducePlan.windowSeconds(1, "jmeter") - 1 // the level's warm-up window and JMeter's start
        assertEquals(overhead + 256 * 0.0125, ReproducePlan.windowSeconds(1, "jmeter", 8, 256), 1e-9)
        assertEquals(overhead + 256 * 128 / 5000.0, ReproducePlan.windowSeconds(1, "jmeter", 128, 256), 1e-9)
    }

    @Test
    fun `a budget too short for 1 s windows is refused, and the minimum it names fits`() {
        assertNull(ReproducePlan.fit(Duration.ofMinutes(10)))
        assertNotNull(ReproducePlan.fit(ReproducePlan.minimumBudget()))
    }

    @Test
    fun `the pages run on one JVM per framework, both models, every level from 2 to 128 users and 256, six times at the claims' levels`() {
        val pages = ReproducePlan.fit(Duration.ofMinutes(90))!!.phases.filter { it.name.startsWith("pages-") }
        assertEquals(listOf("pages-webflux", "pages-mvc", "pages-quarkus"), pages.map { it.name })
        for (p in pages) {
            val args = p.args
            assertEquals("run", args.first())
            assertTrue("--quick" in args, "$args")
            assertEquals("presentations,stocks", args[args.indexOf("--models") + 1])
            // 256 users only for the routes a comparison reads at 128 (run --claims-only), where they may sit at their floor
            assertEquals("2,4,8,16,32,64,128,256", args[args.indexOf("--users") + 1])
            assertEquals("3", args[args.indexOf("--repeat") + 1])
            assertEquals("32,64,128,256:6", args[args.indexOf("--repeat-at") + 1], "six windows where the claims compare")
        }
    }

    @Test
    fun `the route counts come from the engines' own capabilities`() {
        val webflux = ReproducePlan.PAGES.first { it.framework == "webflux" }
        // HtmlFlow: reactive, suspending, virtual, blocking; JStachio: virtual, blocking; Thymeleaf: reactive, virtual, blocking; two
        // models; and seed 002's six other Sync engines, blocking on Presentations
        assertEquals(2 * (4 + 2 + 3) + 6, webflux.routes)
    }

    @Test
    fun `seed 002's Sync engines are measured in WebFlux's JVM, under the tool's setup and seed 000's`() {
        val plan = ReproducePlan.fit(Duration.ofHours(8))!!
        val sync = listOf("kotlinx", "rocker", "pebble", "freemarker", "trimou", "velocity").map { "$it/blocking/presentations" }
        for (name in listOf("pages-webflux", "paper-000-pages-webflux")) {
            val args = plan.phases.single { it.name == name }.args
            assertEquals(sync, args[args.indexOf("--also") + 1].split(","), name)
        }
        // seed 001's phase reads the aggregate only, which leaves these engines out
        assertTrue(plan.phases.filter { it.name.startsWith("paper-001") }.all { "--also" !in it.args })
        val mvc = plan.phases.single { it.name == "pages-mvc" }
        assertTrue("--also" !in mvc.args)
    }
}

/** The plan and the claims registry agree: every pages claim finds its rows in what `reproduce` measures. */
class ReproduceCoversClaimsTest {
    @Test
    fun `every claim reproduce measures finds its page rows in the plan's routes and levels`() {
        val rows = ReproducePlan.PAGES.flatMap { p ->
            val routes = p.engines.flatMap { e ->
                Model.all.flatMap { m ->
                    p.approaches.filter { a -> Engines.byName(e)!!.supports(m, a) }.map { a -> Triple(e, m.id, a.id) }
                }
            } + p.also.map { Triple(it.engine, it.model, it.approach.id) }
            routes.flatMap { (e, m, a) ->
                ReproducePlan.LEVELS.flatMap { u ->
                    (1..3).map { rep -> pssr.bench.resultRow(p.framework, m, e, a, u, rep, 100.0 * u + rep) }
                }
            }
        }
        val evidence = Evidence(RouteLevel.of(rows), emptyList(), rows, emptyList())
        val missing = Claims.all.filter { it.needs == ClaimKit.REPRODUCE }
            .map { it to it.judged(evidence) }
            .filter { (_, j) -> j.verdict == Verdict.NOT_MEASURED && !j.ours.contains("verification") }
        assertEquals(emptyList<String>(), missing.map { "${it.first.id}: ${it.second.ours}" })
    }

    @Test
    fun `reproduce --shard parts hold every phase once, balanced within the longest phase`() {
        val plan = ReproducePlan.fit(Duration.ofMinutes(90))!!
        for (n in 1..3) {
            val parts = (1..n).map { plan.part(Shard(it, n)) }
            assertEquals(plan.phases.map { it.folder }.sorted(), parts.flatMap { p -> p.phases.map { it.folder } }.sorted(), "$n parts")
            val loads = parts.map { it.estimate.seconds }
            assertTrue(loads.max() - loads.min() <= plan.phases.maxOf { it.estimate.seconds }, "loads $loads")
            assertEquals(parts.map { it.phases }, (1..n).map { plan.part(Shard(it, n)).phases }, "the same split every time")
        }
    }

    @Test
    fun `a reproduce part gets the budget's share of its phases' estimate, so its rounds end where the whole one's would`() {
        val plan = ReproducePlan.fit(Duration.ofMinutes(200))!!
        val parts = (1..2).map { plan.part(Shard(it, 2)) }
        for (p in parts) {
            val share = plan.budget.seconds.toDouble() * p.estimate.seconds / plan.estimate.seconds
            assertTrue(p.budget.seconds >= share && p.budget.seconds < share + 60, "${p.budget} for ${p.estimate} of ${plan.estimate}")
            assertTrue(p.budget > p.estimate, "room for rounds: ${p.budget} for ${p.estimate}")
        }
        assertEquals(plan.budget, plan.part(Shard(1, 1)).budget, "one part is the whole")
    }
}
