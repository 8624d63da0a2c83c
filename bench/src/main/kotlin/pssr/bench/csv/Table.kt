package pssr.bench.csv

import pssr.bench.console.Fmt
import java.lang.reflect.Constructor
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption
import kotlin.reflect.KProperty1

/**
 * One column of a [Table] of rows [R]: its header [name], the row's value it holds ([property]), that value's JVM [type], how
 * it is written, and how a file's text reads back (the read is also what is valid: a value it refuses is a [BadValue], which
 * [CsvFile.rows] turns into a [DamagedFolder] naming the file, the line and the column). A derived column is written for
 * whoever reads the file and never read: the row computes it.
 */
class Column<R, T : Any> internal constructor(
    val name: String,
    val property: KProperty1<R, T>,
    val type: Class<T>,
    private val write: (T) -> String,
    private val read: ((Fields) -> T)?,
    /** What a file written before this column existed reads as; null for a column every file of the table has. */
    val absent: T? = null,
) {
    val derived: Boolean get() = read == null

    fun text(row: R): String = write(property.get(row))

    fun read(f: Fields): T = checkNotNull(read) { "column $name is derived from others, not read" }(f)

    /** This column written, never read. */
    fun derived(): Column<R, T> = Column(name, property, type, write, null, absent)
}

/**
 * A CSV file's rows [R], each column declared once ([Column]): the header, each written line and each read row come from
 * [columns]. A table of typed columns rather than Jackson's CSV module: that module is not a dependency, and each column's
 * own number format and the derived columns would need a serializer each anyway. The read columns are [R]'s constructor
 * parameters in the same order: a row is built from them with Java reflection (cheap, no kotlin-reflect, whose first use costs
 * more than a second), and a constructor that does not match the table fails when the table loads. Values are read by column
 * name, so a column added later never shifts the others, and a file written before it existed reads its [Column.absent].
 */
class Table<R : Any>(rowType: Class<R>, declare: Columns<R>.() -> List<Column<R, *>>) {
    val columns: List<Column<R, *>> = Columns<R>().declare()
    val names: List<String> = columns.map { it.name }
    val header: String = CsvFile.header(names)

    /**
     * The columns every file of this table has, the first version's: those before the first column with an [Column.absent]
     * value (a column added later has one). A header without one of them is a damaged file.
     */
    val required: List<String> = columns.takeWhile { it.absent == null }.map { it.name }

    private val readColumns = columns.filterNot { it.derived }

    private val constructor: Constructor<R> = try {
        rowType.getConstructor(*readColumns.map { it.type }.toTypedArray())
    } catch (e: NoSuchMethodException) {
        throw IllegalStateException(
            "${rowType.simpleName}'s constructor parameters must be the read columns in file order: " +
                readColumns.joinToString { "${it.property.name}: ${it.type.simpleName}" },
            e,
        )
    }

    /** [row] as a line without its line break. */
    fun line(row: R): String = CsvFile.line(columns.map { it.text(row) })

    /** The row a file's record holds, its values read in file order (so the first bad value named is the leftmost). */
    fun read(f: Fields): R = construct(readColumns.map { it.read(f) })

    /** A row of [values], one per read column in file order. */
    fun construct(values: List<Any>): R = constructor.newInstance(*values.toTypedArray())

    /** Every row of [file] (none when it is missing); anything that cannot be read is a [DamagedFolder]. */
    fun rows(file: Path, skipCutLastLine: Boolean = false): List<R> = CsvFile.rows(file, required, skipCutLastLine) { read(it) }

    /** Appends [rows] to [file], the header first when the file is new. */
    fun append(file: Path, rows: List<R>) {
        val header = if (Files.exists(file)) "" else header + "\n"
        Files.writeString(
            file,
            header + rows.joinToString("") { line(it) + "\n" },
            StandardOpenOption.CREATE,
            StandardOpenOption.APPEND,
        )
    }
}

/** The kinds of column a [Table] declares. A column with an [Column.absent] value reads it when the file has no such column. */
class Columns<R> internal constructor() {
    fun text(name: String, p: KProperty1<R, String>, absent: String? = null, write: (String) -> String = { it }) =
        Column(name, p, String::class.java, write, { f -> if (absent == null) f.text(name) else f.textOr(name, absent) }, absent)

    fun int(name: String, p: KProperty1<R, Int>, absent: Int? = null) =
        Column(name, p, Int::class.java, { it.toString() }, { f -> if (absent == null) f.int(name) else f.intOr(name, absent) }, absent)

    fun long(name: String, p: KProperty1<R, Long>, absent: Long? = null) =
        Column(name, p, Long::class.java, { it.toString() }, { f -> if (absent == null) f.long(name) else f.longOr(name, absent) }, absent)

    /** Reads `true` or `false` only. */
    fun boolean(name: String, p: KProperty1<R, Boolean>) = Column(name, p, Boolean::class.java, { it.toString() }, { it.boolean(name) })

    /**
     * Written with [decimals] digits after the point ([Fmt.fixed]), NaN as [nan]; a value [nan] reads back as NaN, and so does
     * an empty one in a column with an [absent] value.
     */
    fun double(name: String, p: KProperty1<R, Double>, decimals: Int = 2, nan: String = Fmt.NAN, absent: Double? = null) = Column(
        name,
        p,
        Double::class.java,
        { Fmt.fixed(it, decimals, nan) },
        { f ->
            when {
                absent != null -> f.doubleOr(name, absent)
                f.text(name) == nan -> Double.NaN
                else -> f.double(name)
            }
        },
        absent,
    )

    /** Written as Kotlin writes a Double, the shortest text that reads back as the same value (`101.0`, `NaN`). */
    fun exactDouble(name: String, p: KProperty1<R, Double>) = Column(name, p, Double::class.java, { it.toString() }, { it.double(name) })
}
