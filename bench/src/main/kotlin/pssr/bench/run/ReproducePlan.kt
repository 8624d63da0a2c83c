package pssr.bench.run

import pssr.bench.claims.ClaimKit
import pssr.bench.claims.Seed002
import pssr.bench.console.Durations
import pssr.bench.console.Fmt
import pssr.bench.results.Shard
import pssr.bench.setup.Setup
import pssr.views.Approach
import java.time.Duration
import java.time.temporal.ChronoUnit

/**
 * What `./pssr reproduce` runs to judge the seeds' claims, fitted to a time budget: one phase per framework for the
 * pages (the routes the claims of seeds 000-002 name, at every level from 2 to 128 users, so "scales up to N" can be
 * read for each N), then seed 003's students, seed 004's products and forward, and seed 002's browser pages. Each
 * phase is an ordinary command line of `./pssr` into a folder of its own under one output folder, so it resumes as
 * that command does and can be run by hand.
 *
 * The pages share one JVM per framework (`--quick`'s mode, with its interleaved order) because a fresh JVM per route
 * and repetition would take the budget several times over; every comparison is then within one JVM, and the
 * repetitions alternate the order (docs/HARNESS.md). The fit keeps at least [MIN_REPEAT] repetitions, because the
 * claims that compare two routes within 10% need an interval, and shortens the measured window first.
 */
