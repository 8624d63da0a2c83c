package pssr.bench.run

import pssr.bench.browser.BrowserWorkflow
import pssr.bench.claims.Seed000Kit
import pssr.bench.run.ReproducePlan.Companion.LEVELS
import pssr.bench.run.ReproducePlan.Companion.MIN_REPEAT
import pssr.bench.run.ReproducePlan.Companion.PAGES
import pssr.bench.run.ReproducePlan.Companion.ROUTE_WARMUP_SECONDS
import pssr.bench.run.ReproducePlan.Companion.SERVER_SECONDS
import pssr.bench.run.ReproducePlan.Companion.WARMUP_SECONDS
import pssr.bench.run.ReproducePlan.Companion.driverOf
import pssr.bench.run.ReproducePlan.Companion.pagesSeconds
import pssr.bench.run.ReproducePlan.Companion.windowArgs
import pssr.bench.run.ReproducePlan.Companion.windowSeconds
import pssr.bench.run.ReproducePlan.Phase
import pssr.bench.setup.Setup
import pssr.bench.setup.Setups
import pssr.model.Model
import pssr.views.Approach
import pssr.views.demo.DemoPage
import java.time.Duration

/**
 * The phases `reproduce` can run, each an ordinary `./pssr` command line: the tool's own setup ([required]: every framework's
 * pages and the other workloads) and what a budget adds ([optional]: the papers' setups and their one-factor runs). [ReproducePlan]
 * fits them to a budget.
 */
internal object ReproducePhases {
    /** Lighthouse runs per browser case: enough that the ratio of a bimodal LCP's means decides at look 1 (docs/CLAIMS.md). */
    const val BROWSER_RUNS = 8

    /**
     * The other workloads, fixed in length (their load profiles are the seeds'), estimated from the longest of runs I, J and K here:
     * students 3:05-4:10, products and forward 5:34-6:30, seed 004's setup 6:10-6:32, the browser by its own count.
     */
    val OTHERS = listOf(
        Phase(
            "students",
            "students",
            listOf("run", "--workloads", "students"),
            Duration.ofMinutes(4),
            "seed 003 Table 1: 2,000 users, 30 s ramp-up, 10 loops, four variants on embedded PostgreSQL",
        ),
        Phase(
            "api",
            "api",
            listOf("run", "--workloads", "products,forward"),
            Duration.ofSeconds(390),
            "seed 004: products (compute-bound) and forward (network-bound), MVC vs WebFlux",
        ),
        // the cases the claims read (HtmlFlow's suspending pages under Lighthouse's simulated throttling), 8 runs each: the
        // blocking pages' simulated LCP is bimodal (weather 2.1 or 3.8 s, artist 1.1 or 1.8 s), so 3 runs left every LCP
        // claim inconclusive (0.46x, 97.5% 0.05-4.06) and rounds never measure the browser; 36 runs took 7.5 min here
        Phase(
            "browser",
            "browser",
            listOf("browser", "--runs", "$BROWSER_RUNS", "--renderings", "suspending", "--throttling", "simulate"),
            // every demo page with PSSR off and on, in one rendering
            BrowserWorkflow.estimate(BROWSER_RUNS * DemoPage.all.size * 2),
            "seed 002 Table 1: Lighthouse FCP, LCP, Speed Index with PSSR on and off, $BROWSER_RUNS runs each",
        ),
    )

    /**
     * The levels of §5.1's driver cross-check: its claim reads the two drivers' mean difference over the levels both measured,
     * so one level on the floor, one near it and the top one, not every level.
     */
    private val DRIVER_LEVELS = listOf(8, 32, 128)

    /** The tool's own setup: the pages of every framework and the other workloads, always in the plan. */
    fun required(measured: Int): List<Phase> = PAGES.map { p -> pagesPhase(p, MIN_REPEAT, measured) } + OTHERS

    /**
     * What the budget adds after [required], in this order: each framework's pages under seed 000's setup (after WebFlux's,
     * seed 000 §5.1's two cross-checks), seed 001's blocking routes under its own setup and seed 004's load under its setup.
     * The one-factor runs are not planned here: [OneFactorRuns] plans them after the first pass, for the claims the setups
     * turned.
     */
    fun optional(measured: Int): List<Phase> = buildList {
        val paper = Setups.PAPER_000
        for (p in PAGES) {
            add(pagesPhase(p, MIN_REPEAT, measured, paper))
            if (p.framework == "webflux") addAll(sections51(measured))
        }
        val draft = Setups.PAPER_001
        PAGES.first {
            it.framework == "webflux"
        }.let { p -> add(pagesPhase(p.copy(approaches = listOf(Approach.BLOCKING), also = emptyList()), MIN_REPEAT, measured, draft)) }
        val api = Setups.PAPER_004
        add(
            Phase(
                "${api.name}-api",
                "${api.name}-api",
                listOf("run", "--workloads", "products,forward", "--setup", api.name) + api.runArgs("api"),
                Duration.ofMinutes(7),
                "seed 004 under its setup: ${api.settings.first().paper}",
            ),
        )
    }

