package pssr.bench.results

import pssr.bench.csv.Table

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

    fun toCsv(): String = TABLE.line(this)

    companion object {
        /** failures.csv's columns, each declared once; every one reads as empty when absent (a reason's line breaks written as spaces). */
        val TABLE: Table<Failure> = Table(Failure::class.java) {
            listOf(
                text("framework", Failure::framework, absent = ""),
                text("model", Failure::model, absent = ""),
                text("engine", Failure::engine, absent = ""),
                text("approach", Failure::approach, absent = ""),
                text("stage", Failure::stage, absent = ""),
                text("reason", Failure::reason, absent = "") { it.replace('\n', ' ').replace('\r', ' ') },
                text("key", Failure::key, absent = ""),
            )
        }
    }
}
