package pssr.bench.run

import pssr.bench.claims.Claims
import pssr.bench.claims.Estimate
import pssr.bench.claims.Evidence
import pssr.bench.claims.JudgedFolder
import pssr.bench.claims.Ledger
import pssr.bench.claims.Rounds
import pssr.bench.console.Durations
import pssr.bench.process.MeasureLock
import pssr.bench.process.Stopping
import pssr.bench.results.Environment
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/**
 * `./pssr reproduce` from its checked plan ([ReproduceRequest] checks and fits it): every phase into [dir] as an
 * ordinary command line through [command] (cli's entry point, so that a phase parses exactly as printed), then the claims
 * judged in rounds (on the other parts' folders too, when this is the last part given `--with`), claims.md and
 * claims.csv. [resumeCommand] is what interrupted.txt names; [commandLine] the lock's label.
 */
class ReproduceWorkflow(
    private val dir: Path,
    private val plan: ReproducePlan,
    /** The budget the plan was fitted to; the rounds stop where it has no room. */
    private val time: Duration,
    private val resumeCommand: String,
    private val commandLine: String,
    private val allowConcurrent: Boolean,
    /** The other parts' phase folders ([ReproduceParts.earlierFolders]), judged with this part's. */
    private val earlier: List<Path>,
    /** Whether this part runs rounds: the whole reproduce or its last part. */
    private val rounds: Boolean,
    /** The options this reproduce started with, written to its folder when it first runs (a resume reads them). */
    private val start: ReproduceStart? = null,
    /** Runs one `./pssr` command line (its words after `./pssr`) in this JVM; its exit code. */
    private val command: (List<String>) -> Int,
) {
    /** A round's run was refused (exit code 2): no more rounds. */
    private var refused = false

    fun execute(): Int = MeasureLock.holding(commandLine, allowConcurrent) { Stopping.within(dir, resumeCommand) { reproduce() } }

    private fun reproduce(): Int {
        Files.createDirectories(dir)
        if (start != null && !Files.exists(dir.resolve(ReproduceStart.FILE))) start.write(dir)
        val started = System.nanoTime()
        val clock = ReproduceClock(dir)
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
                "== phase ${i + 1}/${plan.phases.size} ${phase.name} (about ${Durations.span(phase.estimate)}): ./pssr " +
                    "${args.joinToString(" ")}",
            )
            val phaseStart = System.nanoTime()
            val code = command(args)
            clock.save()
            Stopping.check()
            // the estimate checked against the measured time, phase by phase (docs/SETUPS.md, "The budget")
            val tookPhase = Duration.ofNanos(System.nanoTime() - phaseStart)
            println(
                "== phase ${phase.name} took ${Durations.span(tookPhase)} (estimated ${Durations.span(phase.estimate)})",
            )
            if (code != 0) {
                failed++
                println(
                    "== phase ${phase.name} ended with exit code $code; the claims it serves may be judged on fewer rows or not measured",
                )
            }
        }
        val folders = (plan.phases.map { dir.resolve(it.folder) }.filter(JudgedFolder::holdsResults) + earlier).toMutableList()
        // the last part (or a whole reproduce) runs what its judgement asks for: the one-factor runs, then the rounds
        if (rounds && folders.isNotEmpty()) failed += oneFactorRuns(folders, clock)
        val took = Duration.ofNanos(System.nanoTime() - started)
        println(
            "== the first pass and its one-factor runs took ${Durations.span(took)} " +
                "(the pass estimated ${Durations.span(plan.estimate)}, budget ${time.toMinutes()} min)" +
                if (clock.earlier > 0) "; ${clock.seconds() / 60} min with the earlier runs of --resume" else "",
        )
        if (folders.isEmpty()) {
            println("== no phase wrote results; nothing to judge")
            return 1
        }
        val ledger = judgeInRounds(folders, clock)
        ledger.writeFiles(dir, folders)
        println("claims: ${ledger.counts()}")
        println("claims: ${dir.resolve("claims.md")}")
        return if (failed == 0) 0 else 1
    }

    /**
     * The one-factor runs ([OneFactorRuns]) of the claims whose verdicts differ between the setups in the first pass, as many
     * as their share of the budget left holds ([ReproducePlan.ONE_FACTOR_SHARE]); each folder joins [folders]. How many failed.
     */
    private fun oneFactorRuns(folders: MutableList<Path>, clock: ReproduceClock): Int {
        val (searches, runs) = oneFactorPlan(folders, plan.measuredSeconds)
        if (runs.isEmpty()) {
            println("== one-factor runs: no claim's verdict differs between the setups in the first pass; none needed")
            return 0
        }
        val left = maxOf(0L, budgetLeft(clock))
        val share = (left * ReproducePlan.ONE_FACTOR_SHARE).toLong()
        val choice = OneFactorRuns.choose(runs, share) { OneFactorRuns.finished(dir.resolve(it.folder)) }
        val chosen = choice.chosen
        // a run a resumed reproduce finished before is judged with the rest, not measured again
        choice.finished.forEach { folders.add(dir.resolve(it.folder)) }
        println(
            "== one-factor runs: $searches claims' verdicts differ between the setups; " +
                (if (choice.finished.isEmpty()) "" else "${choice.finished.size} measured before, judged as they are; ") +
                "${chosen.size} of ${chosen.size + choice.left.size} runs fit ${share / 60} of the ${left / 60} min left (about " +
                "${chosen.sumOf { it.estimate.seconds } / 60} min)" +
                choice.left.let { out -> if (out.isEmpty()) "" else "; left out: ${out.joinToString(", ") { it.name }}" },
        )
        var failed = 0
        for ((i, run) in chosen.withIndex()) {
            Stopping.check()
            Stopping.stage = "one-factor run ${i + 1}/${chosen.size} ${run.name}"
            val folder = dir.resolve(run.folder)
            val args = argsFor(run, folder) ?: continue
            println(
                "== one-factor run ${i + 1}/${chosen.size} ${run.name} (about ${Durations.span(run.estimate)}): ./pssr ${args.joinToString(
                    " ",
                )}",
            )
            val code = command(args)
            clock.save()
            Stopping.check()
            if (JudgedFolder.holdsResults(folder)) folders.add(folder)
            if (code != 0) {
                failed++
                println("== one-factor run ${run.name} ended with exit code $code")
            }
        }
        return failed
    }

    /**
     * The first look at every claim, then rounds ([Rounds]) while claims stay inconclusive and the budget has room: each
     * round measures again the pages routes and levels those claims read, per claim in fresh JVMs ([RoundRuns]; repetitions
     * numbered on from the earlier ones), and every claim still open is judged on everything measured.
     */
    private fun judgeInRounds(folders: MutableList<Path>, clock: ReproduceClock): Ledger {
        // a part that is not the last looks once: the last part's rounds serve its claims (--with)
        val rounds = Rounds(maxLooks = if (this.rounds) Rounds.MAX_LOOKS else 1)
        val roundsStart = if (this.rounds) clock.roundsStarted() else clock.seconds()
        fun ledger(confidence: Double) = Ledger.judge(folders.map(JudgedFolder::read), confidence = confidence)
        val outcome = rounds.run(
            judge = { round, confidence ->
                ledger(confidence).also {
                    if (round == 1) println("== look 1 (intervals at ${Estimate.label(confidence)}): ${it.counts()}")
                }
                    .entries.associate { (c, j) -> c.id to j }
            },
            measure = { round, open -> measureAgain(round, open, folders, clock, rounds.confidence(1)) },
        )
        val last = ledger(rounds.confidence(1))
        val ledger = last.copy(
            entries = last.entries.map { (c, j) -> c to (outcome.judgements[c.id] ?: j) },
            rounds = if (outcome.rounds > 1) outcome.roundOf else emptyMap(),
            looks = if (outcome.rounds > 1) outcome.looks else emptyMap(),
            roundsNote = if (this.rounds) outcome.line(clock.seconds() - roundsStart, clock.seconds()) else "",
        )
        if (outcome.rounds > 1) {
            println(
                "== after ${outcome.rounds - 1} rounds: ${outcome.decidedInRounds.size} claims decided in a round, " +
                    "${outcome.measuredAgain} measured again; ${clock.seconds() / 60} min measured in all; ${ledger.counts()}",
            )
        }
        return ledger
    }

    /**
     * One round's runs ([RoundRuns]): each open claim's pages routes and levels in fresh JVMs, as many as the budget holds, in
     * [open]'s order (fewest looks first); the claims whose runs it made (none when no claim reads pages routes or none fits). */
    private fun measureAgain(
        round: Int,
        open: List<String>,
        folders: MutableList<Path>,
        clock: ReproduceClock,
        confidence: Double,
    ): Set<String> {
        if (refused) return emptySet()
        val evidence = Evidence.of(folders.map(JudgedFolder::read).filter { it.setup.isEmpty() }, confidence)
        val routesByClaim = open.mapNotNull { id -> Claims.all.firstOrNull { it.id == id } }.associate { c ->
            c.id to c.traced(evidence).second.routes
        }
        val runs = RoundRuns.plan(round, routesByClaim, plan.measuredSeconds)
        if (runs.isEmpty()) {
            println("== round $round: the ${open.size} open claims read no pages routes that can be measured again")
            return emptySet()
        }
        val left = budgetLeft(clock)
        val begun = begun(round)
        val chosen = if (begun.isEmpty()) {
            RoundRuns.within(runs, left).map { RoundRuns.Resumed(it, false) }
        } else {
            RoundRuns.resumed(round, runs, begun, left) ?: run {
                println(
                    "== round $round: its folders from before the interruption measured another plan than this pssr makes; " +
                        "no more rounds (those folders are not judged)",
                )
                return emptySet()
            }
        }
        if (chosen.isEmpty()) {
            println(
                "== round $round: its shortest run would take about ${runs.minOf { it.seconds } / 60} min, ${left / 60} min of the " +
                    "budget left: no more rounds",
            )
            return emptySet()
        }
        val before = chosen.count { it.before }
        println(
            "== round $round: ${open.size} claims still inconclusive; measuring the routes of " +
                "${chosen.sumOf { it.run.claims.size }} of them again, ${RoundRuns.JVMS} new JVMs per run, ${chosen.size} runs " +
                (if (before == 0) "" else "($before begun before the interruption, kept or resumed) ") +
                "(about ${chosen.filterNot { it.before }.sumOf { it.run.seconds } / 60} min)",
        )
        // exit code 2 is a refused command line (a missing driver, a bad option): every later run would be refused alike
        val ran = chosen.takeWhile { (r, earlier) ->
            val folder = dir.resolve(r.folder(round))
            println("== round $round run ${r.index} for ${r.claims.joinToString(", ")}")
            val code = when {
                earlier && OneFactorRuns.finished(folder) -> 0.also { println("== round $round run ${r.index}: measured before, kept") }
                earlier -> command(r.args + listOf("--resume", folder.toString()))
                else -> command(r.args + listOf("--out", folder.toString()))
            }
            clock.save()
            if (Files.isRegularFile(folder.resolve("results.csv"))) folders.add(folder)
            if (code != 0) println("== round $round run ${r.index} (${r.framework}) ended with exit code $code")
            refused = code == 2
            if (refused) println("== round $round run ${r.index} was refused: no more rounds, each would be refused the same way")
            !refused
        }.map { it.run }
        return ran.flatMap { it.claims }.toSet()
    }

    /** Round [round]'s folders an interrupted reproduce began in [dir] (`round-2-mvc-3`), with the options each started with. */
    private fun begun(round: Int): List<RoundRuns.Begun> {
        val prefix = "${Rounds.FOLDER_PREFIX}$round-"
        val folders = Files.list(dir).use { s -> s.filter { Files.isDirectory(it) && it.fileName.toString().startsWith(prefix) }.toList() }
        return folders.mapNotNull { f ->
            val index = f.fileName.toString().substringAfterLast('-').toIntOrNull() ?: return@mapNotNull null
            RoundRuns.Begun(index, Environment.args(f))
        }
    }

    companion object {
        /**
         * What the first pass in [folders] asks for ([OneFactorRuns]): how many claims' verdicts differ between the setups,
         * and the one-factor runs that serve them, in the order the budget takes them.
         */
        fun oneFactorPlan(folders: List<Path>, measuredSeconds: Int): Pair<Int, List<ReproducePlan.Phase>> {
            val ledger = Ledger.judge(folders.map(JudgedFolder::read), confidence = Rounds().confidence(1))
            val searches = ledger.setups.values.mapNotNull { it.search }
            return searches.size to OneFactorRuns.plan(searches, measuredSeconds)
        }
    }

    /** Seconds left of the budget's share ([ReproducePlan.BUDGET_SHARE]) of the whole budget (a promise), not of what is left. */
    private fun budgetLeft(clock: ReproduceClock) = (time.seconds * ReproducePlan.BUDGET_SHARE).toLong() - clock.seconds()

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
