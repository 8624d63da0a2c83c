package pssr.bench.cli

import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.time.temporal.ChronoUnit
import java.util.concurrent.Callable
import picocli.CommandLine.Command
import picocli.CommandLine.Option
import pssr.bench.project.Project
import pssr.bench.Durations
import pssr.bench.UsageError
import pssr.bench.cli
import pssr.bench.claims.Claims
import pssr.bench.claims.Estimate
import pssr.bench.claims.Evidence
import pssr.bench.claims.Ledger
import pssr.bench.claims.Rounds
import pssr.bench.run.ReproducePlan
import pssr.bench.results.Shard
import pssr.bench.process.Stopping

@Command(name = "reproduce", mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "Run what the seeds' claims need, fitted to a time budget, into one folder, then judge every claim (./pssr claims): " +
            "the plan and its estimated time are printed before anything starts.",
        "Each phase is an ordinary ./pssr command into a folder of its own (pages per framework, students, products/forward, " +
            "browser); --resume DIR continues an interrupted reproduce, each phase where it stopped.",
        "Ends with the verdict counts and the path of claims.md.",
    ])
class ReproduceCommand : Callable<Int> {
    @picocli.CommandLine.Mixin lateinit var concurrency: pssr.bench.process.ConcurrencyOption
    @picocli.CommandLine.Spec lateinit var spec: picocli.CommandLine.Model.CommandSpec
    @Option(names = ["--budget"], paramLabel = "DURATION", description = ["Time for the whole reproduce, e.g. 90m, 2h (default \${DEFAULT-VALUE}: the " +
        "tool's setup, seed 000's setup and its one-factor runs on 2 cores); never fewer than 3 repetitions; the plan names what a shorter one leaves out"])
    var budget: String = "3h"

    @Option(names = ["--only"], split = ",", paramLabel = "PHASE", description = ["Run only these phases of the plan (names as --plan prints them), " +
        "e.g. pages-webflux,paper-000-pages-webflux,paper-000-ours-webflux-blocking-threads-webflux"])
    var only: List<String> = emptyList()

    @Option(names = ["--out"], paramLabel = "DIR", description = ["The folder (default results/reproduce-<time>); must not exist unless --resume"])
    var out: Path? = null

    @Option(names = ["--resume"], paramLabel = "DIR", description = ["Continue an interrupted reproduce in DIR (with the budget it started with)"])
    var resume: Path? = null

    @Option(names = ["--plan"], description = ["Print the plan and its estimated time, and stop"])
    var planOnly: Boolean = false

    @Option(names = ["--shard"], paramLabel = "K/N", description = ["Run part K of N of the phases (whole phases, balanced by estimate, the same split on every machine); judge all parts together with ./pssr claims DIR..."])
    var shard: String? = null

    override fun call(): Int {
        val time = parseBudget(budget)
        val part = shard?.let(Shard::parse)
        val whole = ReproducePlan.fit(time)
            ?: throw UsageError("--budget $budget is too short for the claims' runs (3 repetitions of 1 s windows need about ${ReproducePlan.minimumBudget().toMinutes()} min); give --budget ${ReproducePlan.minimumBudget().toMinutes()}m or more")
        val parted = part?.let { whole.part(it) } ?: whole
        val unknown = only.filter { n -> whole.phases.none { it.name == n } }
        if (unknown.isNotEmpty()) throw UsageError("--only ${unknown.joinToString(",")}: not a phase of this plan; its phases: ${whole.phases.joinToString(", ") { it.name }}")
        val plan = if (only.isEmpty()) parted else parted.copy(phases = parted.phases.filter { it.name in only })
        if (part != null && plan.phases.isEmpty()) throw UsageError("--shard $part: the plan has ${whole.phases.size} phases, so part ${part.index} of ${part.count} has none; use at most ${whole.phases.size} parts")
        if (out != null && resume != null && out!!.toAbsolutePath() != resume!!.toAbsolutePath()) throw UsageError("--resume and --out name different directories; give only --resume DIR")
        val dir = (resume ?: out ?: Project.resultsPath("reproduce-")).toAbsolutePath().normalize()
        if (resume != null && !Files.isDirectory(dir)) throw UsageError("--resume: no reproduce folder at $dir")
        if (resume == null && Files.exists(dir) && Files.list(dir).use { it.findFirst().isPresent }) throw UsageError("$dir is not empty; choose another --out, or continue it with --resume $dir (nothing was overwritten)")
        part?.let { println("reproduce --shard $it: ${plan.phases.size} of the ${whole.phases.size} phases; after every part, judge them together: ./pssr claims <each part's folder>/*/") }
        plan.describe().forEach(::println)
        if (planOnly) return 0
        // a stop during any phase names this reproduce's own --resume (with the options it was given), in its folder too
        val resumeCommand = Stopping.resumeCommand("reproduce", Stopping.argsOf(spec), dir)
        return pssr.bench.process.MeasureLock.holding(spec, concurrency) { Stopping.within(dir, resumeCommand) { reproduce(dir, plan, time) } }
    }

