package pssr.bench.students

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.cli
import pssr.bench.db.StudentDatabase
import java.io.ByteArrayOutputStream
import java.io.PrintStream
import java.nio.file.Files
import java.nio.file.Path

/** Bad input to `run --workloads students`: one line, exit code 2, nothing written. */
class StudentsInputTest {
    @TempDir lateinit var tmp: Path

    private fun assertRefused(expected: String, vararg args: String) {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val out = tmp.resolve("out")
        val err = ByteArrayOutputStream()
        val old = System.err
        System.setErr(PrintStream(err, true))
        val code = try {
            cli().execute("run", "--workloads", "students", *args, "--out", out.toString())
        } finally {
            System.setErr(old)
        }
        val text = err.toString().trim()
        assertEquals(2, code, text)
        assertEquals(1, text.lines().size, "one line: $text")
        assertTrue(text.contains(expected), text)
        assertFalse(Files.exists(out.resolve("results.csv")) || Files.exists(out.resolve("environment.json")), "nothing written")
    }

    @Test fun `an unreachable db-url is named`() =
        assertRefused("cannot reach PostgreSQL at 127.0.0.1:1", "--db-url", "postgresql://pssr:pssr@127.0.0.1:1/postgres")

    @Test
    fun `wrong credentials are named`() = StudentDatabase.embedded(tmp.resolve("pg")).use { db ->
        assertRefused(
            "refused user 'pssr' (wrong user or password)",
            "--db-url",
            "postgresql://pssr:nope@127.0.0.1:${db.address.port}/postgres",
        )
    }

    @Test fun `a negative pool size is refused`() = assertRefused("--jdbc-pool-size must be 1..10000, was -1", "--jdbc-pool-size", "-1")

    @Test fun `an unknown variant lists the valid ones`() =
        assertRefused("unknown --variants 'mvc-green'; valid variants: mvc-platform", "--variants", "mvc-green")

    @Test fun `an unknown workload lists the valid ones`() =
        assertRefused("unknown workload 'orders'; valid workloads: pages, students", "--workloads", "orders")
}
