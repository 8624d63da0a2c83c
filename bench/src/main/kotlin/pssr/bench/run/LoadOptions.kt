
package pssr.bench.run

import picocli.CommandLine.Option
import pssr.bench.console.Durations
import pssr.bench.console.HelpSection
import pssr.bench.console.UsageError
import pssr.bench.measure.AbDriver
import pssr.bench.measure.ConnectionLimits
import pssr.bench.measure.LoadDriver
import pssr.bench.measure.Profiler
import pssr.bench.measure.Windows
import pssr.bench.measure.WrkDriver
import pssr.bench.setup.Setup
import java.nio.file.Path
import java.time.Duration

/** `run`: the load, levels, windows and repetitions. */
class LoadOptions : HelpSection {
    override val heading = "Load (users, rate, driver, windows, repetitions)"

    @Option(
        names = ["--users"],
        split = ",",
        paramLabel = "N",
        description = [
            "Users (connections) per level (default 1,2,4,8,16,32,64,128, then doublings until saturated: --saturate-to; " +
                "quick 256: where no route reaches its floor, the level the quick run ranks at)",
        ],
    )
    var users: List<Int>? = null

    @Option(
        names = ["--rate"],
        split = ",",
        paramLabel = "R",
        description = [
            "Open model: requests per second per level, sent on " +
                "schedule whether or not earlier ones returned, latency from the scheduled send time (Hyperfoil, in this JVM); e.g. " +
                "100,500,1000. Alone it replaces the user levels; with --users both run, closed loop first",
        ],
    )
    var rates: List<Int>? = null

    @Option(
        names = ["--p99-limit"],
        paramLabel = "MS",
        description = [
            "Open model: the report names, per route, the highest rate held " +
                "with p99 latency at or under this (default \${DEFAULT-VALUE} ms)",
        ],
    )
    var p99LimitMs: Double = 100.0

    @Option(
        names = ["--driver"],
        paramLabel = "NAME",
        description = [
            "Load driver: wrk (default; checks every response in Lua), jmeter " +
                "(the seeds' tool, in this JVM; the default under --setup paper-000 and paper-001, as those papers ran) or ab " +
                "(Apache Bench, the seeds' cross-check: HTTP/1.0, a connection per request)",
        ],
    )
    var driverChoice: String? = null

    /**
     * The run's setup ([useSetup]): its driver (`--setup paper-000`: jmeter) and load profile (none applies one), used when the run
     * names none, and the claims whose levels `--claims-only` measures (a paper's: its seeds' claims only).
     */
    private var setup: Setup? = null
    private val setupDriver: String? get() = setup?.runDefault("--driver")
    private val setupRequestsPerUser: Int? get() = setup?.runDefault("--requests-per-user")?.toInt()

    /** The load driver: the one the user named, else the setup's, else wrk. */
    val driver: String get() = driverChoice ?: setupDriver ?: "wrk"

    fun useSetup(setup: Setup?) {
        this.setup = setup
    }

    @Option(
        names = ["--requests-per-user"],
        paramLabel = "N",
        description = [
            "The seeds' load profile: each level's measured window is N requests from every user (JMeter's loops, ab's -n " +
                "USERS x N) instead of --duration. With --driver jmeter or ab; seeds 000-002 ran 256, the default of --setup paper-000 " +
                "and paper-001 when the run gives no --duration (docs/SETUPS.md)",
        ],
    )
    var requestsPerUser: Int? = null

