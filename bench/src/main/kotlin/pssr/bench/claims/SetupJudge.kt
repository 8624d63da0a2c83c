package pssr.bench.claims

import pssr.bench.project.Workloads
import pssr.bench.results.ResultRow
import pssr.bench.setup.Applied
import pssr.bench.setup.Setting
import pssr.bench.setup.Setup
import pssr.bench.setup.Setups
import java.util.Collections
import java.util.IdentityHashMap

/**
 * Judges a claim as its paper ran it, and names what turns the verdict. The paper's evidence is the tool's with every
 * route that a folder of the seed's setup measured in its place ([Evidence.overlay]); a one-factor folder (that setup
 * with one setting back at the tool's value: `run --setup S --ours F`) is laid over the paper's evidence the same way,
 * so the two judgements differ in that one setting only.
 */
class SetupJudge(folders: List<JudgedFolder>, private val ours: Evidence) {
    private val byLabel = folders.groupBy { it.setup }
    private val decided = setOf(Verdict.HOLDS, Verdict.REFUTED, Verdict.INCONCLUSIVE)

    // built once per setup and per one-factor label, not once per claim (RouteLevel.of summarises every row)
    private val paperEvidence = HashMap<String, Evidence>()
    private val factorEvidence = HashMap<String, Evidence>()

    private fun paper(run: Setup): Evidence = paperEvidence.getOrPut(run.name) {
        // a route the setup's own folders did not measure is its [Setup.measuredAs]'s (paper-001: paper-000's), then the tool's
        val under = run.measuredAs?.let { byLabel[it] }?.let { Evidence.overlay(ours, Evidence.of(it, ours.confidence)) } ?: ours
        Evidence.overlay(under, Evidence.of(byLabel.getValue(run.name), ours.confidence)).withLabelled(ours.labelled, ours.labelledChecks)
    }

    private fun oneFactor(run: Setup, label: String): Evidence = factorEvidence.getOrPut(label) {
        Evidence.overlay(paper(run), Evidence.of(byLabel.getValue(label), ours.confidence)).withLabelled(ours.labelled, ours.labelledChecks)
    }

    /** The setup whose folders stand for [setup]: its own, or the one it names as measuring it ([Setup.measuredAs]). */
    private fun measured(setup: Setup): Setup? = when {
        byLabel.containsKey(setup.name) -> setup
        setup.measuredAs != null && byLabel.containsKey(setup.measuredAs) -> Setups.byName(setup.measuredAs)
        else -> null
    }

    /**
     * Whether a judgement on [paper] that read [trace] read the very rows it reads under the tool's setup: every route,
     * workload, verification and browser figure it looked up ([Evidence.trace]) is the same in both (the paper's folders measured none of
     * them, or the setup changes nothing they run). Then the paper's column is the tool's figures, and the ledger says so.
     */
    private fun sameRows(trace: Evidence.Trace, paper: Evidence): Boolean {
        if (trace.routes.isEmpty() && trace.parts.isEmpty()) return false
        // by identity: the paper's evidence is the tool's rows with the paper's folders' rows in place of some
        fun same(a: List<Any>, b: List<Any>) = a.size == b.size &&
            Collections.newSetFromMap(IdentityHashMap<Any, Boolean>()).apply { addAll(a) }.containsAll(b)
        fun pages(e: Evidence, r: Route): List<Any> = pagesOf(e.rows, r)
        fun part(e: Evidence, name: String): List<Any> = when (name) {
            "verification" -> e.checks
            "browser" -> e.browser
            else -> e.rows.filter { it.workload == name }
        }
        return trace.routes.all { same(pages(paper, it), pages(ours, it)) } && trace.parts.all { same(part(paper, it), part(ours, it)) }
    }

    /** The pages rows of [rows] that stand for [r] (an aggregate: its engines' rows). */
    private fun pagesOf(rows: List<ResultRow>, r: Route): List<ResultRow> = rows.filter {
        it.workload == Workloads.PAGES && it.frameworkLabel == r.framework && it.model == r.model &&
            it.approach == r.approach && it.users == r.users &&
            (if (r.engine == null) ClaimKit.aggregated(r.framework)?.contains(it.engine) ?: true else it.engine == r.engine)
    }

