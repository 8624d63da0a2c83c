package pssr.servers.students

import com.zaxxer.hikari.HikariDataSource
import io.r2dbc.pool.ConnectionPool
import io.r2dbc.spi.Connection
import pssr.model.students.Student
import pssr.model.students.Students
import reactor.core.publisher.Flux
import reactor.core.publisher.Mono
import java.net.ConnectException
import java.sql.SQLTransientConnectionException
import java.util.concurrent.TimeoutException

/** A page of students from PostgreSQL; [dbSleepMs] > 0 makes the query itself wait (`pg_sleep`). */
sealed interface StudentRepository : AutoCloseable {
    /** Blocks the calling thread (a Tomcat thread, platform or virtual) until the page is read. */
    fun pageBlocking(page: Int, size: Int, dbSleepMs: Long): List<Student>
}

class JdbcStudents(private val pool: HikariDataSource) : StudentRepository {
    override fun pageBlocking(page: Int, size: Int, dbSleepMs: Long): List<Student> = pool.connection.use { c ->
        c.prepareStatement(Students.jdbcQuery(dbSleepMs)).use { ps ->
            ps.setInt(1, size)
            ps.setInt(2, page * size)
            ps.executeQuery().use { rs ->
                buildList {
                    while (rs.next()) {
                        add(
                            Student(
                                rs.getInt("id"),
                                rs.getString("first_name"),
                                rs.getString("last_name"),
                                rs.getString("email"),
                                rs.getString("course"),
                                rs.getInt("year"),
                                rs.getString("gpa"),
                            ),
                        )
                    }
                }
            }
        }
    }

    override fun close() = pool.close()
}

class R2dbcStudents(private val pool: ConnectionPool) : StudentRepository {
    /** Never blocks: a connection is borrowed when subscribed and returned when the page is read or fails. */
    fun page(page: Int, size: Int, dbSleepMs: Long): Mono<List<Student>> = Mono.usingWhen(pool.create(), { c: Connection ->
        Flux.from(c.createStatement(Students.query(dbSleepMs)).bind(0, size).bind(1, page * size).execute())
            .flatMap { result ->
                result.map { row, _ ->
                    Student(
                        row.get("id", Integer::class.java)!!.toInt(),
                        row.get("first_name", String::class.java)!!,
                        row.get("last_name", String::class.java)!!,
                        row.get("email", String::class.java)!!,
                        row.get("course", String::class.java)!!,
                        row.get("year", Integer::class.java)!!.toInt(),
                        row.get("gpa", String::class.java)!!,
                    )
                }
            }.collectList()
    }, { c -> c.close() })

    /** The paper's combination: R2DBC called from a (virtual) request thread, which blocks on the result. */
    override fun pageBlocking(page: Int, size: Int, dbSleepMs: Long): List<Student> = page(page, size, dbSleepMs).block()!!

    override fun close() = pool.dispose()
}

/** Failures a client can tell apart: the pool had no connection in time (503), anything else from the database (500). */
object DbFailure {
    /** The pool waited its time out; not when the wait ended because the database could not be reached (a 500). */
    fun isPoolTimeout(t: Throwable): Boolean = !unreachable(t) && generateSequence(t) { it.cause }.any {
        it is SQLTransientConnectionException || it is TimeoutException ||
            it.javaClass.name.let { n -> n.endsWith("PoolAcquireTimeoutException") || n.endsWith("R2dbcTimeoutException") } ||
            (it.message ?: "").contains("acquisition timed out", ignoreCase = true)
    }

    private fun unreachable(t: Throwable) = generateSequence(t) { it.cause }.any {
        it is ConnectException ||
            (it.javaClass.simpleName == "PSQLException" && (it.message ?: "").contains("refused", ignoreCase = true)) ||
            (it.message ?: "").contains("Connection refused", ignoreCase = true)
    }

    fun status(t: Throwable): Int = if (isPoolTimeout(t)) 503 else 500

    fun line(t: Throwable): String = (if (isPoolTimeout(t)) "pool timeout: " else "database error: ") +
        (generateSequence(t) { it.cause }.last().message ?: t.javaClass.simpleName).lineSequence().first()
}
