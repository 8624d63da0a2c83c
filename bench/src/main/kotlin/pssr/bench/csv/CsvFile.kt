package pssr.bench.csv

import org.apache.commons.csv.CSVFormat
import java.io.Reader
import java.io.StringReader
import java.io.UncheckedIOException
import java.nio.file.Files
import java.nio.file.Path

/**
 * The one way bench reads and writes CSV (Apache Commons CSV): records come back as column name -> value,
 * so a column added later never shifts the ones a reader asks for, and quoting (commas, quotes and line
 * breaks in an error message or a JMeter assertion text) is the library's, not ours.
 *
 * Reading a file never trusts it: a record with more or fewer fields than its header, a quote left open, a header
 * without a column the reader needs, a value its parser refuses, and a last line without its line break (every
 * line pssr writes ends with one, so that line was cut mid-write) are each a [DamagedFolder] naming the line.
 */
object CsvFile {
    private val writeFormat: CSVFormat = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get()
    private val readFormat: CSVFormat = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).setIgnoreEmptyLines(true).get()

    /** One record as a line without its line break, quoted where needed. */
    fun line(values: List<Any?>): String = writeFormat.format(*values.map { it?.toString() ?: "" }.toTypedArray())

    /** The header line for [columns]. */
    fun header(columns: List<String>): String = line(columns)

    /** One record and the line of its file it starts on (the header is line 1). */
    class Record(val line: Long, val values: Map<String, String>)

    /** Every record of [file] by column name (none when the file is missing). */
    fun read(file: Path): List<Map<String, String>> = records(file).map { it.values }

    /** Records of a stream that is not a results folder's file (no line checks beyond the field counts). */
    fun read(reader: Reader, what: String): List<Map<String, String>> =
        parse(reader.readText(), Path.of(what), emptyList()).map { it.values }

    /**
     * Every record of [file] through [parse] (none when the file is missing); a value [parse] refuses becomes a
     * [DamagedFolder] at the record's line. [required]: columns the header must have. [skipCutLastLine]: read what
     * `--resume`'s repair will leave (the cut last line is then dropped, on purpose) instead of refusing it.
     */
    fun <T> rows(file: Path, required: List<String> = emptyList(), skipCutLastLine: Boolean = false, parse: (Fields) -> T): List<T> =
        records(file, required, skipCutLastLine).map { r ->
            try {
                parse(Fields(r.values))
            } catch (e: IllegalArgumentException) {
                throw DamagedFolder(file, r.line, e.message ?: "a value that cannot be read")
            } catch (e: NoSuchElementException) {
                throw DamagedFolder(file, r.line, e.message ?: "a value is missing")
            }
        }

    fun records(file: Path, required: List<String> = emptyList(), skipCutLastLine: Boolean = false): List<Record> {
        if (!Files.exists(file)) return emptyList()
        val text = JsonFile.text(file)
        val cut = cutLastLine(text)
        if (cut != null && !skipCutLastLine) {
            val header = fieldsOf(text.substringBefore('\n'))
            val fields = header?.let { h -> fieldsOf(text.substring(text.lastIndexOf('\n') + 1))?.let { "$it of $h fields, " } }.orEmpty()
            throw DamagedFolder(
                file,
                cut,
                "the last line was cut mid-write (${fields}no line break at its end): the run was killed while writing it; " +
                    "./pssr run --resume ${file.parent} with the run's options (environment.json) drops it and measures that level again",
            )
        }
        return parse(if (cut != null) text.substring(0, text.lastIndexOf('\n') + 1) else text, file, required)
    }

    /** The line number of a last line that has no line break, or null when [text] ends with one (or is empty). */
    fun cutLastLine(text: String): Long? = if (text.isEmpty() || text.endsWith("\n")) null else text.count { it == '\n' } + 1L

    private fun parse(text: String, file: Path, required: List<String>): List<Record> {
        val lineStarts = buildList {
            add(0)
            text.forEachIndexed { i, c -> if (c == '\n') add(i + 1) }
        }
        fun lineAt(position: Long): Long = lineStarts.binarySearch(position.toInt()).let { if (it >= 0) it + 1L else -it - 1L }
        val parser = try {
            readFormat.parse(StringReader(text))
        } catch (e: IllegalArgumentException) {
            throw DamagedFolder(file, 1, "its header cannot be read (${e.message})")
        } catch (e: UncheckedIOException) {
            throw DamagedFolder(file, 1, "its header cannot be read (${e.message})")
        }
        return parser.use { p ->
            val header = p.headerNames
            if (header.isNotEmpty()) {
                required.firstOrNull { it !in header }?.let {
                    throw DamagedFolder(
                        file,
                        1,
                        "the header has no column '$it' (a column pssr writes: the file was edited, or written by another tool)",
                    )
                }
            }
            val records = ArrayList<Record>()
            val iterator = p.iterator()
            while (true) {
                val r = try {
                    if (iterator.hasNext()) iterator.next() else null
                } catch (e: RuntimeException) {
                    // an open quote runs to the end of the file: Commons CSV names the line it started on
                    val where = Regex("""\(startline (\d+)\)""").find(e.message.orEmpty())?.groupValues?.get(1)?.toLongOrNull()
                    throw DamagedFolder(
                        file,
                        where ?: (p.currentLineNumber + 1),
                        "a quoted field is never closed (a quote left open runs to the end of the file)",
                    )
                } ?: break
                val line = lineAt(r.characterPosition)
                if (!r.isConsistent) throw DamagedFolder(file, line, "has ${r.size()} fields, its header ${header.size}")
                records += Record(line, r.toMap())
            }
            records
        }
    }

    private fun fieldsOf(line: String): Int? = try {
        CSVFormat.DEFAULT.parse(StringReader(line)).use { p -> p.records.firstOrNull()?.size() }
    } catch (e: RuntimeException) {
        null
    }
}