    /**
     * The routes of [read] that setting [f] acts on and its one-factor folders ([label]) did not measure. A factor run on
     * part of them (WebFlux's run fitted the budget, Quarkus's did not) would compare one framework under the tool's value
     * with another under the paper's, so it is not judged.
     */
    private fun unmeasured(f: Setting, label: String, paper: Evidence, read: Collection<Route>): List<Route> {
        val rows = byLabel.getValue(label).flatMap { it.rows }

        // an aggregate's every engine the paper's rows hold, so that its mean is over one setting's rows
        fun engines(rs: List<ResultRow>, r: Route) = pagesOf(rs, r).map { it.engine }.toSet()
        return read.filter { f.actsOn(it.framework, it.approach) && !engines(rows, it).containsAll(engines(paper.rows, it)) }
    }

    fun verdict(c: Claim, oursJ: Judgement): SetupVerdict {
        val setup = Setups.forSeed(c.seed) ?: return SetupVerdict("", null)
        // a setup that applies nothing the tool does differently runs the same servers: the same verdict
        if (setup.factors.isEmpty()) {
            return SetupVerdict(
                "${setup.name} (no applied setting differs from the tool's)",
                oursJ,
                sameRows = true,
            )
        }
        val run = measured(setup) ?: return SetupVerdict(setup.name, null)
        val label = when {
            run != setup -> "${setup.name} (measured as ${run.name}: ${setup.measuredWhy})"

            setup.measuredAs != null && byLabel.containsKey(
                setup.measuredAs,
            ) -> "${setup.name} (routes it did not run: ${setup.measuredAs}'s)"

            else -> setup.name
        }
        val (p, read) = c.traced(paper(run))
        if (p.verdict == oursJ.verdict && sameRows(read, paper(run))) return SetupVerdict(label, p, sameRows = true)
        if (p.verdict == oursJ.verdict || p.verdict !in decided || oursJ.verdict !in decided) return SetupVerdict(label, p)
        val tried = ArrayList<String>()
        val partly = LinkedHashMap<String, List<Route>>() // factor -> the routes it acts on that its run missed
        // a setting that acts on none of the pages routes the claim read cannot turn it (a claim on no pages: any may)
        val acting = run.factors.filter { f -> read.routes.isEmpty() || read.routes.any { f.actsOn(it.framework, it.approach) } }
        for (f in acting) {
            val one = run.withOurs(listOf(f.factor)).label
            if (one !in byLabel) continue
            val missing = unmeasured(f, one, paper(run), read.routes)
            if (missing.isNotEmpty()) {
                partly[f.factor] = missing
                continue
            }
            tried += f.factor
            val v = c.judged(oneFactor(run, one))
            if (v.verdict == oursJ.verdict) {
                return SetupVerdict(
                    label,
                    p,
                    "${f.what}: ${p.verdict.word} with ${f.paper} (${p.ours}); ${v.verdict.word} with ${f.ours} (${v.ours})",
                    search = TurnSearch(run, read.routes.toSet()),
                )
            }
        }
        val search = TurnSearch(run, read.routes.toSet())
        // reproduce measures the paper's pages in time windows, not its load profile (the rows' requests_per_user is 0)
        val windowed = byLabel.getValue(run.name).all { f -> f.rows.none { it.requestsPerUser > 0 } }
        val keptOurs = if (windowed) run.notInReproduce.map { it.factor } else emptyList()
        val untried = acting.map { it.factor } - tried.toSet() - keptOurs.toSet() - partly.keys
        val notApplied = run.settings.filter { it.applied is Applied.NotApplied && it.paper != it.ours }.map { it.factor } +
            keptOurs.map { "$it (time windows in these rows)" }
        return SetupVerdict(
            label,
            p,
            (
                if (tried.isEmpty()) {
                    "no one-factor run of this setup was judged"
                } else {
                    "no single setting tried turns it (tried: ${tried.joinToString(", ")})"
                }
                ) +
                (
                    if (partly.isEmpty()) {
                        ""
                    } else {
                        "; run on part of the routes it acts on: " + partly.entries.joinToString(", ") { (f, missing) ->
                            "$f (not on ${missing.first()}${if (missing.size > 1) " and ${missing.size - 1} more" else ""})"
                        }
                    }
                    ) +
                (if (untried.isNotEmpty()) "; not run: ${untried.joinToString(", ")}" else "") +
                (if (notApplied.isNotEmpty()) "; differs but not applied by the tool: ${notApplied.joinToString(", ")}" else ""),
            search = search,
        )
    }
}
