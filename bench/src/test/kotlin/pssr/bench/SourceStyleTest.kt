package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.extension
import kotlin.io.path.readLines

/**
 * What ktlint (`./mvnw spotless:apply`) does not mend and has left behind once: a condition cut after its operator
 * (`if (v ==` / `"NaN"` / `) {` on three lines), a class named by its full package inside code instead of imported, and a
 * comment that cites an issue number (a reader of the code has no issue tracker; the commit message holds the why). Every
 * module's Kotlin, main and test.
 */
class SourceStyleTest {
    private val root: Path = Path.of("..").toAbsolutePath().normalize()

    private val kotlin: List<Path> = Files.walk(root).use { paths ->
        paths.filter { p ->
            val s = "/" + root.relativize(p)
            Files.isRegularFile(p) && p.extension == "kt" && "/src/" in s && "node_modules" !in s && "/target/" !in s
        }.toList()
    }

    /**
     * Each line of code with its place: comments, imports and the inside of raw strings (a test's sample of Java or Kotlin)
     * left out, string literals blanked (a name in a message is prose).
     */
    private fun code(): List<Pair<String, String>> = kotlin.flatMap { f ->
        var raw = false
        f.readLines().withIndex().filterNot { (_, l) ->
            val inside = raw
            if (l.split("\"\"\"").size % 2 == 0) raw = !raw
            inside || l.startsWith("import ") || l.startsWith("package ") || l.trim().let { it.startsWith("*") || it.startsWith("/*") }
        }.map { (i, l) -> "${root.relativize(f)}:${i + 1}" to l.substringBefore("//").replace(STRING, "\"\"") }
    }

    @Test
    fun `the sources are found`() {
        assertTrue(kotlin.size > 200, "Kotlin files found: ${kotlin.size}")
    }

    @Test
    fun `no line ends in a comparison, leaving its other side to the next line`() {
        val cut = code().filter { (_, l) -> COMPARISON.containsMatchIn(l) }.map { it.first }
        assertEquals(emptyList<String>(), cut, "join the condition onto one line, or name its parts")
    }

    @Test
    fun `no class is named by its full package inside code`() {
        val named = code().filter { (_, l) -> QUALIFIED.containsMatchIn(l) }.map { "${it.first} ${QUALIFIED.find(it.second)!!.value}" }
        assertEquals(emptyList<String>(), named, "import the class")
    }

    @Test
    fun `no comment cites an issue number`() {
        val cited = kotlin.flatMap { f ->
            f.readLines().withIndex().filter { (_, l) -> ISSUE.containsMatchIn(l) }.map { "${root.relativize(f)}:${it.index + 1}" }
        }
        assertEquals(emptyList<String>(), cited, "say why in the comment itself")
    }

    companion object {
        private val STRING = Regex("\"(\\\\.|[^\"\\\\])*\"")
        private val COMPARISON = Regex("\\s(==|!=|<=|>=|<|>|in|!in)$")
        private val QUALIFIED = Regex("(?<![\\w.@])(java|javax|kotlin|pssr|org|com|io)\\.([a-z]\\w*\\.)+[A-Z]\\w*")
        private val ISSUE = Regex("(//|\\*).*\\b(issue|Issue) #?\\d+")
    }
}
