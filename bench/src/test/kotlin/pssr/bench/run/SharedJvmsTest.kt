package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.claims.JudgedFolder
import pssr.bench.cli
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/**
 * `run --quick --jvms 2`: the repetitions alternate over two shared server JVMs, and each row names the one that measured it;
 * with one shared JVM, the JVM that verified the framework measures it.
 */
class SharedJvmsTest {
    @Test
    fun `two shared JVMs measure alternate repetitions, and the claims see two JVMs`(@TempDir dir: Path) {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val out = dir.resolve("run")
        val code = cli().execute(
            "run", "--quick", "--no-pin", "--allow-concurrent", "--frameworks", "webflux", "--models", "presentations", "--engines",
            "jstachio", "--approaches", "virtual", "--users", "4", "--repeat", "3", "--jvms", "2", "--route-warmup", "1s",
            "--steady-cap", "0", "--warmup", "1s", "--duration", "1s", "--out", out.toString(),
        )
        assertEquals(0, code)
        val rows = RunDirectory(out).rows().sortedBy { it.repetition }
        assertEquals(listOf(1 to 1, 2 to 2, 3 to 1), rows.map { it.repetition to it.serverJvm }, "repetitions A B A")
        val logs = Files.list(out.resolve("logs")).use { s -> s.map { it.fileName.toString() }.toList() }
        assertEquals(2, logs.count { "shared-jvm" in it }, "a log per shared JVM: $logs")
        assertEquals(2, JudgedFolder.read(out).jvms.values.distinct().size, "the claims group the repetitions by JVM")
    }

    @Test
    fun `one shared JVM is the one that verified the framework, started once`(@TempDir dir: Path) {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val out = dir.resolve("run")
        val code = cli().execute(
            "run", "--quick", "--no-pin", "--allow-concurrent", "--frameworks", "helidon", "--models", "presentations", "--engines",
            "jstachio", "--approaches", "virtual-flush", "--users", "4", "--repeat", "1", "--route-warmup", "1s", "--steady-cap", "0",
            "--warmup", "1s", "--duration", "1s", "--out", out.toString(),
        )
        assertEquals(0, code)
        assertEquals(1, RunDirectory(out).checks().size, "verified")
        assertEquals(listOf(1), RunDirectory(out).rows().map { it.serverJvm }, "measured on the shared JVM")
        val logs = Files.list(out.resolve("logs")).use { s -> s.map { it.fileName.toString() }.filter { "helidon" in it }.toList() }
        assertEquals(listOf("helidon-shared.log"), logs, "one server log")
        val starts = Files.readAllLines(out.resolve("logs/helidon-shared.log")).count { "Started all channels" in it }
        assertEquals(1, starts, "the server started once")
    }
}
