package pssr.model.students

import pssr.model.Json
import pssr.model.refillTable
import java.sql.Connection

/** One row of seed 003's student portal: what `GET /api/students` returns, a page at a time. */
data class Student(
    val id: Int,
    val firstName: String,
    val lastName: String,
    val email: String,
    val course: String,
    val year: Int,
    val gpa: String,
)

/**
 * The students table every students server reads and the harness seeds. Rows are a pure function of their
 * id, so the same row count gives the same table on every machine and every run (no random seed to
 * record), and a test can compute the expected page without reading the database.
 */
object Students {
    const val DEFAULT_ROWS = 1000
    const val DEFAULT_PAGE_SIZE = 20
    const val MAX_PAGE_SIZE = 100

    private val first =
        listOf("Aditi", "Sirisha", "Jasmine", "Ravi", "Meera", "Arjun", "Kavya", "Rahul", "Divya", "Nikhil", "Ananya", "Vikram")
    private val last = listOf("Rao", "Sharma", "Iyer", "Nair", "Patel", "Reddy", "Kumar", "Menon", "Joshi", "Gupta", "Shetty")
    private val courses = listOf("MCA", "BCA", "MBA", "MTech CSE", "BTech ISE", "MSc Data Science")

    fun row(id: Int): Student {
        val f = first[id % first.size]
        val l = last[(id / first.size) % last.size]
        // GPA 5.00..9.99 as text: a string in the JSON, so every driver prints it the same way.
        val gpa = 500 + (id * 7919) % 500
        return Student(
            id,
            f,
            l,
            "${f.lowercase()}.${l.lowercase()}$id@example.edu",
            courses[id % courses.size],
            1 + id % 3,
            "${gpa / 100}.${"%02d".format(gpa % 100)}",
        )
    }

    const val CREATE = "CREATE TABLE students (id integer PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL, " +
        "email text NOT NULL, course text NOT NULL, year integer NOT NULL, gpa numeric(3,2) NOT NULL)"

    /** Drops and refills the table with rows 1..[rows], in one transaction. */
    fun seed(connection: Connection, rows: Int) {
        require(rows >= 0) { "student rows must be >= 0, was $rows" }
        // gpa is text in the row (no driver formats it), cast to numeric by the statement
        refillTable(connection, "students", CREATE, "INSERT INTO students VALUES (?, ?, ?, ?, ?, ?, ?::numeric)", rows) { id ->
            row(id).let { s -> listOf(s.id, s.firstName, s.lastName, s.email, s.course, s.year, s.gpa) }
        }
    }

    /**
     * The page query, the same text for JDBC and R2DBC (`$1`/`$2` are PostgreSQL's own placeholders, which
     * pgJDBC also accepts as `?` only: callers replace them). gpa is read as text so no driver formats it.
     * With [dbSleepMs] > 0 the query itself waits in `pg_sleep` first, holding its connection like a slow query.
     */
    fun query(dbSleepMs: Long): String {
        val columns = "s.id, s.first_name, s.last_name, s.email, s.course, s.year, s.gpa::text AS gpa"
        // pg_sleep in a materialized CTE runs once per query, not once per row.
        return if (dbSleepMs > 0) {
            "WITH pause AS MATERIALIZED (SELECT pg_sleep(${dbSleepMs / 1000.0})) " +
                "SELECT $columns FROM students s, pause ORDER BY s.id LIMIT \$1 OFFSET \$2"
        } else {
            "SELECT $columns FROM students s ORDER BY s.id LIMIT \$1 OFFSET \$2"
        }
    }

    fun jdbcQuery(dbSleepMs: Long): String = query(dbSleepMs).replace("\$1", "?").replace("\$2", "?")

    /** The response body, byte for byte the same from every server (one mapper, [Json], never a framework's). */
    fun toJson(page: List<Student>): String = Json.write(page)

    /** The page the seeded table holds for (page, size): what every server must answer. */
    fun expectedPage(rows: Int, page: Int, size: Int): List<Student> = ((page * size + 1)..minOf(rows, page * size + size)).map(::row)
}