    /**
     * Seed 000 §5.1's two cross-checks, each a pair of small runs on routes no other phase measures: Rocker blocking on
     * Quarkus under seed 000's setup (8 KB build) and with the 512 B build; and the same WebFlux routes loaded by
     * JMeter and by Apache Bench (one JVM each).
     */
    private fun sections51(measured: Int): List<Phase> {
        val rocker = PagesPhase("quarkus", listOf("rocker"), listOf(Approach.BLOCKING), "seed 000 5.1: Rocker at 8 KB and 512 B")
        val drivers =
            PagesPhase("webflux", listOf("pebble", "rocker"), listOf(Approach.VIRTUAL), "seed 000 5.1: JMeter vs Apache Bench")
        fun slice(
            name: String,
            p: PagesPhase,
            levels: List<Int>,
            extra: List<String>,
            what: String,
            setup: Setup?,
            driver: String? = driverOf(setup),
        ): Phase {
            val routes = p.engines.size * p.approaches.size
            return Phase(
                name,
                name,
                listOf(
                    "run", "--quick", "--frameworks", p.framework, "--models", "presentations", "--engines",
                    p.engines.joinToString(","),
                    "--approaches",
                    p.approaches.joinToString(",") {
                        it.id
                    },
                    "--users", levels.joinToString(","), "--repeat", MIN_REPEAT.toString(),
                ) + windowArgs(measured) + extra,
                Duration.ofSeconds(
                    SERVER_SECONDS + ReproducePlan.warmupSeconds(routes) +
                        (routes * MIN_REPEAT * levels.sumOf { windowSeconds(measured, driver, it) }).toLong(),
                ),
                "$routes route${if (routes == 1) "" else "s"}; $what",
            )
        }
        val paper = Setups.PAPER_000.name
        return listOf(
            slice(
                "$paper-rocker-8k",
                rocker,
                listOf(Seed000Kit.TOP),
                listOf("--setup", paper),
                "seed 000 5.1: Rocker on Quarkus's 8 KB build (seed 000's setup)",
                Setups.PAPER_000,
            ),
            slice(
                "$paper-ours-quarkus-output-buffer-rocker",
                rocker,
                listOf(Seed000Kit.TOP),
                listOf("--setup", paper, "--ours", "quarkus-output-buffer"),
                "the same on the 512 B build",
                Setups.PAPER_000.withOurs(listOf("quarkus-output-buffer")),
            ),
            slice(
                "drivers-jmeter",
                drivers,
                DRIVER_LEVELS,
                listOf("--driver", "jmeter"),
                "seed 000 5.1: the routes loaded by JMeter",
                null,
                "jmeter",
            ),
            slice("drivers-ab", drivers, DRIVER_LEVELS, listOf("--driver", "ab"), "the same routes loaded by Apache Bench", null, "ab"),
        )
    }

    /**
     * One framework's pages: under the tool's setup, or under [setup] (`--setup`), or with [ours] one factor of it
     * back at the tool's value (`--ours`).
     */
    fun pagesPhase(p: PagesPhase, repeat: Int, measured: Int, setup: Setup? = null, ours: String? = null): Phase {
        val subset = p.approaches.size < PAGES.first { it.framework == p.framework }.approaches.size
        val name = when {
            ours != null -> "${setup!!.name}-ours-$ours-${p.framework}"
            setup != null -> "${setup.name}-pages-${p.framework}" + (if (subset) "-" + p.approaches.joinToString("-") { it.id } else "")
            else -> "pages-${p.framework}"
        }
        // the routes some claim reads, of those the selection gives (`--claims-only` measures no other)
        val routes = "${p.keys().count { it in ReproducePlan.claimLevels(setup).byRoute }} of ${p.routes}"
        val what = when {
            ours != null -> "$routes routes; ${setup!!.name} with ${setup.factors.first {
                it.factor == ours
            }.what} at the tool's value ($ours)"

            setup != null -> "$routes routes; ${p.framework} as ${setup.name} ran it"

            else -> "$routes routes; ${p.why}"
        }
        // the tool's own pages go on to 256 users for the comparisons at their floor; the papers' stop at 128
        val levels = if (setup == null) ReproducePlan.TOOL_LEVELS else LEVELS
        return Phase(
            name,
            name,
            listOf(
                "run", "--quick", "--frameworks", p.framework, "--models", Model.all.joinToString(",") { it.id },
                "--engines", p.engines.joinToString(","), "--approaches", p.approaches.joinToString(",") { it.id },
                "--users", levels.joinToString(","),
                "--repeat", repeat.toString(), "--claims-only",
            ) + (if (p.also.isEmpty()) emptyList() else listOf("--also", p.also.joinToString(","))) +
                windowArgs(measured) +
                (if (setup == null) ReproducePlan.peakArgs() else listOf("--setup", setup.name)) +
                (if (ours != null) listOf("--ours", ours) else emptyList()),
            Duration.ofSeconds(
                pagesSeconds(p, repeat, measured, peaks = setup == null, setup = setup?.withOurs(listOfNotNull(ours))),
            ),
            what,
        )
    }
}
