package pssr.bench.claims

import pssr.bench.project.Workloads
import pssr.bench.results.ResultRow
import pssr.bench.results.RouteCheck
import pssr.bench.stats.BASELINE
import pssr.bench.stats.JvmLevels
import pssr.bench.stats.RouteLevel
import pssr.bench.stats.Stats
import java.nio.file.Path
import java.util.IdentityHashMap

/**
 * Everything the judged folders hold: the pages' levels (summarised over repetitions), the streaming verdicts, every
 * other workload's rows, and the browser's figures. Lookups throw [MissingRows] naming what is missing.
 */
class Evidence(
    val levels: List<RouteLevel>,
    val checks: List<RouteCheck>,
    val rows: List<ResultRow>,
    val browser: List<BrowserFigure>,
    val folders: List<Path> = emptyList(),
    /** The cores of the machine that measured (environment.json), for "CPU-bound" (cores busy near this). */
    val cores: Int = Runtime.getRuntime().availableProcessors(),
    /** Every judged folder's rows by the setup label it ran under ("" for the tool's own): claims that compare two setups. */
    val labelled: Map<String, List<ResultRow>> = emptyMap(),
    /** The confidence of every interval a verdict reads: 0.95, or less than alpha's share per look when `reproduce` looks more
     * than once. */
    val confidence: Double = 0.95,
    /** (route, repetition) to the server JVM that measured it where JVMs were shared (an aggregate's route, engine null,
     * too); a repetition not in it had its own JVM. */
    val jvms: Map<Pair<Route, Int>, String> = emptyMap(),
    /** Each row (by identity) to the JVM that measured it, named with its folder ([JudgedFolder.rowJvms]); a row not in it (a
     * test's rows) is taken to share its repetition's JVM. */
    val rowJvms: Map<ResultRow, String> = emptyMap(),
    /** Every judged folder's streaming verdicts by the setup label it ran under, as [labelled]'s rows. */
    val labelledChecks: Map<String, List<RouteCheck>> = emptyMap(),
) {
    /** The JVM that measured [r] ([rowJvms]); null where not known. */
    fun jvmOf(r: ResultRow): String? = rowJvms[r]

    private val label = Estimate.label(confidence)

    /** The mean of [xs] with its interval at [confidence] (a point without two values). */
    internal fun estimateOf(value: Double, xs: List<Double>): Estimate =
        Stats.ci(xs, confidence)?.let { Estimate(value, it.low, it.high, xs.size, label) } ?: Estimate(value, value, value, xs.size, label)

    /** [byRepetition]'s figures of [route] grouped by the JVM that measured them ([JvmLevels]: windows within JVMs, and JVMs). */
    fun jvmLevels(route: Route, byRepetition: Map<Int, Double>): JvmLevels =
        JvmLevels(byRepetition.entries.groupBy({ jvms[route to it.key] ?: "repetition ${it.key}" }, { it.value }).values.toList())

    /** The mean of [byRepetition] with its interval over windows and JVMs ([JvmLevels.interval]); a point without two values. */
    private fun estimateOf(value: Double, route: Route, byRepetition: Map<Int, Double>): Estimate {
        val l = jvmLevels(route, byRepetition)
        val ci = l.interval(confidence)
        return ci?.let { Estimate(value, it.low, it.high, byRepetition.size, label, l.degreesOfFreedom) }
            ?: Estimate(value, value, value, byRepetition.size, label)
    }

    /**
     * While set, every pages route and level a judgement looks up (engine null: an approach's mean) and every other part
     * it reads ("verification", "browser", a workload's name): the report links each claim to the chart and rows it rests on.
     */
    var trace: Trace? = null

    class Trace(val routes: LinkedHashSet<Route> = LinkedHashSet(), val parts: LinkedHashSet<String> = LinkedHashSet())

    /** The same evidence with [all]'s rows and [allChecks] by setup (a claim comparing two setups finds both whatever the setup judged). */
    fun withLabelled(all: Map<String, List<ResultRow>>, allChecks: Map<String, List<RouteCheck>>) =
        Evidence(levels, checks, rows, browser, folders, cores, all, confidence, jvms, rowJvms, allChecks)

    /** Throughput of [r] in the folders run under setup [label], with its interval over repetitions. */
    fun labelled(label: String, r: Route): Estimate {
        trace?.routes?.add(r)
        val rs = labelled[label].orEmpty().filter {
            it.workload == Workloads.PAGES && !it.open && it.frameworkLabel == r.framework && it.model == r.model &&
                it.engine == r.engine && it.approach == r.approach && it.users == r.users
        }
        if (rs.isEmpty()) throw MissingRows("$r under ${label.ifEmpty { "the tool's setup" }}")
        val reps = rs.groupBy { it.repetition }.filterValues { g -> g.mapNotNull(::jvmOf).distinct().size <= 1 }
            .mapValues { (_, g) -> g.map { it.throughputRps }.average() }
            .ifEmpty { throw MissingRows("$r under ${label.ifEmpty { "the tool's setup" }}: no repetition that one JVM measured") }
        return estimateOf(reps.values.average(), r, reps)
    }

    /** [block]'s lookups left out of the [trace]: what a judgement reads to describe, not to decide (a scaling claim's whole series). */
    fun <T> untraced(block: () -> T): T = trace.let { t ->
        runCatching {
            trace = null
            block()
        }.also { trace = t }.getOrThrow()
    }

    fun level(framework: String, model: String, engine: String, approach: String, users: Int): RouteLevel =
        levels.also { trace?.routes?.add(Route(framework, model, engine, approach, users)) }.firstOrNull {
            it.framework == framework &&
                it.model == model && it.engine == engine && it.approach == approach && it.users == users
        }
            ?: throw MissingRows("$framework/$model/$engine/$approach at $users users")

    /**
     * [metric] of route [r] where it is a figure of the whole server JVM (its heap peak: every route the JVM serves and how long
     * it has run fill one heap), so the JVM is the sample: each JVM's windows averaged first, then the mean of those JVMs with
     * its Student t interval over them; from one JVM, its mean with no interval (n 1). A JVM's windows are no samples of
     * such a figure: they climb as the JVM runs (run Q: one shared JVM's heap peak 407 to 524 MB over six windows, 286-339 MB
     * in six other JVMs at the same route and level).
     */
    fun jvmFigure(r: Route, metric: (ResultRow) -> Double): Estimate {
        val reps = perRepetition(r, metric).filterValues { it.isFinite() }
        if (reps.isEmpty()) throw MissingRows("$r: no measured values")
        val means = reps.entries.groupBy({ jvms[r to it.key] ?: "repetition ${it.key}" }, { it.value }).values.map { it.average() }
        return estimateOf(means.average(), means)
    }

    /** Throughput of one route at [users], with its 95% interval over the repetitions. */
    fun throughput(framework: String, model: String, engine: String, approach: String, users: Int): Estimate {
        val l = level(framework, model, engine, approach, users)
        val route = Route(framework, model, engine, approach, users)
        return estimateOf(l.throughput.mean, route, perRepetition(route))
    }

    /**
     * The paper's aggregate lines ("Blocking", "Virtual"): the mean over the measured engines of [approach] (baseline
     * excluded; [engines] when given, else [ClaimKit.AGGREGATED]'s). Its interval is the Student t interval of the aggregate
     * itself: the mean over the engines taken repetition by repetition, then the interval over those per-repetition
     * aggregates (a mean of the engines' bounds would be no interval of anything).
     */
    fun aggregate(framework: String, model: String, approach: String, users: Int, engines: List<String>? = null): Estimate {
        trace?.routes?.add(Route(framework, model, null, approach, users))
        val ls = levels.filter {
            it.framework == framework && it.model == model && it.approach == approach && it.users == users &&
                inRoute(it.engine, null, engines ?: ClaimKit.aggregated(framework))
        }
        if (ls.isEmpty()) throw MissingRows("$framework/$model/*/$approach at $users users")
        val value = ls.map { it.throughput.mean }.average()
        val route = Route(framework, model, null, approach, users)
        return estimateOf(value, route, perRepetition(route, engines = engines))
    }

    /** Throughput by users of a route ([engine] null: the aggregate of [approach]). */
    fun series(framework: String, model: String, engine: String?, approach: String): Map<Int, Estimate> {
        val users = levels.filter {
            it.framework == framework && it.model == model && it.approach == approach &&
                inRoute(it.engine, engine, ClaimKit.aggregated(framework))
        }.map { it.users }.distinct().sorted()
        if (users.isEmpty()) throw MissingRows("$framework/$model/${engine ?: "*"}/$approach")
        return users.associateWith { u ->
            if (engine == null) aggregate(framework, model, approach, u) else throughput(framework, model, engine, approach, u)
        }
    }

    /** A row's [engine] belongs to a route of [routeEngine], or with it null to the aggregate over [engines] (all but the baseline). */
    internal fun inRoute(engine: String, routeEngine: String?, engines: List<String>?): Boolean =
        if (routeEngine == null) engine != BASELINE && (engines == null || engine in engines) else engine == routeEngine

    /**
     * Throughput of [r] per repetition (the mean over the approach's engines for an aggregate): the figures a paired
     * comparison divides repetition by repetition.
     */
    fun perRepetition(r: Route, metric: (ResultRow) -> Double = { it.throughputRps }, engines: List<String>? = null): Map<Int, Double> {
        trace?.routes?.add(r)
        // the route's rows at every level: an aggregate asks which engines each repetition's run measured at any of them
        val route = rows.filter {
            it.workload == Workloads.PAGES && !it.open && it.frameworkLabel == r.framework && it.model == r.model &&
                it.approach == r.approach && inRoute(it.engine, r.engine, engines ?: ClaimKit.aggregated(r.framework))
        }
        val rs = route.filter { it.users == r.users }
        if (rs.isEmpty()) throw MissingRows(r.toString())
        if (r.engine != null) {
            // a repetition number two JVMs used for this route (two folders that both measured it) is no one measurement
            return rs.groupBy { it.repetition }.filterValues { g -> g.mapNotNull(::jvmOf).distinct().size <= 1 }
                .mapValues { (_, g) -> g.map(metric).average() }
                .ifEmpty { throw MissingRows("$r: no repetition that one JVM measured") }
        }
        return AggregateRepetitions.of(rs, route.groupBy({ it.repetition }, { it.engine }).mapValues { it.value.toSet() }, metric, ::jvmOf)
            .ifEmpty { throw MissingRows("$r: no repetition whose engines one JVM measured") }
    }

    /**
     * The JVMs that measured [r]'s rows in each repetition [perRepetition] gives it (an aggregate's engines: one JVM each, by
     * [AggregateRepetitions]); an empty set where the rows name none ([rowJvms]).
     */
    fun repetitionJvms(r: Route, engines: List<String>? = null): Map<Int, Set<String>> {
        val reps = perRepetition(r, engines = engines).keys
        return rows.filter {
            it.workload == Workloads.PAGES && !it.open && it.frameworkLabel == r.framework && it.model == r.model &&
                it.approach == r.approach && it.users == r.users && it.repetition in reps &&
                inRoute(it.engine, r.engine, engines ?: ClaimKit.aggregated(r.framework))
        }.groupBy({ it.repetition }, { jvmOf(it) }).mapValues { (_, js) -> js.filterNotNull().toSet() }
    }

    /** [a] / [b] of another figure than throughput ([metric] of each row, e.g. server CPU per request), paired by repetition. */
    fun pairedRatio(a: Route, b: Route, metric: (ResultRow) -> Double): Estimate {
        val ratios = ratiosByRepetition(a, b, metric)
        if (ratios.isEmpty()) throw MissingRows("$a and $b in the same repetitions")
        return ratioEstimate(a, ratios) ?: Estimate.point(Stats.logRatio(ratios.values).first, ratios.size)
    }

    /** [metric] of [a] over that of [b], one ratio per repetition both were measured in. */
    private fun ratiosByRepetition(a: Route, b: Route, metric: (ResultRow) -> Double): Map<Int, Double> {
        val pa = perRepetition(a, metric)
        val pb = perRepetition(b, metric)
        // a pair is one JVM's: a repetition number that two JVMs (two folders, a paper's run beside the tool's) both used is
        // no pair
        val ja = if (rowJvms.isEmpty()) emptyMap() else repetitionJvms(a)
        val jb = if (rowJvms.isEmpty()) emptyMap() else repetitionJvms(b)
        return pa.keys.intersect(pb.keys).filter { rep -> ja[rep].orEmpty() == jb[rep].orEmpty() }
            .associateWith { pa.getValue(it) / pb.getValue(it) }.filterValues { it.isFinite() }
    }

    /** Whether [ratio] divides [a] by [b] repetition by repetition (two or more repetitions of one JVM each), not as two estimates. */
    fun paired(a: Route, b: Route): Boolean = a.framework == b.framework && ratiosByRepetition(a, b) { it.throughputRps }.size >= 2

    /**
     * Paired [ratios] (by repetition) on the log scale ([Stats.logRatio]): their geometric mean and its interval, the logs'
     * interval taken over windows and JVMs ([JvmLevels]); null when they give none (fewer than two).
     */
    private fun ratioEstimate(a: Route, ratios: Map<Int, Double>): Estimate? {
        val logs = ratios.filterValues { it.isFinite() && it > 0 }.mapValues { kotlin.math.ln(it.value) }
        // a repetition's two routes ran in one JVM (paired): [a]'s names it
        val l = jvmLevels(a, logs)
        val ci = l.interval(confidence) ?: return null
        val (center, low, high) = Triple(kotlin.math.exp(l.center), kotlin.math.exp(ci.low), kotlin.math.exp(ci.high))
        return Estimate(center, low, high, logs.size, label, l.degreesOfFreedom)
    }

    /**
     * [a] / [b]. Measured in the same run and JVM (the same framework), repetition by repetition in alternating order, the
     * ratio is taken per repetition and its interval Student t over their logarithms (a geometric mean): drift and order, common to both
     * routes
     * of a repetition, cancel. Otherwise (two frameworks, or fewer than two shared repetitions) the ratio of the two
     * estimates.
     */
    fun ratio(a: Route, b: Route): Estimate {
        val ea = a.estimate(this)
        val eb = b.estimate(this)
        if (a.framework != b.framework) return ea / eb
        return ratioEstimate(a, ratiosByRepetition(a, b) { it.throughputRps }) ?: (ea / eb)
    }

    fun checks(framework: String, approaches: List<String>): List<RouteCheck> =
        checks.also { trace?.parts?.add("verification") }.filter { it.framework == framework && it.approach in approaches }
            .ifEmpty { throw MissingRows("verification of $framework ${approaches.joinToString("/")} routes") }

    companion object {
        fun estimate(s: Stats.Summary): Estimate =
            if (s.ci != null) Estimate(s.mean, s.ci.low, s.ci.high, s.n) else Estimate(s.mean, s.mean, s.mean, s.n)

        /** The evidence in [folders]: run folders (results.csv, verification.csv) and browser folders (summary.csv), in any mix. */
        fun load(folders: List<Path>, confidence: Double = 0.95): Evidence = of(folders.map(JudgedFolder::read), confidence)

        /** [folders]' evidence together. */
        fun of(folders: List<JudgedFolder>, confidence: Double = 0.95): Evidence {
            val rows = folders.flatMap { it.rows }
            return Evidence(
                RouteLevel.of(rows.filter { it.workload == Workloads.PAGES }), folders.flatMap { it.checks }, rows,
                folders.flatMap { it.browser }, folders.map { it.dir },
                folders.mapNotNull { it.cores }.maxOrNull() ?: Runtime.getRuntime().availableProcessors(), labelled(folders), confidence,
                folders.flatMap { it.jvms.entries }.associate { it.key to it.value },
                IdentityHashMap<ResultRow, String>().also { m -> folders.forEach { m.putAll(it.rowJvms) } },
                checksBySetup(folders),
            )
        }

        /** [folders]' rows by the setup label they ran under. */
        fun labelled(folders: List<JudgedFolder>): Map<String, List<ResultRow>> =
            folders.groupBy { it.setup }.mapValues { (_, fs) -> fs.flatMap { it.rows } }

        /** [folders]' streaming verdicts by the setup label they ran under. */
        fun checksBySetup(folders: List<JudgedFolder>): Map<String, List<RouteCheck>> =
            folders.groupBy { it.setup }.mapValues { (_, fs) -> fs.flatMap { it.checks } }

        private fun <T> merge(a: Map<String, List<T>>, b: Map<String, List<T>>): Map<String, List<T>> =
            (a.keys + b.keys).associateWith { k -> a[k].orEmpty() + b[k].orEmpty() }

        /**
         * [base] with [top]'s measurements in place of its own of the same routes (a route: workload, framework, model,
         * engine, approach; a verification: framework and path; the browser figures as a whole): a one-factor run of
         * a few routes on top of the setup it varies.
         */
        fun overlay(base: Evidence, top: Evidence): Evidence {
            val routes = top.rows.map { it.workload + " " + it.route }.toSet()
            val rows = top.rows + base.rows.filter { it.workload + " " + it.route !in routes }
            val paths = top.checks.map { it.framework + it.path }.toSet()
            val checks = top.checks + base.checks.filter { it.framework + it.path !in paths }
            return Evidence(
                RouteLevel.of(rows.filter { it.workload == Workloads.PAGES }), checks, rows,
                top.browser.ifEmpty { base.browser }, top.folders + base.folders,
                maxOf(top.cores, base.cores), merge(top.labelled, base.labelled).mapValues { (_, rs) -> rs.distinct() }, base.confidence,
                base.jvms + top.jvms,
                IdentityHashMap<ResultRow, String>().also { m ->
                    m.putAll(base.rowJvms)
                    m.putAll(top.rowJvms)
                },
                merge(top.labelledChecks, base.labelledChecks),
            )
        }
    }
}
