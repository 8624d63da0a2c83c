package pssr.bench.run

import pssr.bench.claims.ClaimKit
import pssr.bench.claims.Route
import pssr.bench.claims.TurnSearch
import pssr.bench.results.RunDirectory
import pssr.bench.run.ReproducePlan.Phase
import pssr.bench.setup.Setting
import pssr.bench.setup.Setup
import pssr.servers.RouteKey
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/**
 * `reproduce`'s one-factor runs (docs/CLAIMS.md, "Under two setups"), planned after the first pass from what it judged: only
 * for the claims whose verdict differs between the tool's setup and the paper's ([TurnSearch]), only the routes and levels
 * the paper's judgement of them read, and for each setting of the setup that acts on those routes, the setup with that one
 * setting back at the tool's value (`run --setup S --ours F`). A claim whose two verdicts agree never reads a one-factor
 * run ([pssr.bench.claims.SetupJudge]): planned before the first pass, every setting over every route took 77 min of a
 * 179-minute plan and served the few claims the setups turned.
 */
internal object OneFactorRuns {
    /**
     * The runs for [searches], one per setup, setting and framework, with [measured] s windows: those that serve the most
     * turned claims first (the budget takes them in this order), the shorter first among equals, else in the setups' order.
     */
    fun plan(searches: List<TurnSearch>, measured: Int): List<Phase> {
        val byRun = LinkedHashMap<Triple<Setup, Setting, String>, MutableSet<Route>>()
        val served = HashMap<Triple<Setup, Setting, String>, MutableSet<TurnSearch>>()
        for (s in searches) {
            // a factor reproduce leaves at the tool's value (the load profile) is already the tool's in the paper's rows
            for (f in s.setup.factors - s.setup.notInReproduce.toSet()) {
                for (r in s.routes.filter { f.actsOn(it.framework, it.approach) }) {
                    val framework = r.framework.substringBefore('@')
                    byRun.getOrPut(Triple(s.setup, f, framework)) { LinkedHashSet() } += r
                    served.getOrPut(Triple(s.setup, f, framework)) { HashSet() } += s
                }
            }
        }
        return byRun.entries.mapNotNull { (k, rs) -> phase(k.first, k.second, k.third, rs, measured, served.getValue(k).size) }
            .sortedWith(compareByDescending<Pair<Phase, Int>> { it.second }.thenBy { it.first.estimate })
            .map { it.first }
    }

    /** What a reproduce does with its one-factor runs: those [finished] before, judged as they are, and those it measures now. */
    data class Choice(val finished: List<Phase>, val chosen: List<Phase>, val left: List<Phase>)

    /**
     * [runs] in a reproduce with [seconds] left: a run [finished] before (a resumed reproduce's) is judged as it is, neither
     * measured again nor charged to the budget; of the others, in order, those that fit what is left (a run too long is
     * skipped and the next one tried).
     */
    fun choose(runs: List<Phase>, seconds: Long, finished: (Phase) -> Boolean): Choice {
        val (done, todo) = runs.partition(finished)
        val chosen = fitting(todo, seconds) { it.estimate.seconds }
        return Choice(done, chosen, todo - chosen.toSet())
    }

    /** Whether the run in [folder] finished: its report is written last, after every level ([RunDirectory.report]). */
    fun finished(folder: Path): Boolean = Files.isRegularFile(RunDirectory(folder).report)

    private fun phase(setup: Setup, f: Setting, framework: String, routes: Set<Route>, measured: Int, claims: Int): Pair<Phase, Int>? {
        val pages = ReproducePlan.PAGES.firstOrNull { it.framework == framework } ?: return null
        // an aggregate (engine null) reads the engines its mean is over, not every engine the pages phase serves
        val aggregated = if (routes.any { it.engine == null }) ClaimKit.aggregated(framework) ?: pages.engines else emptyList()
        val engines = (routes.mapNotNull { it.engine } + aggregated).distinct().sorted()
        val models = routes.map { it.model }.distinct().sorted()
        val approaches = routes.map { it.approach }.distinct().sorted()
        val users = routes.map { it.users }.distinct().sorted()
        val name = "${setup.name}-ours-${f.factor}-$framework"
        // `--claims-only` measures each route of the selection at the levels of [users] some claim reads it at, not every
        // route at every level: run K's WebFlux driver run would otherwise have taken 58 min for 26 turned claims
        val keys = models.flatMap { m -> engines.flatMap { e -> approaches.map { a -> RouteKey(framework, m, e, a) } } }
        val read = keys.mapNotNull { k -> ReproducePlan.claimLevels(setup).byRoute[k]?.filter { it in users }?.ifEmpty { null } }
        if (read.isEmpty()) return null
        // the setup's driver, unless this run turns the driver back to the tool's
        val run = setup.withOurs(listOf(f.factor))
        val windows = read.sumOf { levels -> levels.sumOf { ReproducePlan.windowSeconds(measured, run, it) } }
        val seconds = ReproducePlan.SERVER_SECONDS + ReproducePlan.warmupSeconds(read.size) + (ReproducePlan.MIN_REPEAT * windows).toLong()
        return Phase(
            name,
            name,
            listOf(
                "run", "--quick", "--frameworks", framework, "--models", models.joinToString(","), "--engines", engines.joinToString(","),
                "--approaches", approaches.joinToString(","), "--users", users.joinToString(","),
                "--repeat", ReproducePlan.MIN_REPEAT.toString(), "--claims-only",
            ) + ReproducePlan.windowArgs(measured) + listOf("--setup", setup.name, "--ours", f.factor),
            Duration.ofSeconds(seconds),
            "${read.size} routes at ${users.joinToString(",")} users for $claims turned claim${if (claims == 1) "" else "s"}; " +
                "${setup.name} with ${f.what} at the tool's value (${f.factor})",
        ) to claims
    }
}
