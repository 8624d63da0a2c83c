package pssr.bench.csv

import com.fasterxml.jackson.core.JsonProcessingException
import pssr.probe.Jackson
import java.nio.charset.CharacterCodingException
import java.nio.file.Files
import java.nio.file.Path

/**
 * A file of a results folder that cannot be trusted: a line cut mid-write, a field that is not a number, a column or a
 * file that is missing, JSON that does not parse, a format this pssr does not know. Every reader of a results folder
 * throws it; `Main` prints it as one line (the file, the line, what is wrong) with exit code 2, in one place. Commands
 * check the whole folder ([FolderCheck]) before they write anything, so a damaged folder is left byte-identical.
 */
class DamagedFolder(val file: Path, val line: Long?, val what: String) :
    RuntimeException("$file${line?.let { " line $it" } ?: ""}: $what")

/** A value a row's parser cannot read (the column and what it holds); [CsvFile.rows] adds the file and the line. */
class BadValue(message: String) : IllegalArgumentException(message)

/** A record's values by column name, each read as its type or a [BadValue] naming the column and what it holds. */
class Fields(private val values: Map<String, String>) {
    fun text(name: String): String = values[name] ?: throw BadValue("no column '$name'")
    fun double(name: String): Double = number(name, text(name)) { it.toDoubleOrNull() }
    fun long(name: String): Long = number(name, text(name)) { it.toLongOrNull() }
    fun int(name: String): Int = number(name, text(name)) { it.toIntOrNull() }
    fun boolean(name: String): Boolean = when (val v = text(name)) {
        "true" -> true
        "false" -> false
        else -> throw BadValue("column $name holds '$v', not true or false")
    }

    // columns added in later versions: a file written before them has no such column (or, hand-made, an empty value)
    fun textOr(name: String, absent: String): String = values[name] ?: absent
    fun doubleOr(name: String, absent: Double): Double = optional(name)?.let { double(name) } ?: absent
    fun longOr(name: String, absent: Long): Long = optional(name)?.let { long(name) } ?: absent
    fun intOr(name: String, absent: Int): Int = optional(name)?.let { int(name) } ?: absent

    private fun optional(name: String): String? = values[name]?.takeIf { it.isNotEmpty() }

    private fun <T> number(name: String, v: String, parse: (String) -> T?): T =
        parse(v) ?: throw BadValue("column $name holds '$v', not a number")
}

/** JSON files of a results folder (environment.json, shard.json), read so that what is wrong is named with its line. */
object JsonFile {
    /** [file] as a JSON object; [DamagedFolder] when it is empty, not JSON, or not an object. */
    fun readObject(file: Path): Map<*, *> {
        val text = text(file)
        if (text.isBlank()) throw DamagedFolder(file, null, "is empty (a file cut before anything was written)")
        val json = try {
            Jackson.read(text)
        } catch (e: JsonProcessingException) {
            val message = e.originalMessage.lineSequence().first().substringBefore(" (start marker").substringBefore(" at [Source")
            throw DamagedFolder(file, e.location?.lineNr?.toLong()?.takeIf { it > 0 }, "not valid JSON ($message)")
        }
        return json as? Map<*, *> ?: throw DamagedFolder(file, 1, "holds ${kind(json)}, not a JSON object")
    }

    /** The first line of [file] that names [key] (for a value that is wrong), or none. */
    fun lineOf(file: Path, key: String): Long? = runCatching {
        Files.readAllLines(file).indexOfFirst { it.contains("\"$key\"") }.takeIf { it >= 0 }?.let { it + 1L }
    }.getOrNull()

    fun kind(v: Any?): String = when (v) {
        null -> "null"

        is Map<*, *> -> "an object"

        is List<*> -> "a list"

        is String -> "the text \"$v\""

        is Double -> if (v == Math.floor(v) && v.isFinite()) v.toLong().toString() else v.toString()

        // JSON numbers read as Double
        else -> "$v"
    }

    internal fun text(file: Path): String = try {
        Files.readString(file)
    } catch (e: CharacterCodingException) {
        throw DamagedFolder(file, null, "is not text (not UTF-8): overwritten or copied with something else")
    }
}
