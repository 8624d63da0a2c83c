package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.isRegularFile
import kotlin.io.path.readLines

/**
 * The harness speaks `pssr.*` settings only; each server maps them to its framework's own keys (servers/quarkus's
 * application.properties maps `pssr.blocking-pool-size` to Quarkus's worker pool, for one). So no Quarkus, Spring or
 * Tomcat configuration key appears anywhere in bench/src/main, not as a flag and not in a text. The servers'
 * launch.properties, which name their own address and port keys, are the servers' files and are not read here.
 */
class FrameworkKeysTest {
    private val main: Path = Path.of("src/main").toAbsolutePath()

    @Test
    fun `bench's sources name no framework configuration key`() {
        val files = Files.walk(main).use { paths -> paths.filter { it.isRegularFile() }.toList() }
        assertTrue(files.size > 100, "bench's sources are found under $main: ${files.size}")
        val found = files.flatMap { f ->
            runCatching { f.readLines() }.getOrDefault(emptyList()).withIndex()
                .filter { KEY.containsMatchIn(it.value) }
                .map { "${main.relativize(f)}:${it.index + 1}: ${it.value.trim()}" }
        }
        assertEquals(emptyList<String>(), found, "framework configuration keys in bench/src/main (use a pssr.* setting the server maps)")
    }

    @Test
    fun `the check finds a framework's key`() {
        for (line in listOf(
            "-Dquarkus.thread-pool.max-threads=200",
            "--spring.threads.virtual.enabled=true",
            "server.tomcat.threads.max",
        )) {
            assertTrue(KEY.containsMatchIn(line), line)
        }
        assertTrue(!KEY.containsMatchIn("-Dpssr.blocking-pool-size=200 import org.springframework Quarkus's pool"))
    }

    companion object {
        private val KEY = Regex("""(?<![a-z0-9_])(quarkus|spring)\.[a-z]|server\.tomcat""")
    }
}
