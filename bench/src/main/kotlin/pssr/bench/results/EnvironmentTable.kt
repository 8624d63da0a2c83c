package pssr.bench.results

/**
 * `environment.json` as a table: [flatten] turns parsed JSON into dotted keys. The report treats the file as opaque
 * key/values written by the harness, so nothing here knows its fields.
 */
object EnvironmentTable {
    /** `{"a":{"b":1},"c":[1,2]}` -> [("a.b","1"), ("c","1, 2")] — arrays of scalars joined, arrays of objects indexed. */
    fun flatten(v: Any?, prefix: String = ""): List<Pair<String, String>> = when (v) {
        is Map<*, *> -> if (v.isEmpty()) {
            listOf(prefix to "{}")
        } else {
            v.entries.flatMap { (k, x) ->
                flatten(x, if (prefix.isEmpty()) "$k" else "$prefix.$k")
            }
        }

        is List<*> -> if (v.all { it !is Map<*, *> && it !is List<*> }) {
            listOf(prefix to v.joinToString(", ") { scalar(it) })
        } else {
            v.flatMapIndexed { i, x -> flatten(x, "$prefix[$i]") }
        }

        else -> listOf(prefix to scalar(v))
    }

    private fun scalar(v: Any?): String = when (v) {
        null -> "null"
        is Double -> if (v == Math.floor(v) && !v.isInfinite() && Math.abs(v) < 1e15) v.toLong().toString() else v.toString()
        else -> v.toString()
    }
}
