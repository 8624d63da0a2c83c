package pssr.bench.results

import pssr.bench.console.Fmt
import pssr.bench.csv.CsvFile
import pssr.bench.csv.Fields
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

    fun toCsv(): String = listOf(
        framework, model, engine, approach, path, claimsStreaming, verdict, bodyOk,
        Fmt.fixed(ttfbMs, 1, Fmt.NAN), Fmt.fixed(firstItemMs, 1, Fmt.NAN),
        Fmt.fixed(lastByteMs, 1, Fmt.NAN), chunks, bytes, timeline, error.replace('\n', ' '),
    ).let(CsvFile::line)

    companion object {
        const val HEADER = "framework,model,engine,approach,path,claims_streaming,verdict,body_ok," +
            "ttfb_ms,first_item_ms,last_byte_ms,chunks,bytes,timeline,error"

        fun fromCsv(c: Map<String, String>): RouteCheck = fromCsv(Fields(c))

        fun fromCsv(f: Fields): RouteCheck = with(f) {
            RouteCheck(
                text("framework"), text("model"), text("engine"), text("approach"), text("path"), boolean("claims_streaming"),
                text("verdict"), boolean("body_ok"), double("ttfb_ms"), double("first_item_ms"), double("last_byte_ms"),
                int("chunks"), int("bytes"), text("timeline"), text("error"),
            )
        }
    }
}
