package pssr.probe

import com.fasterxml.jackson.core.util.DefaultPrettyPrinter
import com.fasterxml.jackson.core.util.Separators
import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.databind.json.JsonMapper

/**
 * The tree's one JSON library is Jackson; this is its one mapper, shared by probe, the servers and bench, and
 * the plain shapes they read and write: Map / List / String / Double / Boolean / null.
 */
object Jackson {
    val mapper: ObjectMapper = JsonMapper.builder().build()

    // `"key": value`, as JSON is usually written by hand (Jackson's default puts a space before the colon too).
    private val pretty = mapper.writer(
        DefaultPrettyPrinter().withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER)),
    )

    /** Parses [text] into Map / List / String / Double / Boolean / null; every number is a Double, whatever its spelling. */
    fun read(text: String): Any? = plain(mapper.readValue(text, Any::class.java))

    /** [value] as JSON; anything that is not a JSON shape (a Path, a Duration, an enum) is written as its `toString()`. */
    fun write(value: Any?): String = mapper.writeValueAsString(shape(value))

    /** Indented, for files people read (environment.json). */
    fun writePretty(value: Any?): String = pretty.writeValueAsString(shape(value)) + "\n"

    private fun shape(v: Any?): Any? = when (v) {
        null, is String, is Number, is Boolean -> v
        is Map<*, *> -> v.entries.associateTo(LinkedHashMap()) { it.key.toString() to shape(it.value) }
        is Iterable<*> -> v.map { shape(it) }
        is Array<*> -> v.map { shape(it) }
        else -> v.toString()
    }

    private fun plain(v: Any?): Any? = when (v) {
        is Map<*, *> -> v.entries.associateTo(LinkedHashMap()) { it.key.toString() to plain(it.value) }
        is List<*> -> v.map { plain(it) }
        is Number -> v.toDouble()
        else -> v
    }
}

/** `at("a", "b", 0)` into what [Jackson.read] returns (nested maps and lists), or null. */
fun Any?.at(vararg path: Any): Any? = path.fold(this) { v, k ->
    when {
        v is Map<*, *> && k is String -> v[k]
        v is List<*> && k is Int -> v.getOrNull(k)
        else -> null
    }
}
