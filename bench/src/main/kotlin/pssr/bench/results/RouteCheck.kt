package pssr.bench.results

import pssr.bench.console.Fmt
import pssr.bench.csv.Table
import pssr.probe.ProbeResult
import pssr.probe.Verdict
import pssr.servers.RouteKey

/** What `verify` found for one route (a row of `verification.csv`). */
data class RouteCheck(
    val framework: String,
    val model: String,
    val engine: String,
    val approach: String,
    val path: String,
    val claimsStreaming: Boolean,
    val verdict: String,
    val bodyOk: Boolean,
    val ttfbMs: Double,
    val firstItemMs: Double,
    val lastByteMs: Double,
    val chunks: Int,
    val bytes: Int,
    /** Chunk arrival times and sizes, `t_ms:bytes` separated by `;` (the chunk timeline in the report). */
    val timeline: String,
    val error: String,
) {
    val route: String get() = RouteKey(framework, model, engine, approach).toString()

    /** The measured verdict contradicts the route's own `/routes` claim. */
    val contradicts: Boolean get() = verdict != "malformed" && (verdict == "streams") != claimsStreaming
    val passed: Boolean get() = bodyOk && verdict != "malformed"

    fun toCsv(): String = TABLE.line(this)

    companion object {
        /** verification.csv's columns, each declared once (an error's line breaks written as spaces). */
        val TABLE: Table<RouteCheck> = Table(RouteCheck::class.java) {
            listOf(
                text("framework", RouteCheck::framework), text("model", RouteCheck::model), text("engine", RouteCheck::engine),
                text("approach", RouteCheck::approach), text("path", RouteCheck::path),
                boolean("claims_streaming", RouteCheck::claimsStreaming), text("verdict", RouteCheck::verdict),
                boolean("body_ok", RouteCheck::bodyOk), double("ttfb_ms", RouteCheck::ttfbMs, 1),
                double("first_item_ms", RouteCheck::firstItemMs, 1), double("last_byte_ms", RouteCheck::lastByteMs, 1),
                int("chunks", RouteCheck::chunks), int("bytes", RouteCheck::bytes), text("timeline", RouteCheck::timeline),
                text("error", RouteCheck::error) { it.replace('\n', ' ') },
            )
        }
    }
}

/** The route a check probes, before its result: [measured] from the probe, or [failed] when the request did not complete. */
data class Probed(
    val framework: String,
    val model: String,
    val engine: String,
    val approach: String,
    val path: String,
    val claimsStreaming: Boolean,
) {
    /** A check from the probe's [result]: its timings, its chunks and their timeline, with the [verdict] and [error] judged from it. */
    fun measured(verdict: Verdict, bodyOk: Boolean, result: ProbeResult, error: String) = RouteCheck(
        framework, model, engine, approach, path, claimsStreaming, verdict.label, bodyOk, result.firstByteMillis,
        result.firstItemMillis ?: Double.NaN, result.lastByteMillis, result.chunks.size, result.body.toByteArray().size,
        result.chunks.joinToString(";") { "${Fmt.fixed(it.atMillis, 0, Fmt.NAN)}:${it.bytes}" }, error,
    )

    /** A route whose request failed ([why]): malformed, with no timings. */
    fun failed(why: String) = RouteCheck(
        framework, model, engine, approach, path, claimsStreaming, Verdict.MALFORMED.label, false, Double.NaN, Double.NaN,
        Double.NaN, 0, 0, "", "request failed: $why",
    )
}
