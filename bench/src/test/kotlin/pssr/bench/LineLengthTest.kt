package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.extension
import kotlin.io.path.readLines

/**
 * No line of the product's Kotlin, Java or JavaScript (every module's src/main, the reports' scripts too) is longer than 140
 * characters, counted in characters as an editor shows them, and no such file is longer than 300 lines (a longer one holds
 * more than one concern: split it by concern, docs/ARCHITECTURE.md "Code style"). ktlint (`./mvnw spotless:apply`,
 * .editorconfig) formats the Kotlin; it lets a line holding only a string run past its limit, and it reads neither Java nor
 * JavaScript, so the limits are held here.
 */
class LineLengthTest {
    private val root: Path = Path.of("..").toAbsolutePath().normalize()

    private fun sources(): List<Path> = Files.walk(root).use { paths ->
        paths.filter { p ->
            val s = root.relativize(p).toString()
            Files.isRegularFile(p) && "/src/main/" in "/$s" && p.extension in listOf("kt", "java", "js") &&
                "node_modules" !in s && "/target/" !in "/$s"
        }.toList()
    }

    @Test
    fun `no line in src main is longer than 140 characters`() {
        val files = sources()
        assertTrue(files.size > 100, "the product's sources are found: ${files.size}")
        val long = files.flatMap { f ->
            f.readLines().withIndex().filter {
                it.value.length > LIMIT
            }.map { "${root.relativize(f)}:${it.index + 1} (${it.value.length})" }
        }
        assertEquals(emptyList<String>(), long, "lines over $LIMIT characters")
    }

    @Test
    fun `no file in src main is longer than 300 lines`() {
        val long = sources().map { it to it.readLines().size }.filter { it.second > MAX_LINES }
            .map { (f, n) -> "${root.relativize(f)} ($n lines)" }
        assertEquals(emptyList<String>(), long, "files over $MAX_LINES lines")
    }

    companion object {
        const val LIMIT = 140
        const val MAX_LINES = 300
    }
}