data class ReproducePlan(
    val phases: List<Phase>,
    val repeat: Int,
    val measuredSeconds: Int,
    val budget: Duration,
    /** Optional phases the budget left out (the papers' setups, one-factor runs), printed with the plan. */
    val left: List<Phase> = emptyList(),
) {
    /** One command line of `./pssr` into [folder], with its estimated duration. */
    data class Phase(val name: String, val folder: String, val args: List<String>, val estimate: Duration, val what: String)

    val estimate: Duration get() = phases.fold(Duration.ZERO) { a, p -> a + p.estimate }

    /**
     * `reproduce --shard K/N`: the phases of part K, whole phases dealt longest first to the part with the least
     * estimated time so far (the same on every machine). Claims compare routes within a phase, so a phase never
     * crosses machines; `./pssr claims` judges the parts' folders together. The part's budget is its share of the whole
     * one (by estimate), so that its rounds stop where a whole reproduce's share for those phases would: a part fits a
     * session of its own instead of spending the whole budget's rounds on half the claims.
     */
    fun part(shard: Shard): ReproducePlan {
        val load = LongArray(shard.count)
        val owner = phases.sortedWith(compareByDescending<Phase> { it.estimate }.thenBy { it.folder }).associate { p ->
            val i = load.indices.minBy { load[it] }
            load[i] += p.estimate.seconds
            p.folder to i
        }
        val mine = phases.filter { owner[it.folder] == shard.index - 1 }
        val share = if (estimate.isZero) 0L else budget.seconds * mine.sumOf { it.estimate.seconds } / estimate.seconds
        return copy(phases = mine, budget = Duration.ofMinutes((share + 59) / 60))
    }

    /** The plan as a table, for the console before anything starts. */
    fun describe(): List<String> = buildList {
        add(
            "reproduce: ${phases.size} phases, estimated ${Durations.span(
                estimate,
            )} of the ${Durations.describe(budget)} budget; pages: $repeat " +
                "repetitions of $measuredSeconds s windows at ${LEVELS.joinToString(",")} users (and $ABOVE_TOP for comparisons) " +
                "($PEAK_REPEAT at ${PEAK_LEVELS.joinToString(",")} in the tool's setup)",
        )
        for (p in phases) add(Fmt.line("  %-50s %12s  %s", p.name, Durations.span(p.estimate), p.what))
        add(
            "  then, in the budget left: the one-factor runs of the claims whose verdict differs between the setups (their routes " +
                "and levels only), and rounds for the claims still inconclusive",
        )
        if (left.isNotEmpty()) {
            add(
                "  left out by this budget (${Durations.span(
                    left.fold(Duration.ZERO) { a, p ->
                        a + p.estimate
                    },
                )}): ${left.joinToString(", ") { it.name }}",
            )
        }
    }

    companion object {
        const val MIN_REPEAT = 3
        const val MAX_MEASURED_SECONDS = 10
        val LEVELS = listOf(2, 4, 8, 16, 32, 64, 128)

        /**
         * The level above [LEVELS]' top the tool's pages phases measure too, for the comparisons only
         * ([pssr.bench.claims.Claim.offFloor]): where their routes sit at their latency floor at 128 users they are read
         * here. Run M (a faster machine than run L's) had WebFlux's Stocks at 0.78-0.82 of their 128-user floor with the
         * cores short of 90% busy: 14 comparisons floor-bound at 128 and no level above to read. The papers' setups stop at
         * 128, as the papers did.
         */
        const val ABOVE_TOP = 256

        /** The levels of the tool's pages phases: [LEVELS], and [ABOVE_TOP] for the routes the comparisons read. */
        val TOOL_LEVELS = LEVELS + ABOVE_TOP
        const val WARMUP_SECONDS = 1
        const val ROUTE_WARMUP_SECONDS = 2

        /**
         * Per measured window beyond warm-up and measurement: `run --plan`'s count. Windows of 1+1 s cost 2.2 s each in a whole
         * reproduce's first part, whose phases took 57 min of the 80 estimated when 1.0 s was counted here.
         */
        const val WINDOW_OVERHEAD_SECONDS = RunEstimate.LEVEL_OVERHEAD_S

        /**
         * The same under JMeter: a 1+1 s window cost 3.3 s in a whole default reproduce (the paper-000 pages phases), not the
         * 2.4 s wrk's overhead counts, so the paper's pages ran about 3 min over their estimate each.
         */
        const val JMETER_WINDOW_OVERHEAD_SECONDS = 1.3

        /**
         * One measured window of [measured] s with its warm-up and its driver's overhead ([driver] null: wrk); in the seeds' profile
         * ([perUser] requests per user, at [users]) as long as those requests take: 12.5 ms each on the floor, or at most
         * [JMETER_RPS] over all users.
         */
        fun windowSeconds(measured: Int, driver: String? = null, users: Int = 0, perUser: Int = 0): Double =
            WARMUP_SECONDS + (if (perUser > 0) perUser * maxOf(FLOOR_REQUEST_SECONDS, users / JMETER_RPS) else measured.toDouble()) +
                if (driver == "jmeter") JMETER_WINDOW_OVERHEAD_SECONDS else WINDOW_OVERHEAD_SECONDS

        /** JMeter's pace at 128 users here (HtmlFlow suspending 6,119 req/s, Thymeleaf reactive 4,155); thread-bound routes are slower. */
        const val JMETER_RPS = 5000.0

        /** A 10-item page under JMeter at 2 users: 160 req/s, 12.5 ms a request (Stocks' 20 items take twice as long). */
        const val FLOOR_REQUEST_SECONDS = 0.0125

        /**
         * One window at [users] as a phase under [setup] measures it: its driver; never the setup's load profile, since every phase
         * gives its own window ([windowArgs]: `--duration`, which `run` takes over a setup's `--requests-per-user`).
         */
        fun windowSeconds(measured: Int, setup: Setup?, users: Int): Double = windowSeconds(measured, driverOf(setup), users)

        /** The driver a run under [setup] uses when it names none: the setup's (seed 000's and 001's: JMeter), else wrk (null). */
        fun driverOf(setup: Setup?): String? = setup?.runDefault("--driver")

        /**
         * The levels the claims compare routes at (the papers' peaks: 32 and 64 users on MVC and Quarkus, 128 everywhere)
         * and the flattening of a scaling claim, T(128)/T(64), which the tool's pages phases measure [PEAK_REPEAT] times
         * (`--repeat-at`) in their shared JVM. Why: with [MIN_REPEAT] windows a paired ratio has 2 degrees of freedom
         * (Student t 6.2 at 97.5%), so a window scatter of 2-3% gives about ±11% and no "comparable within 10%" can
         * come out (3 repetitions left 30 of 69 claims inconclusive); six give t 3.2 over twice the windows, about ±4%. The lower
         * levels' steps are doublings (T(8)/T(4) ~2), decided with three. The papers' setups and one-factor runs keep
         * three: their verdicts are the second column, which no round re-measures (rounds serve the tool's column).
         */
        val PEAK_LEVELS = listOf(32, 64, 128, ABOVE_TOP)
        const val PEAK_REPEAT = 6

        /** Starting, listing and verifying one framework's server. */
        const val SERVER_SECONDS = 40L

        /**
         * The shared JVM's warm-up until steady, its routes in turns, counted as 5 s per route with its page fetch: WebFlux's
         * 18 routes were steady after 91 s of load, 5 routes after 36 s, Quarkus's 5 after 20 s (docs/HARNESS.md).
         */
        const val FIRST_STEADY_SECONDS = 4L
        const val STEADY_ROUTE_SECONDS = 5L

        /** Load a shared JVM needs until its JIT is done, however few its routes: steady after 26-36 s here (docs/HARNESS.md). */
        const val JVM_STEADY_SECONDS = 40L

        /**
         * The warm-up of a shared JVM on [routes] routes: [STEADY_ROUTE_SECONDS] per route, and never less than [JVM_STEADY_SECONDS],
         * because the JIT's work is the JVM's, not the routes': a one-route phase (seed 000 5.1's Rocker slice) took 96 s
         * here, 80 of them warming while its levels compiled, against 49 s estimated by the routes alone.
         */
        fun warmupSeconds(routes: Int): Long =
            maxOf(JVM_STEADY_SECONDS, FIRST_STEADY_SECONDS + routes * maxOf(ROUTE_WARMUP_SECONDS.toLong(), STEADY_ROUTE_SECONDS))

        /** `--steady-cap` of the pages phases and rounds, per route: 18 routes needed 5 turns (91 s), the quick run's 4 s gave 72. */
        const val STEADY_CAP_SECONDS = 6

        /** The warm-ups and windows of every pages phase and round: `--route-warmup`, `--steady-cap`, `--warmup`, `--duration`. */
        fun windowArgs(measured: Int, steadyCap: Int = STEADY_CAP_SECONDS) = listOf(
            "--route-warmup",
            "${ROUTE_WARMUP_SECONDS}s",
            "--steady-cap",
            "${steadyCap}s",
            "--warmup",
            "${WARMUP_SECONDS}s",
            "--duration",
            "${measured}s",
        )

        val PAGES = listOf(
            PagesPhase(
                "webflux",
                ClaimKit.AGGREGATED.getValue("webflux"),
                listOf(Approach.REACTIVE, Approach.SUSPENDING, Approach.VIRTUAL, Approach.BLOCKING),
                "seed 000 5.2/5.3/5.4, 001, 002: HtmlFlow reactive/suspending/virtual, JStachio virtual, Thymeleaf reactive, blocking " +
                    "engines on the dispatcher; seed 002's other Sync engines blocking on Presentations",
                // seed 002's Sync line (5), blocking on the dispatcher, Presentations only: the engines not measured above
                Seed002.SYNC.filter { it !in ClaimKit.AGGREGATED.getValue("webflux") }.map {
                    AlsoRoute(it, Approach.BLOCKING, "presentations")
                },
            ),
            PagesPhase(
                "mvc",
                ClaimKit.AGGREGATED.getValue("mvc"),
                listOf(Approach.BLOCKING, Approach.VIRTUAL),
                "seed 000 5.2/5.3: MVC blocking vs virtual, streaming verdicts",
            ),
            PagesPhase(
                "quarkus",
                ClaimKit.AGGREGATED.getValue("quarkus"),
                listOf(Approach.BLOCKING, Approach.VIRTUAL, Approach.REACTIVE),
                "seed 000 5.2/5.3: Quarkus blocking, virtual, HtmlFlow reactive",
            ),
        )

        /** The routes and [LEVELS] the claims read, which the pages phases measure (`run --claims-only`). */
        internal val claimLevels: ClaimLevels get() = claimLevels(null)

        private val levelsBySetup = HashMap<String?, ClaimLevels>()

        /** The same for a phase under [setup]: the levels the claims judged on its rows read ([ClaimLevels.judgedUnder]). */
        internal fun claimLevels(setup: Setup?): ClaimLevels = synchronized(levelsBySetup) {
            levelsBySetup.getOrPut(setup?.name) {
                ClaimLevels(PAGES.flatMap { it.keys() }, if (setup == null) TOOL_LEVELS else LEVELS, ClaimLevels.judgedUnder(setup))
            }
        }

        /**
         * Seconds of one pages phase with [repeat] repetitions of [measured] s windows, [PEAK_REPEAT] at [PEAK_LEVELS] with
         * [peaks]: each of its routes some claim judged under [setup] reads, at the levels it reads it at ([claimLevels]).
         */
        fun pagesSeconds(p: PagesPhase, repeat: Int, measured: Int, peaks: Boolean = false, setup: Setup? = null): Long {
            val read = p.keys().mapNotNull { claimLevels(setup).byRoute[it] }
            val windows = read.sumOf { levels ->
                levels.sumOf { u -> (if (peaks && u in PEAK_LEVELS) PEAK_REPEAT else repeat) * windowSeconds(measured, setup, u) }
            }
            return SERVER_SECONDS + warmupSeconds(read.size) + windows.toLong()
        }

        /** `--repeat-at` of the tool's pages phases. */
        fun peakArgs() = listOf("--repeat-at", PEAK_LEVELS.joinToString(",") + ":$PEAK_REPEAT")

        /** The share of the budget a plan may fill: estimates are estimates, and the budget is a promise. */
        const val BUDGET_SHARE = 0.9

        /**
         * The share of what the first pass left that the one-factor runs may take; the rest is the rounds'. Rounds decide
         * verdicts, one-factor runs only name what turns one (run M's first pass left 40 min, and its one-factor runs would
         * have taken 38 of them: no round; run O's took half of its 24 and its one round decided 2 of the 3 claims it measured).
         */
        const val ONE_FACTOR_SHARE = 0.25

        private fun seconds(phases: List<Phase>) = phases.sumOf { it.estimate.seconds }

        /**
         * The longest measured window (1..10 s) with which the whole plan fits [BUDGET_SHARE] of [budget] at [MIN_REPEAT]
         * repetitions; when it does not fit even with 1 s windows, 1 s windows with the [optional] phases that fit, in
         * their order. Null when not even the tool's own setup fits.
         */
        fun fit(budget: Duration): ReproducePlan? {
            val room = (budget.seconds * BUDGET_SHARE).toLong()
            val whole = (MAX_MEASURED_SECONDS downTo 1).firstOrNull { m ->
                val total = seconds(ReproducePhases.required(m)) + seconds(ReproducePhases.optional(m))
                total <= room
            }
            if (whole != null) {
                return ReproducePlan(
                    ordered(ReproducePhases.required(whole), ReproducePhases.optional(whole)),
                    MIN_REPEAT,
                    whole,
                    budget,
                )
            }
            val left = room - seconds(ReproducePhases.required(1))
            if (left < 0) return null
            val chosen = fitting(ReproducePhases.optional(1), left) { it.estimate.seconds }
            return ReproducePlan(
                ordered(ReproducePhases.required(1), chosen),
                MIN_REPEAT,
                1,
                budget,
                left = ReproducePhases.optional(1).filter { it !in chosen },
            )
        }

        /** The tool's pages, then the setups' pages and one-factor runs, then the other workloads (the browser last). */
        private fun ordered(required: List<Phase>, optional: List<Phase>): List<Phase> {
            fun pages(p: Phase) = "--models" in p.args
            return required.filter(::pages) + optional.filter(::pages) + required.filterNot(::pages) + optional.filterNot(::pages)
        }

        /** `90m`, `2h`, `5400s`, or plain minutes (the other duration options count seconds); 1 minute to 7 days. */
        fun parseBudget(text: String): Duration =
            Durations.parse("--budget", text, Duration.ofMinutes(1), Duration.ofDays(7), ChronoUnit.MINUTES)

        /** The shortest budget [fit] accepts, for the message when the given one is too short. */
        fun minimumBudget(): Duration = Duration.ofSeconds((seconds(ReproducePhases.required(1)) / BUDGET_SHARE).toLong() + 59).let {
            Duration.ofMinutes(it.toMinutes())
        }
    }
}
