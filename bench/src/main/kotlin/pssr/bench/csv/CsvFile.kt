package pssr.bench.csv

import java.io.Reader
import java.nio.file.Files
import java.nio.file.Path
import org.apache.commons.csv.CSVFormat

/**
 * The one way bench reads and writes CSV (Apache Commons CSV): records come back as column name -> value,
 * so a column added later never shifts the ones a reader asks for, and quoting (commas, quotes and line
 * breaks in an error message or a JMeter assertion text) is the library's, not ours.
 */
object CsvFile {
    private val writeFormat: CSVFormat = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get()
    private val readFormat: CSVFormat = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).setIgnoreEmptyLines(true).get()

    /** One record as a line without its line break, quoted where needed. */
    fun line(values: List<Any?>): String = writeFormat.format(*values.map { it?.toString() ?: "" }.toTypedArray())

    /** The header line for [columns]. */
    fun header(columns: List<String>): String = line(columns)

    /** Every record of [file] by column name (none when the file is missing); [what] names the file in errors. */
    fun read(file: Path): List<Map<String, String>> =
        if (!Files.exists(file)) emptyList() else Files.newBufferedReader(file).use { read(it, file.fileName.toString()) }

    fun read(reader: Reader, what: String): List<Map<String, String>> = readFormat.parse(reader).use { parser ->
        parser.map { r ->
            require(r.isConsistent) { "$what line ${parser.currentLineNumber} has ${r.size()} fields, its header ${parser.headerNames.size}" }
            r.toMap()
        }
    }
}
