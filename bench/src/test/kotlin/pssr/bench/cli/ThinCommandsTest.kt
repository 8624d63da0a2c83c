package pssr.bench.cli

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.name
import kotlin.io.path.readLines

/**
 * A command parses and delegates: each `call` (or `run`) of cli's commands checks its options and calls one workflow, in
 * at most [MAX] lines (a block body's lines inside its braces, an expression body's lines). Read from the sources: the
 * body ends where its brackets close (string literals left out of the count of brackets).
 */
class ThinCommandsTest {
    private val cli: Path = Path.of("src/main/kotlin/pssr/bench/cli").toAbsolutePath()

    @Test
    fun `no command's call is longer than 15 lines`() {
        val commands = Files.list(cli).use { s -> s.filter { it.name.endsWith("Command.kt") }.toList() }
        assertTrue(commands.size >= 15, "the commands are found in $cli: ${commands.size}")
        val sizes = commands.associate { it.name to bodyLines(it.readLines()) }
        assertTrue(sizes.values.all { it > 0 }, "every command's call or run is found: $sizes")
        assertEquals(emptyMap<String, Int>(), sizes.filterValues { it > MAX }, "commands whose call is over $MAX lines")
    }

    @Test
    fun `a body is counted to its closing bracket`() {
        val block = listOf(
            "class A {",
            "    override fun call(): Int {",
            "        val s = \"(}{\"",
            "        if (x) {",
            "            y()",
            "        }",
            "        return 0",
            "    }",
            "}",
        )
        assertEquals(5, bodyLines(block))
        val expression = listOf(
            "    override fun call(): Int = Workflow(",
            "        a, b,",
            "    ).execute()",
            "",
            "    private fun plan() {",
            "    }",
        )
        assertEquals(3, bodyLines(expression))
    }

    /** The lines of the first `override fun call()` or `run()` in [lines]; 0 when there is none. */
    private fun bodyLines(lines: List<String>): Int {
        val start = lines.indexOfFirst { DECLARATION.containsMatchIn(it) }
        if (start < 0) return 0
        var depth = 0
        for (i in start until lines.size) {
            val code = lines[i].replace(STRING, "\"\"")
            depth += code.count { it in "({[" } - code.count { it in ")}]" }
            if (depth == 0 && !code.trimEnd().endsWith("=")) {
                val block = lines[start].trimEnd().endsWith("{")
                return if (block) i - start - 1 else i - start + 1
            }
        }
        return Int.MAX_VALUE
    }

    companion object {
        const val MAX = 15
        private val DECLARATION = Regex("""^\s*override fun (call|run)\(\)""")
        private val STRING = Regex(""""(\\.|[^"\\])*"""")
    }
}
