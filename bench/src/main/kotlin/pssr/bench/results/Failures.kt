package pssr.bench.results

import pssr.bench.csv.CsvFile
import pssr.bench.csv.Fields

/**
 * Something that kept part of the matrix from being measured and left no row elsewhere: a server that did
 * not start, a route whose server died. A row of `failures.csv` (optional; the report lists every row in red).
 * Empty [model]/[engine]/[approach] mean the whole framework. [stage]: start (did not start), died (the server process ended during a
 * level), load (a level failed).
 */
data class Failure(
    val framework: String,
    val model: String,
    val engine: String,
    val approach: String,
    val stage: String,
    val reason: String,
    /** The [ResultRow.key] of the one level that failed, when the failure is about one level (a resumed run drops it once
     * that level has a row). */
    val key: String = "",
) {
    val what: String get() = listOf(framework, model, engine, approach).filter { it.isNotEmpty() }.joinToString("/")

    fun toCsv(): String = CsvFile.line(listOf(framework, model, engine, approach, stage, reason.replace('\n', ' ').replace('\r', ' '), key))

    companion object {
        const val HEADER = "framework,model,engine,approach,stage,reason,key"
        fun fromCsv(c: Map<String, String>): Failure = fromCsv(Fields(c))

        fun fromCsv(f: Fields): Failure = with(f) {
            Failure(
                textOr("framework", ""),
                textOr("model", ""),
                textOr("engine", ""),
                textOr("approach", ""),
                textOr("stage", ""),
                textOr("reason", ""),
                textOr("key", ""),
            )
        }
    }
}