    private fun reproduce(dir: Path, plan: ReproducePlan, time: Duration): Int {
        Files.createDirectories(dir)
        val started = System.nanoTime()
        var failed = 0
        for ((i, phase) in plan.phases.withIndex()) {
            Stopping.check() // a stopped phase is not a failed one, and no further phase starts
            Stopping.stage = "phase ${i + 1}/${plan.phases.size} ${phase.name}"
            val folder = dir.resolve(phase.folder)
            val args = argsFor(phase, folder)
            if (args == null) { println("== phase ${i + 1}/${plan.phases.size} ${phase.name}: done before, kept"); continue }
            println("== phase ${i + 1}/${plan.phases.size} ${phase.name} (about ${phase.estimate.toMinutes()} min): ./pssr ${args.joinToString(" ")}")
            val code = cli().execute(*args.toTypedArray())
            Stopping.check()
            if (code != 0) { failed++; println("== phase ${phase.name} ended with exit code $code; the claims it serves may be judged on fewer rows or not measured") }
        }
        val took = Duration.ofNanos(System.nanoTime() - started)
        println("== reproduce took ${took.toMinutes()} min ${took.toSecondsPart()} s (estimated ${plan.estimate.toMinutes()} min, budget ${time.toMinutes()} min)")
        val folders = plan.phases.map { dir.resolve(it.folder) }
            .filter { f -> listOf("results.csv", "verification.csv", "summary.csv").any { Files.isRegularFile(f.resolve(it)) } }.toMutableList()
        if (folders.isEmpty()) { println("== no phase wrote results; nothing to judge"); return 1 }
        val ledger = judgeInRounds(dir, folders, plan, time, started)
        Files.writeString(dir.resolve("claims.md"), ledger.markdown(folders))
        Files.writeString(dir.resolve("claims.csv"), ledger.csv())
        println("claims: ${ledger.counts()}")
        println("claims: ${dir.resolve("claims.md")}")
        return if (failed == 0) 0 else 1
    }

    /**
     * The first look at every claim, then rounds ([Rounds]) while claims stay inconclusive and the budget has room: each
     * round measures again, in one more shared JVM per framework, the pages routes and levels those claims read (3 more
     * repetitions, numbered on from the earlier ones), and every claim still open is judged on everything measured.
     */
    private fun judgeInRounds(dir: Path, folders: MutableList<Path>, plan: ReproducePlan, time: Duration, started: Long): Ledger {
        val rounds = Rounds()
        fun ledger(confidence: Double) = Ledger.judge(folders.map(Evidence::folder), confidence = confidence)
        val outcome = rounds.run(
            judge = { round, confidence -> ledger(confidence).also { println("== look $round (intervals at ${Estimate.label(confidence)}): ${it.counts()}") }
                .entries.associate { (c, j) -> c.id to j } },
            measure = { round, open -> measureAgain(dir, round, open, folders, plan, time, started, rounds.confidence(round - 1)) })
        val last = ledger(rounds.confidence(outcome.rounds))
        return last.copy(entries = last.entries.map { (c, j) -> c to (outcome.judgements[c.id] ?: j) }, rounds = if (outcome.rounds > 1) outcome.roundOf else emptyMap())
    }

