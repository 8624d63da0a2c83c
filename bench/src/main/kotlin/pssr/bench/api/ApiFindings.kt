package pssr.bench.api

import pssr.bench.api.ApiReport.apdex
import pssr.bench.api.ApiReport.errPct
import pssr.bench.api.ApiReport.f
import pssr.bench.api.ApiReport.headline
import pssr.bench.api.ApiReport.kinds
import pssr.bench.api.ApiReport.label
import pssr.bench.api.ApiReport.pool
import pssr.bench.api.ApiReport.rps
import pssr.bench.paper.Seed004Figures
import pssr.bench.project.Workloads
import pssr.bench.results.ResultRow

/**
 * The sentences beside the products and forward tables: the seed's finding, ours with the ratio measured, and the
 * measured reason (CPU per request for products; the client pool's bound, its sweep and the downstream alone for forward).
 */
internal object ApiFindings {
    fun of(w: String, rows: List<ResultRow>): List<String> = if (w == Workloads.PRODUCTS) products(rows) else forward(rows)

    private fun products(rows: List<ResultRow>): List<String> {
        val h = headline(rows)
        val out = ArrayList<String>()
        out += "Seed: ${Seed004Figures.PRODUCTS}."
        val mvc = h["mvc"]
        val wf = h["webflux"]
        if (mvc == null || wf == null) {
            val has = h.keys.joinToString(", ").ifEmpty { "none" }
            return out + "Ours: the comparison needs both mvc and webflux rows; this run has $has."
        }
        val tRatio = rps(mvc) / rps(wf)
        val mRatio = wf.latencyMeanMs / mvc.latencyMeanMs
        out += "Ours (${mvc.users} users): mvc ${f(rps(mvc), 1)} req/s vs webflux ${f(rps(wf), 1)} req/s = ${f(tRatio, 2)}x; " +
            "mean ${f(mvc.latencyMeanMs, 1)} vs ${f(wf.latencyMeanMs, 1)} ms " +
            "(webflux / mvc ${f(mRatio, 2)}x); p95 ${f(mvc.latencyP95Ms, 1)} vs ${f(wf.latencyP95Ms, 1)} ms, " +
            "p99 ${f(mvc.latencyP99Ms, 1)} vs ${f(wf.latencyP99Ms, 1)} ms; Apdex ${apdex(mvc)} vs ${apdex(wf)}. " + when {
                tRatio >= 0.8 * Seed004Figures.RATIO -> "The seed's ~4x is reproduced."
                tRatio > 1.1 -> "MVC is ahead, as the seed says, but by ${f(tRatio, 2)}x, not ~4x."
                tRatio >= 0.9 -> "No difference to speak of: the seed's ~4x is not reproduced."
                else -> "WebFlux is ahead here: the seed's finding is not reproduced."
            }
        val cpuRatio = wf.serverCpuUsPerRequest / mvc.serverCpuUsPerRequest
        out += "Reason, measured: server CPU per request mvc ${f(mvc.serverCpuUsPerRequest)} µs vs " +
            "webflux ${f(wf.serverCpuUsPerRequest)} µs (${f(cpuRatio, 2)}x), " +
            "server CPU ${f(mvc.cpuPctMean)}% vs ${f(wf.cpuPctMean)}% of one core over the window. " +
            (
                if (cpuRatio.isNaN()) {
                    ""
                } else if (kotlin.math.abs(cpuRatio / tRatio - 1) <= 0.25) {
                    "The throughput ratio (${f(tRatio, 2)}x) is what each stack spends per request on these cores."
                } else if (wf.cpuPctMean < mvc.cpuPctMean) {
                    "CPU per request explains ${f(cpuRatio, 2)}x of the ${f(tRatio, 2)}x; the rest is " +
                        "time the server did not compute (it used ${f(wf.cpuPctMean)}% of a core against mvc's ${f(mvc.cpuPctMean)}%)" +
                        (
                            if (h["webflux-loop"] != null) {
                                ": waiting for the hop to boundedElastic and back, which webflux-loop (below) leaves out."
                            } else {
                                "; run webflux-loop to see how much is the hop to boundedElastic."
                            }
                            )
                } else {
                    "CPU per request (${f(cpuRatio, 2)}x) does not explain the ${f(tRatio, 2)}x: webflux used more of the cores " +
                        "(${f(
                            wf.cpuPctMean,
                        )}% vs ${f(mvc.cpuPctMean)}% of one), so here it bought its throughput with CPU the other stack left " +
                        "idle."
                }
                )
        h["webflux-loop"]?.let { l ->
            out += "The offload's cost (not in the seed): webflux-loop (enrichment on the event loop) ${f(rps(l), 1)} " +
                "req/s, ${f(l.serverCpuUsPerRequest)} µs/request vs " +
                "webflux with boundedElastic ${f(rps(wf), 1)} req/s, ${f(wf.serverCpuUsPerRequest)} µs/request: the hop to " +
                "boundedElastic is worth ${f(rps(l) / rps(wf), 2)}x throughput on these cores" +
                (
                    if (l.errors > 0) {
                        " - but webflux-loop had ${l.errors} failed requests (${kinds(l)}), mean ${f(l.latencyMeanMs, 1)} ms, " +
                            "p99 ${f(l.latencyP99Ms, 1)} ms: some requests got no answer within the client's response timeout (cause not " +
                            "diagnosed here), and the window, so req/s, includes that wait."
                    } else {
                        "."
                    }
                    )
        }
        h["mvc-virtual"]?.let { v ->
            out += "MVC on virtual threads (not in the seed): ${f(rps(v), 1)} req/s, mean ${f(v.latencyMeanMs, 1)} " +
                "ms, ${f(v.serverCpuUsPerRequest)} µs/request, ${v.threadsPeak} threads peak " +
                "(mvc with the @Async executor: ${f(rps(mvc), 1)} req/s, ${mvc.threadsPeak} threads)."
        }
        return out
    }

    private fun forward(rows: List<ResultRow>): List<String> {
        val h = headline(rows)
        val out = ArrayList<String>()
        out += "Seed: ${Seed004Figures.FORWARD}."
        val mvc = h["mvc"]
        val wf = h["webflux"]
        if (mvc != null && wf != null) {
            val ratio = rps(wf) / rps(mvc)
            out += "Ours (${mvc.users} users, downstream latency ${mvc.itemDelayMs} ms): webflux ${f(rps(wf), 1)} req/s vs " +
                "mvc ${f(rps(mvc), 1)} req/s = ${f(ratio, 2)}x; " +
                "mean ${f(wf.latencyMeanMs, 1)} vs ${f(mvc.latencyMeanMs, 1)} ms; p95 ${f(wf.latencyP95Ms, 1)} " +
                "vs ${f(mvc.latencyP95Ms, 1)}, p99 ${f(wf.latencyP99Ms, 1)} vs ${f(mvc.latencyP99Ms, 1)} ms; " +
                "Apdex ${apdex(wf)} vs ${apdex(mvc)}."
            val latS = mvc.itemDelayMs / 1000.0
            if (latS > 0) {
                out += "Reason, measured: a blocking client holds one pooled connection for the whole downstream latency, so " +
                    "at most pool / latency requests per second pass: " +
                    "mvc's client pool ${pool(mvc)} / ${mvc.itemDelayMs} ms = ${f(pool(mvc)!! / latS, 1)} req/s " +
                    "(measured ${f(rps(mvc), 1)}); webflux's WebClient pool ${pool(wf)} allows " +
                    "${f(
                        minOf(pool(wf)!!, wf.users) / latS,
                        1,
                    )} req/s at ${wf.users} users (measured ${f(rps(wf), 1)}). The ratio is the " +
                    "ratio of pool sizes (${pool(wf)}/${pool(mvc)} = ${f(pool(wf)!!.toDouble() / pool(mvc)!!, 2)}), not of thread models."
            }
        } else {
            out += "Ours: the comparison needs both mvc and webflux rows; this run has ${h.keys.joinToString(", ").ifEmpty { "none" }}."
        }
        val sweep = rows.filter { it.engine == "mvc" && pool(it) != null }.let { s ->
            s.filter {
                it.users == (
                    s.maxOfOrNull { r ->
                        r.users
                    } ?: 0
                    )
            }
        }.sortedBy { pool(it) }
        if (sweep.size > 1) {
            out += "Client pool sweep (mvc, ${sweep.first().users} users): " + sweep.joinToString("; ") {
                "pool ${pool(it)}: ${f(rps(it), 1)} req/s, mean ${f(it.latencyMeanMs, 1)} ms"
            } + ". " +
                (
                    wf?.let { w ->
                        sweep.firstOrNull { rps(w) / rps(it) in 3.0..5.0 }?.let {
                            "The seed's ~4x appears with an mvc pool of ${pool(it)} (${f(rps(w) / rps(it), 2)}x); "
                        } ?: "No swept pool gives the seed's ~4x; "
                    } ?: ""
                    ) +
                (
                    sweep.lastOrNull()?.let { big ->
                        wf?.let {
                            "with a pool of ${pool(big)} mvc reaches ${f(rps(big) / rps(it), 2)}x webflux's throughput."
                        }
                    } ?: ""
                    )
        }
        h["mvc-virtual"]?.let { v ->
            out += "MVC on virtual threads (not in the seed), pool ${pool(v)}: ${f(rps(v), 1)} " +
                "req/s, ${v.threadsPeak} threads peak: virtual threads do not lift the client pool's bound."
        }
        val ds = rows.filter { it.engine == "downstream" }.maxByOrNull { it.users }
        val best = rows.filter { it.engine != "downstream" }.maxByOrNull { rps(it) }
        if (ds != null && best != null) {
            val x = rps(ds) / rps(best)
            out += "Downstream alone at ${ds.users} users: ${f(rps(ds), 1)} req/s, mean ${f(ds.latencyMeanMs, 1)} " +
                "ms, ${f(ds.serverCpuUsPerRequest)} µs CPU/request, ${f(errPct(ds), 2)}% errors: " +
                "${f(x, 2)}x the fastest forward row (${label(best)}, ${f(rps(best), 1)} req/s)" + if (x >= 2) {
                    ", so the figures are the API's."
                } else {
                    ": below 2x, the downstream may bound the forward figures."
                }
        } else if (ds == null) {
            out += "The downstream was external (--downstream-url) and not measured alone."
        }
        return out
    }
}
