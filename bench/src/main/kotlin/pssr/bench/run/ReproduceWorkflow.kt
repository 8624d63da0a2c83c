package pssr.bench.run

import pssr.bench.claims.Claims
import pssr.bench.claims.Estimate
import pssr.bench.claims.Evidence
import pssr.bench.claims.JudgedFolder
import pssr.bench.claims.Ledger
import pssr.bench.claims.Rounds
import pssr.bench.process.MeasureLock
import pssr.bench.process.Stopping
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/**
 * `./pssr reproduce` from its checked plan (cli/ReproduceCommand only parses and fits it): every phase into [dir] as an
 * ordinary command line through [command] (cli's entry point, so that a phase parses exactly as printed), then the claims
 * judged in rounds, claims.md and claims.csv. [resumeCommand] is what interrupted.txt names; [commandLine] the lock's label.
 */
class ReproduceWorkflow(
    private val dir: Path,
    private val plan: ReproducePlan,
    /** The budget the plan was fitted to; the rounds stop where it has no room. */
    private val time: Duration,
    private val resumeCommand: String,
    private val commandLine: String,
    private val allowConcurrent: Boolean,
    /** Runs one `./pssr` command line (its words after `./pssr`) in this JVM; its exit code. */
    private val command: (List<String>) -> Int,
) {
    fun execute(): Int = MeasureLock.holding(commandLine, allowConcurrent) { Stopping.within(dir, resumeCommand) { reproduce() } }

    private fun reproduce(): Int {
        Files.createDirectories(dir)
        val started = System.nanoTime()
        var failed = 0
        for ((i, phase) in plan.phases.withIndex()) {
            Stopping.check() // a stopped phase is not a failed one, and no further phase starts
            Stopping.stage = "phase ${i + 1}/${plan.phases.size} ${phase.name}"
            val folder = dir.resolve(phase.folder)
            val args = argsFor(phase, folder)
            if (args == null) {
                println("== phase ${i + 1}/${plan.phases.size} ${phase.name}: done before, kept")
                continue
            }
            println(
                "== phase ${i + 1}/${plan.phases.size} ${phase.name} (about ${phase.estimate.toMinutes()} min): ./pssr " +
                    "${args.joinToString(" ")}",
            )
            val code = command(args)
            Stopping.check()
            if (code != 0) {
                failed++
                println(
                    "== phase ${phase.name} ended with exit code $code; the claims it serves may be judged on fewer rows or not measured",
                )
            }
        }
        val took = Duration.ofNanos(System.nanoTime() - started)
        println(
            "== reproduce took ${took.toMinutes()} min ${took.toSecondsPart()} s (estimated ${plan.estimate.toMinutes()} min, " +
                "budget ${time.toMinutes()} min)",
        )
        val folders = plan.phases.map { dir.resolve(it.folder) }
            .filter { f -> listOf("results.csv", "verification.csv", "summary.csv").any { Files.isRegularFile(f.resolve(it)) } }
            .toMutableList()
        if (folders.isEmpty()) {
            println("== no phase wrote results; nothing to judge")
            return 1
        }
        val ledger = judgeInRounds(folders, started)
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
    private fun judgeInRounds(folders: MutableList<Path>, started: Long): Ledger {
        val rounds = Rounds()
        fun ledger(confidence: Double) = Ledger.judge(folders.map(JudgedFolder::read), confidence = confidence)
        val outcome = rounds.run(
            judge = { round, confidence ->
                ledger(confidence).also {
                    println("== look $round (intervals at ${Estimate.label(confidence)}): ${it.counts()}")
                }
                    .entries.associate { (c, j) -> c.id to j }
            },
            measure = { round, open -> measureAgain(round, open, folders, started, rounds.confidence(round - 1)) },
        )
        val last = ledger(rounds.confidence(outcome.rounds))
        return last.copy(
            entries = last.entries.map { (c, j) -> c to (outcome.judgements[c.id] ?: j) },
            rounds = if (outcome.rounds > 1) outcome.roundOf else emptyMap(),
        )
    }

    /**
     * One round's runs: the pages routes and levels the [open] claims read, per framework; false when none can be measured
     * again or the budget has no room.
     */
    private fun measureAgain(round: Int, open: Set<String>, folders: MutableList<Path>, started: Long, confidence: Double): Boolean {
        val evidence = Evidence.of(folders.map(JudgedFolder::read).filter { it.setup.isEmpty() }, confidence)
        val routes = Claims.all.filter { it.id in open }.flatMap { c ->
            val trace = Evidence.Trace()
            evidence.trace = trace
            try {
                c.judged(evidence)
            } finally {
                evidence.trace = null
            }
            trace.routes
        }
        val runs = routes.groupBy { it.framework }.mapNotNull { (fw, rs) ->
            val phase = ReproducePlan.PAGES.firstOrNull { it.framework == fw } ?: return@mapNotNull null
            // an aggregate (engine null) reads every engine of its approach
            val engines = (rs.mapNotNull { it.engine } + if (rs.any { it.engine == null }) phase.engines else emptyList()).distinct()
            val users = rs.map { it.users }.distinct().sorted()
            val args = listOf(
                "run", "--quick", "--frameworks", fw, "--models", rs.map { it.model }.distinct().joinToString(","),
                "--engines", engines.joinToString(","), "--approaches", rs.map { it.approach }.distinct().joinToString(","),
                "--users", users.joinToString(","), "--repeat", ReproducePlan.MIN_REPEAT.toString(), "--first-repetition",
                (round * 100 + 1).toString(),
            ) + ReproducePlan.windowArgs(plan.measuredSeconds)
            val n = engines.size * rs.map { it.approach }.distinct().size * rs.map { it.model }.distinct().size
            val seconds = ReproducePlan.SERVER_SECONDS + ReproducePlan.FIRST_STEADY_SECONDS + n * ReproducePlan.STEADY_ROUTE_SECONDS +
                n * users.size * ReproducePlan.MIN_REPEAT *
                (ReproducePlan.WARMUP_SECONDS + plan.measuredSeconds + ReproducePlan.WINDOW_OVERHEAD_SECONDS)
            Triple(fw, args, seconds.toLong())
        }
        if (runs.isEmpty()) {
            println("== round $round: the ${open.size} open claims read no pages routes that can be measured again")
            return false
        }
        val left = time.seconds - (System.nanoTime() - started) / 1_000_000_000
        val need = runs.sumOf { it.third }
        if (need > left * ReproducePlan.BUDGET_SHARE) {
            println("== round $round would take about ${need / 60} min, ${left / 60} min of the budget left: no more rounds")
            return false
        }
        println("== round $round: ${open.size} claims still inconclusive; measuring their routes again (about ${need / 60} min)")
        for ((fw, args, _) in runs) {
            val folder = dir.resolve("round-$round-$fw")
            val code = command(args + listOf("--out", folder.toString()))
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
}
