package pssr.bench.claims

import pssr.bench.measure.Regime
import pssr.bench.project.Workloads
import pssr.bench.results.ResultRow
import pssr.bench.results.RouteCheck
import pssr.bench.stats.RouteLevel
import java.util.IdentityHashMap

// Readings of [Evidence] that only some claims make (the API profiles' batched figures, the drivers' difference, a level's
// regime), kept beside it so that Evidence.kt holds the lookups every claim shares.

/** [ls] as they are, recorded in the [Evidence.trace] (for judgements that filter [Evidence.levels] themselves). */
fun Evidence.traced(ls: List<RouteLevel>): List<RouteLevel> = ls.also { l ->
    trace?.routes?.addAll(l.map { Route(it.framework, it.model, it.engine, it.approach, it.users) })
}

/** [rs] as they are, their pages routes recorded in the [Evidence.trace]. */
fun Evidence.tracedRows(rs: List<ResultRow>): List<ResultRow> = rs.also { l ->
    trace?.routes?.addAll(
        l.filter { it.workload == Workloads.PAGES }.map { Route(it.frameworkLabel, it.model, it.engine, it.approach, it.users) },
    )
}

/** [workload]'s rows (every workload but the pages, which [Evidence.levels] summarises). */
fun Evidence.rows(workload: String): List<ResultRow> = rows.also { trace?.parts?.add(workload) }.filter { it.workload == workload }
    .ifEmpty { throw MissingRows("the $workload workload") }

/** The streaming verdicts of [framework]'s [approaches] in the folders run under setup [label] (two setups' pages compared). */
fun Evidence.labelledChecks(label: String, framework: String, approaches: List<String>): List<RouteCheck> =
    labelledChecks[label].orEmpty().also { trace?.parts?.add("verification") }
        .filter { it.framework == framework && it.approach in approaches }
        .ifEmpty {
            throw MissingRows(
                "verification of $framework ${approaches.joinToString("/")} routes under ${label.ifEmpty {
                    "the tool's setup"
                }}",
            )
        }

/** A JMeter profile's mean latency, with the interval of its batches (docs/CLAIMS.md, "Figures measured once"). */
fun Evidence.profileMeanMs(r: ResultRow): Estimate = Estimate.batched(r.latencyMeanMs, r.latencyMeanSeMs, r.batches, confidence)

/** A JMeter profile's 95th percentile latency, with the interval of its batches' own 95th percentiles. */
fun Evidence.profileP95Ms(r: ResultRow): Estimate = Estimate.batched(r.latencyP95Ms, r.latencyP95SeMs, r.batches, confidence)

/** A JMeter profile's 99th percentile latency, with the interval of its batches' own 99th percentiles. */
fun Evidence.profileP99Ms(r: ResultRow): Estimate = Estimate.batched(r.latencyP99Ms, r.latencyP99SeMs, r.batches, confidence)

/** A JMeter profile's throughput (every sample per second of its window), with the interval of its batches. */
fun Evidence.profileRps(r: ResultRow): Estimate =
    Estimate.batched(if (r.windowSeconds <= 0) Double.NaN else r.requests / r.windowSeconds, r.requestsRpsSe, r.batches, confidence)

/**
 * The mean absolute relative difference of driver [b]'s throughput from [a]'s over every pages route and level both
 * measured under the tool's setup (each the mean over its repetitions), with its interval over those pairs.
 */
fun Evidence.driverDifference(a: String, b: String): Estimate {
    val d = driverDifferences(a, b).values.map { kotlin.math.abs(it) }
    return estimateOf(d.average(), d)
}

/**
 * Driver [b]'s throughput against [a]'s, (b - a) / a, per pages route and level both measured under the tool's setup (each
 * the mean over its repetitions), keyed "route at N users".
 */
fun Evidence.driverDifferences(a: String, b: String): Map<String, Double> = driverRatios(a, b).mapValues { it.value.value - 1 }

/**
 * Driver [b]'s throughput over [a]'s per pages route and level both measured under the tool's setup, keyed as
 * [driverDifferences]: the ratio of the two drivers' means over their repetitions (one JVM each), with its interval.
 */
