package pssr.bench.db

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.console.UsageError
import pssr.model.students.Students
import java.nio.file.Files
import java.nio.file.Path

/** The embedded PostgreSQL the students workload runs on: real binaries, real SQL, nothing left behind. */
class StudentDatabaseTest {
    @TempDir lateinit var tmp: Path

    @Test
    fun `the embedded database is seeded with the reproducible student table`() {
        StudentDatabase.embedded(tmp).use { db ->
            db.seed(250)
            assertEquals(250, db.rowCount())
            db.address.connect().use { c ->
                c.prepareStatement(Students.jdbcQuery(0)).use { ps ->
                    ps.setInt(1, 3)
                    ps.setInt(2, 10)
                    ps.executeQuery().use { rs ->
                        rs.next()
                        assertEquals(Students.row(11).email, rs.getString("email"))
                    }
                }
            }
        }
    }

    @Test
    fun `closing the embedded database stops its postmaster and removes its files`() {
        val db = StudentDatabase.embedded(tmp)
        val pid = db.pid!!
        assertTrue(ProcessHandle.of(pid).map { it.isAlive }.orElse(false), "postmaster $pid runs")
        db.close()
        assertFalse(ProcessHandle.of(pid).map { it.isAlive }.orElse(false), "postmaster $pid still runs")
        assertEquals(0, Files.list(tmp).use { it.count() }, "files left in $tmp")
    }

    @Test
    fun `a wrong password is refused in one line`() {
        StudentDatabase.embedded(tmp).use { db ->
            val url = "postgresql://pssr:wrong@127.0.0.1:${db.address.port}/postgres"
            val e = assertThrows(UsageError::class.java) { StudentDatabase.external(url) }
            assertEquals("PostgreSQL at 127.0.0.1:${db.address.port} refused user 'pssr' (wrong user or password)", e.message)
        }
    }

    @Test
    fun `a db-url is read in libpq's form and in JDBC's`() {
        assertEquals(DbAddress("h", 6543, "school", "u", "p w"), DbAddress.parse("postgresql://u:p%20w@h:6543/school"))
        assertEquals(DbAddress("h", 5432, "school", "u", "p"), DbAddress.parse("jdbc:postgresql://h/school?user=u&password=p"))
        assertThrows(UsageError::class.java) { DbAddress.parse("mysql://u:p@h/db") }
    }
}
