package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.measure.Regime
import pssr.bench.stats.RouteLevel

/**
 * "Which stack?" answered where the stacks differ: a route's **capacity** is its highest median throughput at any level
 * (with that level's interval and regime), and the routes of one framework and model are ranked at their **saturating
 * level**, the highest one at which every route was CPU-bound ([Regime.CPU]): there the figure is the stack's CPU per
 * request, not the item delay's. Below it, a level whose routes all sat on the floor cannot tell the stacks apart, and the
 * headline says so in one line per level.
 */
class Capacity(val panel: ReportPanel) {
    /** A route's peak: its highest median throughput, the level where it occurred, and that level's figures. */
    data class Peak(val route: String, val at: RouteLevel)

    val peaks: List<Peak> = panel.routes.mapNotNull { (e, a) ->
        panel.levels.filter { it.engine == e && it.approach == a && it.throughput.median.isFinite() }
            .maxByOrNull { it.throughput.median }?.let { Peak("$e/$a", it) }
    }.sortedByDescending { it.at.throughput.median }

    /** Every route's level at [users], or null when a route has none there. */
    private fun at(users: Int): List<RouteLevel>? {
        val ls = panel.levels.filter { it.users == users }
        return ls.takeIf { it.size == panel.routes.size }
    }

    /** The highest level at which every route was CPU-bound; null when no measured level allows a ranking by the stacks' cost. */
    val saturating: Int? = panel.users.filter { u -> at(u)?.all { it.regime == Regime.CPU } == true }.maxOrNull()

    /** The routes at [saturating], best first. */
    val ranking: List<RouteLevel> = saturating?.let { u -> at(u)!!.sortedByDescending { it.throughput.median } }.orEmpty()

    /** One line per level: how many routes sat in each regime there, and what that means for a reader. */
    fun regimeLine(): String = panel.users.joinToString("; ") { u ->
        val ls = panel.levels.filter { it.users == u }
        val counts = ls.groupingBy { it.regime }.eachCount()
        val what = if (counts.size == 1) {
            val r = counts.keys.single()
            "every route ${r.id.ifEmpty { "unknown" }}" + when (r) {
                Regime.FLOOR -> " (the item delay sets it: the stacks cannot be told apart there)"
                Regime.CPU -> " (the stacks' CPU per request sets it)"
                Regime.POOL -> " (their pools' threads set it: every thread busy, the cores not)"
                Regime.OVERLOADED -> " (past the knee: throughput fell as the users rose)"
                else -> ""
            }
        } else {
            Regime.entries.filter { it in counts }.joinToString(", ") { "${counts[it]} ${it.id.ifEmpty { "unknown" }}" }
        }
        val cores = ls.map { it.coresBusy }.filter { it.isFinite() }
        "$u users: $what" + if (cores.isEmpty()) "" else ", cores ${Fmt.pct(cores.min())}-${Fmt.pct(cores.max())} busy"
    }

    /** The headline's lines for this framework and model, the answer first. */
    fun lines(): List<String> {
        val out = ArrayList<String>()
        val head = "${panel.framework} · ${panel.model}"
        val sat = saturating
        if (sat == null) {
            out += "$head: no level where every route was CPU-bound, so no ranking by the stacks' cost; each route's peak:"
            for (p in peaks) out += "  ${peakText(p)}"
        } else {
            val best = ranking.first()
            val cores = ranking.map { it.coresBusy }.filter { it.isFinite() }
            out += "$head at $sat users, every route CPU-bound (cores ${Fmt.pct(cores.minOrNull() ?: Double.NaN)}-" +
                "${Fmt.pct(cores.maxOrNull() ?: Double.NaN)} busy): req/s, CPU µs per request server/driver, share of the first"
            for ((i, l) in ranking.withIndex()) {
                val peak = peaks.firstOrNull { it.route == "${l.engine}/${l.approach}" }
                val elsewhere = peak?.takeIf { it.at.users != sat }
                    ?.let { "; its peak ${Fmt.rps(it.at.throughput.median)} at ${it.at.users} users (${it.at.regime.id})" }.orEmpty()
                out += Fmt.line(
                    "  %d. %-24s %7s req/s  %4s/%-3s µs  %s%s",
                    i + 1,
                    "${l.engine}/${l.approach}",
                    Fmt.rps(l.throughput.median),
                    Fmt.num(l.serverCpuUs, 0),
                    Fmt.num(l.driverCpuUs, 0),
                    Fmt.ratio(l.throughput.median / best.throughput.median),
                    elsewhere,
                )
            }
            val last = ranking.last()
            if (ranking.size > 1) {
                out += "  the routes differ ${Fmt.ratio(best.throughput.median / last.throughput.median)} in capacity and " +
                    "${Fmt.ratio(last.serverCpuUs / best.serverCpuUs)} in server CPU per request at $sat users"
            }
        }
        out += "  regime: " + regimeLine()
        return out
    }

    private fun peakText(p: Peak): String {
        val l = p.at
        val ci = l.throughput.printedRelativeHalfWidth
        return Fmt.line(
            "%-24s %7s req/s%s at %d users (%s), CPU %s/%s µs",
            p.route,
            Fmt.rps(l.throughput.median),
            if (ci.isFinite()) " ±${Fmt.pct(ci)}" else "",
            l.users,
            l.regime.id.ifEmpty { "regime unknown" },
            Fmt.num(l.serverCpuUs, 0),
            Fmt.num(l.driverCpuUs, 0),
        )
    }

    companion object {
        fun of(d: RunData): List<Capacity> = d.panels.map { Capacity(it) }
    }
}
