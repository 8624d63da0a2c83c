package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.extension
import kotlin.io.path.readLines

/**
 * No line of the product's Kotlin, Java or JavaScript (every module's src/main, the reports' scripts too) is longer than 140 characters, counted in characters
 * as an editor shows them. ktlint (`./mvnw spotless:apply`, .editorconfig) formats the Kotlin; it lets a line holding
 * only a string run past its limit, and it reads neither Java nor JavaScript, so the limit is held here.
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

    companion object {
        const val LIMIT = 140
    }
}