    /** One round's runs: the pages routes and levels the [open] claims read, per framework; false when none can be measured again or the budget has no room. */
    private fun measureAgain(dir: Path, round: Int, open: Set<String>, folders: MutableList<Path>, plan: ReproducePlan, time: Duration, started: Long, confidence: Double): Boolean {
        val evidence = Evidence.of(folders.map(Evidence::folder).filter { it.setup.isEmpty() }, confidence)
        val routes = Claims.all.filter { it.id in open }.flatMap { c ->
            val trace = Evidence.Trace()
            evidence.trace = trace
            try { c.judged(evidence) } finally { evidence.trace = null }
            trace.routes
        }
        val runs = routes.groupBy { it.framework }.mapNotNull { (fw, rs) ->
            val phase = ReproducePlan.PAGES.firstOrNull { it.framework == fw } ?: return@mapNotNull null
            // an aggregate (engine null) reads every engine of its approach
            val engines = (rs.mapNotNull { it.engine } + if (rs.any { it.engine == null }) phase.engines else emptyList()).distinct()
            val users = rs.map { it.users }.distinct().sorted()
            val args = listOf("run", "--quick", "--frameworks", fw, "--models", rs.map { it.model }.distinct().joinToString(","),
                "--engines", engines.joinToString(","), "--approaches", rs.map { it.approach }.distinct().joinToString(","),
                "--users", users.joinToString(","), "--repeat", ReproducePlan.MIN_REPEAT.toString(), "--first-repetition", (round * 100 + 1).toString(),
                "--route-warmup", "${ReproducePlan.ROUTE_WARMUP_SECONDS}s", "--warmup", "${ReproducePlan.WARMUP_SECONDS}s", "--duration", "${plan.measuredSeconds}s")
            val n = engines.size * rs.map { it.approach }.distinct().size * rs.map { it.model }.distinct().size
            val seconds = ReproducePlan.SERVER_SECONDS + ReproducePlan.FIRST_STEADY_SECONDS + n * ReproducePlan.STEADY_ROUTE_SECONDS + n * users.size * ReproducePlan.MIN_REPEAT *
                (ReproducePlan.WARMUP_SECONDS + plan.measuredSeconds + ReproducePlan.WINDOW_OVERHEAD_SECONDS)
            Triple(fw, args, seconds.toLong())
        }
        if (runs.isEmpty()) { println("== round $round: the ${open.size} open claims read no pages routes that can be measured again"); return false }
        val left = time.seconds - (System.nanoTime() - started) / 1_000_000_000
        val need = runs.sumOf { it.third }
        if (need > left * ReproducePlan.BUDGET_SHARE) { println("== round $round would take about ${need / 60} min, ${left / 60} min of the budget left: no more rounds"); return false }
        println("== round $round: ${open.size} claims still inconclusive; measuring their routes again (about ${need / 60} min)")
        for ((fw, args, _) in runs) {
            val folder = dir.resolve("round-$round-$fw")
            val code = cli().execute(*(args + listOf("--out", folder.toString())).toTypedArray())
            if (Files.isRegularFile(folder.resolve("results.csv"))) folders.add(folder)
            if (code != 0) println("== round $round $fw ended with exit code $code")
        }
        return true
    }

    /** The phase's command line into [folder]: a new run, its resume, or null when it is complete (browser: its summary exists). */
    private fun argsFor(phase: ReproducePlan.Phase, folder: Path): List<String>? {
        val started = Files.isDirectory(folder) && Files.list(folder).use { it.findFirst().isPresent }
        return when {
            phase.args.first() == "browser" -> when {
                Files.isRegularFile(folder.resolve("summary.csv")) -> null
                started -> {
                    // an interrupted browser run has no summary; its raw files are kept beside, never deleted
                    val aside = folder.resolveSibling("${folder.fileName}.interrupted-${System.currentTimeMillis()}")
                    Files.move(folder, aside)
                    println("== phase ${phase.name}: the interrupted browser run moved to $aside; starting it again")
                    phase.args + listOf("--out", folder.toString())
                }
                else -> phase.args + listOf("--out", folder.toString())
            }
            started && Files.isRegularFile(folder.resolve("environment.json")) -> phase.args + listOf("--resume", folder.toString())
            else -> phase.args + listOf("--out", folder.toString())
        }
    }

    companion object {
        /** `90m`, `2h`, `5400s`, or plain minutes (the other duration options count seconds); 1 minute to 7 days. */
        fun parseBudget(text: String): Duration =
            Durations.parse("--budget", text, Duration.ofMinutes(1), Duration.ofDays(7), ChronoUnit.MINUTES)
    }
}