fun Evidence.driverRatios(a: String, b: String): Map<String, Estimate> {
    // the tool's setup only: a paper's setup loads its pages with the paper's driver (JMeter under paper-000) on other
    // settings, and its rows of the same routes would mix two setups into one driver's mean
    val pages = (if (labelled.isEmpty()) rows else labelled[""].orEmpty()).filter { it.workload == Workloads.PAGES && !it.open }
    fun estimates(driver: String) = pages.filter { it.driver == driver }.groupBy { "${it.route} at ${it.users} users" }
        .mapValues { (_, g) -> g.map { it.throughputRps }.let { xs -> estimateOf(xs.average(), xs) } }
    val ea = estimates(a)
    val eb = estimates(b)
    val r = ea.keys.intersect(eb.keys).associateWith { k -> eb.getValue(k) / ea.getValue(k) }.filterValues { it.value.isFinite() }
    if (r.isEmpty()) throw MissingRows("the same routes measured by $a and by $b")
    return r
}

/**
 * What limited route [r]'s level ([RouteLevel.regime], the median over its repetitions); an aggregate is
 * [Regime.FLOOR] when any of its engines is (its mean then holds a figure the item delay set). [Regime.UNKNOWN] where
 * the level was not measured.
 */
fun Evidence.regime(r: Route): Regime {
    val ls = levels.filter {
        it.framework == r.framework && it.model == r.model && it.approach == r.approach && it.users == r.users &&
            inRoute(it.engine, r.engine, ClaimKit.aggregated(r.framework))
    }
    val regimes = ls.map { it.regime }
    return when {
        regimes.isEmpty() -> Regime.UNKNOWN
        Regime.FLOOR in regimes -> Regime.FLOOR
        else -> regimes.groupingBy { it }.eachCount().maxBy { it.value }.key
    }
}

/** The browser's figures of [page] with PSSR [pssr] (seed 002's Lighthouse runs). */
fun Evidence.browser(page: String, pssr: String): BrowserFigure {
    trace?.parts?.add("browser")
    // the seed's Lighthouse ran with its default (simulated) throttling; HtmlFlow's suspending view is the seed's
    return (
        browser.filter { it.page == page && it.pssr == pssr && it.throttling == "simulate" }.let { b ->
            b.firstOrNull { it.rendering == "suspending" } ?: b.firstOrNull()
        }
        )
        ?: throw MissingRows("the browser's $page page with PSSR $pssr")
}

/**
 * [this] with the pages rows measured at [to] users read also as if measured at [from] (those of [from] left out): a comparison
 * judged where its routes are off their latency floor ([Claim.offFloor]) reads the next level up without a claim of its own.
 * The rows keep their JVMs; the trace, if on, goes on recording.
 */
fun Evidence.readingAt(from: Int, to: Int): Evidence {
    val moved = IdentityHashMap<ResultRow, String>(rowJvms)
    val read = rows.flatMap { r ->
        when {
            r.workload != Workloads.PAGES -> listOf(r)
            r.users == from -> emptyList()
            r.users == to -> listOf(r, r.copy(users = from).also { c -> rowJvms[r]?.let { moved[c] = it } })
            else -> listOf(r)
        }
    }
    val routeJvms = jvms.filterKeys { it.first.users != from } +
        jvms.filterKeys { it.first.users == to }.mapKeys { (k, _) -> k.first.copy(users = from) to k.second }
    return Evidence(
        RouteLevel.of(read.filter { it.workload == Workloads.PAGES }), checks, read, browser, folders, cores, labelled, confidence,
        routeJvms, moved,
    ).also { it.trace = trace }
}

/** The measured levels below [users] of the framework and model of [routes], highest first: where a pool-bound comparison moves. */
fun Evidence.levelsBelow(users: Int, routes: List<Route>): List<Int> =
    levels.filter { l -> routes.any { it.framework == l.framework && it.model == l.model } && l.users < users }
        .map { it.users }.distinct().sortedDescending()

/** The bounded pool route [r]'s requests hold a thread of, as its rows name it: "the blocking pool (pssr-blocking-N), 4 threads". */
fun Evidence.pool(r: Route): String = levels.firstOrNull {
    it.framework == r.framework && it.model == r.model && it.approach == r.approach && it.users == r.users && it.poolThreads > 0 &&
        (r.engine == null || it.engine == r.engine)
}?.let { "${it.pool}, ${it.poolThreads} threads" } ?: "its pool"

/** The measured levels above [users] of the framework and model of [routes], lowest first: where a floor-bound comparison moves. */
fun Evidence.levelsAbove(users: Int, routes: List<Route>): List<Int> =
    levels.filter { l -> routes.any { it.framework == l.framework && it.model == l.model } && l.users > users }
        .map { it.users }.distinct().sorted()