    /**
     * The profile in force: the user's, else the setup's where the driver can count requests (wrk cannot) and the run gives no
     * window of its own (`--duration`: reproduce's phases), else 0 (time windows).
     */
    private fun perUser(): Int {
        val given = requestsPerUser
        if (given != null && (given !in 1..100_000 || driver !in LoadDriver.COUNTING)) {
            throw UsageError(
                "--requests-per-user must be 1 to 100000 with --driver ${LoadDriver.COUNTING.joinToString(
                    " or ",
                )} (wrk runs for a time), " +
                    "was $given with $driver",
            )
        }
        return given ?: setupRequestsPerUser?.takeIf { driver in LoadDriver.COUNTING && duration == null } ?: 0
    }

    @Option(names = ["--wrk"], paramLabel = "PATH", description = ["The wrk binary (default: wrk on PATH)"])
    var wrkPath: Path? = null

    @Option(
        names = ["--driver-threads"],
        paramLabel = "N",
        description = ["wrk threads (default \${DEFAULT-VALUE}; capped at the users of a level)"],
    )
    var driverThreads: Int = 1

    @Option(
        names = ["--load-engines"],
        paramLabel = "HOST:PORT[,HOST:PORT...]",
        description = [
            "--driver jmeter: run the load on these JMeter remote engines (./pssr load-engine), each user level split evenly between them",
        ],
    )
    var loadEngines: String? = null

    @Option(
        names = ["--route-warmup"],
        paramLabel = "DURATION",
        description = ["Load at the highest level before a route's first level, discarded (default 10s; quick 2s; 0 for none)"],
    )
    var routeWarmup: String? = null

    @Option(
        names = ["--steady-cap"],
        paramLabel = "DURATION",
        description = [
            "A route's warm-up goes on past --route-warmup until the JVM is steady (its JIT compiler threads idle, throughput " +
                "no longer rising; " +
                "docs/HARNESS.md), for at most this much load (default 60s; quick 5s; 0 for the fixed --route-warmup only)",
        ],
    )
    var steadyCap: String? = null

    @Option(
        names = ["--warmup"],
        paramLabel = "DURATION",
        description = ["Warm-up window of each level, discarded (default 3s; quick 1s; 0 for none)"],
    )
    var warmup: String? = null

    @Option(names = ["--duration"], paramLabel = "DURATION", description = ["Measured window of each level (default 10s; quick 2s)"])
    var duration: String? = null

    @Option(names = ["--repeat"], description = ["Repetitions of the sweep (default 5; quick 4, in mirrored order)"])
    var repeat: Int? = null

    @Option(
        names = ["--saturate-to"],
        paramLabel = "USERS",
        description = [
            "After the highest level, a route with a JVM of its own goes on doubling its users up to this many until it is " +
                "saturated: the cores busy and its throughput no longer rising by 5%% (docs/HARNESS.md, \"The regime of a level\"). " +
                "Default 2048 for the full sweep; 0 with --quick, --users or --target, and 0 turns it off",
        ],
    )
    var saturateTo: Int? = null

    @Option(
        names = ["--repeat-at"],
        paramLabel = "USERS:N",
        description = [
            "Measure these levels N times instead of --repeat times, e.g. 32,64,128:6: more repetitions where the comparisons " +
                "are read, without repeating every level (reproduce's pages phases)",
        ],
    )
    var repeatAt: String? = null

    @Option(names = ["--claims-only"], description = ["Measure each route only at the --users levels the seeds' claims read it at"])
    var claimsOnly: Boolean = false

    @Option(
        names = ["--jvms"],
        paramLabel = "N",
        description = [
            "With --quick: the repetitions alternate over N shared server JVMs per framework (default \${DEFAULT-VALUE}), so an " +
                "interval holds the variance between JVMs too, not only between windows of one (docs/CLAIMS.md)",
        ],
    )
    var jvms: Int = 1

    @Option(
        names = ["--first-repetition"],
        paramLabel = "N",
        description = [
            "Number the repetitions from N (default \${DEFAULT-VALUE}): " +
                "more repetitions of routes measured before, judged together without their numbers colliding (reproduce's rounds)",
        ],
    )
    var firstRepetition: Int = 1

    @Option(
        names = ["--timeout"],
        paramLabel = "DURATION",
        description = ["Idle timeout per request: no complete response within it is a timeout error (default \${DEFAULT-VALUE})"],
    )
    var timeout: String = "10s"

    /** [timeout] in seconds (checked: 1 s to 10 min). */
    val timeoutSeconds: Long get() = Durations.seconds("--timeout", timeout, 1, 600).seconds

    /** `--answer`'s levels, repetitions and JVMs where the user gave none ([Presets]). */
    fun useAnswerDefaults() {
        if (users == null) users = Presets.ANSWER_LEVELS
        if (repeat == null) repeat = Presets.ANSWER_JVMS
        if (jvms == 1) jvms = Presets.ANSWER_JVMS
    }

    /** The levels, windows and repetitions; every value checked ([UsageError] otherwise). */
    fun plan(quick: Boolean, itemDelayMs: Long, profileUsers: Int?): RunPlan {
        if (p99LimitMs.isNaN() || p99LimitMs <= 0) throw UsageError("--p99-limit must be milliseconds above 0, was $p99LimitMs")
        rates?.let { r ->
            if (r.isEmpty() || r.any { it !in 1..100_000 }) {
                throw UsageError("--rate must be requests per second from 1 to 100000, was $r")
            }
        }
        // --rate alone: no closed-loop levels; with --users too, both (closed loop first)
        val levels = if (rates != null && users == null) {
            emptyList()
        } else {
            users ?: if (quick) {
                listOf(Presets.QUICK_RANKING_LEVEL)
            } else {
                listOf(1, 2, 4, 8, 16, 32, 64, 128)
            }
        }
        if (users != null) ConnectionLimits.checkUsers("--users", levels)
        val reps = repeat ?: if (quick) Presets.QUICK_RANKING_WINDOWS else 5
        if (reps < 1) throw UsageError("--repeat must be >= 1, was $reps")
        val more = repeatAt?.let { parseRepeatAt(it, levels) } ?: emptyMap()
        val routeWarm = Durations.seconds("--route-warmup", routeWarmup ?: if (quick) "2s" else "10s", 0, 3600)
        val warm = Durations.seconds("--warmup", warmup ?: if (quick) "1s" else "3s", 0, 3600)
        val cap = Durations.seconds("--steady-cap", steadyCap ?: if (quick) "5s" else "60s", 0, 3600)
        val measured = Durations.seconds("--duration", duration ?: if (quick) "2s" else "10s", 1, 3600)
        val profiler = profileUsers?.let { u ->
            ConnectionLimits.checkUsers("--profile", listOf(u))
            Profiler.choose { System.err.println("pssr: --profile: $it") }
        }
        return RunPlan(
            levels.distinct().sorted(), routeWarm, Windows(warm, measured, perUser()), reps, itemDelayMs,
            Duration.ofSeconds(timeoutSeconds), profileUsers, profiler,
            if (cap.isZero) routeWarm else maxOf(cap, routeWarm),
            firstRepetition.also {
                if (it !in 1..1_000_000) throw UsageError("--first-repetition must be 1 to 1000000, was $it")
            },
            jvms.also {
                if (it !in 1..8) throw UsageError("--jvms must be 1 to 8, was $it")
                if (it > 1 && !quick) {
                    throw UsageError(
                        "--jvms needs --quick (shared server JVMs); without it every route and repetition has a JVM of its own",
                    )
                }
            },
            more,
            (saturateTo ?: if (quick || users != null) 0 else DEFAULT_SATURATE_TO).also {
                if (it == 1) throw UsageError("--saturate-to must be 0 (off) or users from 2 to ${ConnectionLimits.MAX_USERS}, was 1")
                if (it != 0) ConnectionLimits.checkUsers("--saturate-to", listOf(it))
            },
            if (claimsOnly) {
                ClaimLevels(ReproducePlan.PAGES.flatMap { it.keys() }, levels.distinct().sorted(), ClaimLevels.judgedUnder(setup)).byRoute
            } else {
                null
            },
        )
    }

    companion object {
        /** The full sweep's cap: Thymeleaf reactive still fell from 512 to 1,024 users on WebFlux; 2,048 leaves a doubling more. */
        const val DEFAULT_SATURATE_TO = 2048
    }

    /** The wrk binary for `--driver wrk` (checked to be wrk), null for `--driver jmeter`; anything else is a [UsageError]. */
    fun checkDriver(): Path? = when (driver) {
        "wrk" -> {
            if (driverThreads !in 1..64) throw UsageError("--driver-threads must be 1..64, was $driverThreads")
            WrkDriver.required(wrkPath)
        }

        "jmeter" -> null

        "ab" -> {
            AbDriver.locate() ?: throw UsageError(AbDriver.INSTALL_HINT)
            null
        }

        else -> throw UsageError("unknown --driver '$driver'; valid drivers: ${LoadDriver.NAMES.joinToString(", ")}")
    }
}
