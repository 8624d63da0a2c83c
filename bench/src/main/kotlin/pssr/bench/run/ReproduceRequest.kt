package pssr.bench.run

import pssr.bench.claims.JudgedFolder
import pssr.bench.console.Durations
import pssr.bench.console.UsageError
import pssr.bench.process.Stopping
import pssr.bench.project.Project
import pssr.bench.results.Shard
import java.nio.file.Files
import java.nio.file.Path

/**
 * `./pssr reproduce`'s options as given (a resume's already taken from its folder's reproduce.json): checked together,
 * the plan fitted to the budget, cut to `--shard` and `--only`, printed; then, unless `--plan`, the [ReproduceWorkflow]
 * that runs it. cli/ReproduceCommand parses; this decides.
 */
class ReproduceRequest(
    private val budget: String,
    private val shard: String?,
    private val only: List<String>,
    private val out: Path?,
    private val resume: Path?,
    private val with: List<Path>,
    private val planOnly: Boolean,
) {
    /**
     * Checks, prints the plan and runs it: [args] are the command's own (for the resume line), [label] the measuring lock's,
     * [command] runs one `./pssr` command line in this JVM (each phase).
     */
    fun execute(args: List<String>, label: String, allowConcurrent: Boolean, command: (List<String>) -> Int): Int {
        val time = ReproducePlan.parseBudget(budget)
        val part = shard?.let(Shard::parse)
        val whole = ReproducePlan.fit(time)
            ?: throw UsageError(
                "--budget $budget is too short for the claims' runs (3 repetitions of 1 s windows need " +
                    "about ${ReproducePlan.minimumBudget().toMinutes()} min); give " +
                    "--budget ${ReproducePlan.minimumBudget().toMinutes()}m or more",
            )
        val plan = selected(whole, part)
        val dir = (resume ?: out ?: Project.resultsPath("reproduce-")).toAbsolutePath().normalize()
        if (resume == null && Files.exists(dir) && Files.list(dir).use { it.findFirst().isPresent }) {
            throw UsageError("$dir is not empty; choose another --out, or continue it with --resume $dir (nothing was overwritten)")
        }
        // rounds belong to the last part, where every part's first pass can be judged together (docs/CLAIMS.md, "Rounds")
        val rounds = part == null || part.index == part.count
        if (with.isNotEmpty() && (part == null || !rounds)) {
            throw UsageError("--with names the other parts' folders for the last part of a sharded reproduce; give it with --shard N/N")
        }
        val earlier = ReproduceParts.earlierFolders(with.map { it.toAbsolutePath().normalize() }, dir)
        part?.let { println(partLine(it, plan, whole, rounds, earlier)) }
        plan.describe().forEach(::println)
        // a part's budget is its share of the whole; the last part with --with gets what the other parts left of the whole
        val left = if (earlier.isEmpty()) plan.budget else ReproduceParts.budgetAfter(whole.budget, earlier)
        if (earlier.isNotEmpty()) {
            println(
                "reproduce: the other parts spent ${(whole.budget - left).toMinutes()} min of the ${whole.budget.toMinutes()} min " +
                    "budget; this part and its rounds have ${left.toMinutes()} min",
            )
        }
        if (planOnly) {
            ReproducePlan.claimLevels.describe().forEach(::println)
            if (resume != null) oneFactorLines(plan, dir).forEach(::println)
            return 0
        }
        // a stop during any phase names this reproduce's own --resume (with the options it was given), in its folder too
        val resumeCommand = Stopping.resumeCommand("reproduce", args, dir)
        // written under the measuring lock, so that a refused start leaves no folder behind
        val start = ReproduceStart(budget, shard, only, with.map { it.toAbsolutePath().normalize().toString() })
        return ReproduceWorkflow(dir, plan, left, resumeCommand, label, allowConcurrent, earlier, rounds, start, command).execute()
    }

    /**
     * For `--plan --resume DIR`: the one-factor runs what DIR measured so far asks for, each with its command line (as the
     * reproduce would run it), so that one can be run or checked on its own.
     */
    private fun oneFactorLines(plan: ReproducePlan, dir: Path): List<String> {
        val folders = plan.phases.map { dir.resolve(it.folder) }.filter(JudgedFolder::holdsResults)
        if (folders.isEmpty()) return listOf("one-factor runs: nothing measured in $dir yet; they are planned after the first pass")
        val (claims, runs) = ReproduceWorkflow.oneFactorPlan(folders, plan.measuredSeconds)
        return listOf(
            "one-factor runs the ${folders.size} measured phases of $dir ask for ($claims claims' verdicts differ between the setups):",
        ) +
            runs.map { r ->
                val folder = dir.resolve(r.folder)
                val state = if (OneFactorRuns.finished(folder)) "measured" else "about ${Durations.span(r.estimate)}"
                "  ${r.name} ($state): ./pssr ${(r.args + listOf("--out", folder.toString())).joinToString(" ")}"
            }
    }

    /** The plan's phases for this part (`--shard`) and `--only`; an unknown phase or an empty part is refused. */
    private fun selected(whole: ReproducePlan, part: Shard?): ReproducePlan {
        val parted = part?.let { whole.part(it) } ?: whole
        val unknown = only.filter { n -> whole.phases.none { it.name == n } }
        if (unknown.isNotEmpty()) {
            val phases = whole.phases.joinToString(", ") { it.name }
            throw UsageError("--only ${unknown.joinToString(",")}: not a phase of this plan; its phases: $phases")
        }
        val plan = if (only.isEmpty()) parted else parted.copy(phases = parted.phases.filter { it.name in only })
        if (part != null && plan.phases.isEmpty()) {
            throw UsageError(
                "--shard $part: the plan has ${whole.phases.size} phases, so " +
                    "part ${part.index} of ${part.count} has none; use at most ${whole.phases.size} parts",
            )
        }
        return plan
    }

    private fun partLine(part: Shard, plan: ReproducePlan, whole: ReproducePlan, rounds: Boolean, earlier: List<Path>): String =
        "reproduce --shard $part: ${plan.phases.size} of the ${whole.phases.size} phases; " + when {
            !rounds ->
                "no rounds in this part: the last part's rounds serve every part when it runs with " +
                    "--shard ${part.count}/${part.count} --with <this part's folder>"

            earlier.isNotEmpty() ->
                "judged with ${earlier.size} phase folders of the other parts (--with), its rounds " +
                    "serve every claim still open"

            else ->
                "its rounds see its own folders only (--with adds the other parts'); judge all parts together with " +
                    "./pssr claims <each part's folder>/*/"
        }
}
