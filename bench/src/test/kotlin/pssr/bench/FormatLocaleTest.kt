package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import java.util.Locale
import kotlin.io.path.extension
import kotlin.io.path.readText

/**
 * No `format(`, `formatted(` or `printf(` in bench's sources outside the formatter ([pssr.bench.console.Fmt]) without an explicit
 * Locale.ROOT as its first argument: a call without one follows the machine's locale (1.166 for 1,166 under German). Read as source
 * text, comments left out; [CommaLocaleTest] checks the written files themselves.
 */
class FormatLocaleTest {
    private val main: Path = Path.of("src/main/kotlin").toAbsolutePath()

    @Test
    fun `every format call outside the formatter names Locale ROOT`() {
        val files = Files.walk(main).use { s -> s.filter { Files.isRegularFile(it) && it.extension == "kt" }.toList() }
        assertTrue(files.size > 100, "bench's sources are found: ${files.size}")
        val found = files.filter { it.fileName.toString() != "Fmt.kt" }.flatMap { f ->
            localeFree(f.readText()).map { "${main.relativize(f)}:$it" }
        }
        assertEquals(emptyList<String>(), found, "format calls without a locale: use pssr.bench.console.Fmt")
    }

    @Test
    fun `the scan finds a format call without a locale, however it is written`() {
        val code = """
            val a = "%.1f".format(x)
            val b = String.format("%,d", n)
            val c = "%s".formatted(y)
            val d = "%.2f".format(
                v,
            )
            val e = "https://host/ ${'$'}{"%.1f".format(x)} ms" + '"'
            val ok = "%.1f".format(java.util.Locale.ROOT, x) + String.format(Locale.ROOT, "%d", n)
            // "%.1f".format(x) in a comment is not code
            /* nor "%.1f".format(x) here */
        """.trimIndent()
        assertEquals(listOf(1, 2, 3, 4, 7), localeFree(code))
    }

    companion object {
        private val CALL = Regex("""\b(format|formatted|printf)\(\s*""")
        private val LOCALE = Regex("""^(java\.util\.)?Locale\.ROOT\b""")

        /** Commons CSV's record writer: it quotes values that are text already (no number is formatted). */
        private const val CSV_RECORD = "writeFormat.format("

        /** The lines of [source] with a format call whose first argument is not Locale.ROOT. */
        fun localeFree(source: String): List<Int> {
            val code = withoutComments(source)
            return CALL.findAll(code).filter { m ->
                !LOCALE.containsMatchIn(code.substring(m.range.last + 1)) &&
                    !code.startsWith(CSV_RECORD, m.range.first - "writeFormat.".length)
            }.map { m -> code.substring(0, m.range.first).count { it == '\n' } + 1 }.toList()
        }

        /**
         * [source] with its comments blanked (line breaks kept, so line numbers hold). Strings, raw strings, their templates and
         * character literals are followed, so a `//` in a string is not taken for a comment.
         */
        private fun withoutComments(source: String): String {
            val out = StringBuilder(source.length)
            // what encloses the position: '"' a string, 'r' a raw string, '{' a template's or a block's brace
            val stack = ArrayDeque<Char>()
            var i = 0
            fun copy(n: Int) {
                out.append(source, i, minOf(i + n, source.length))
                i += n
            }
            while (i < source.length) {
                val inString = stack.lastOrNull()
                when {
                    inString == '"' && source[i] == '\\' -> copy(2)

                    inString == '"' && source[i] == '"' -> copy(1).also { stack.removeLast() }

                    inString == 'r' && source.startsWith("\"\"\"", i) -> copy(3).also { stack.removeLast() }

                    (inString == '"' || inString == 'r') && source.startsWith("${'$'}{", i) -> copy(2).also { stack.addLast('{') }

                    inString == '"' || inString == 'r' -> copy(1)

                    source.startsWith("\"\"\"", i) -> copy(3).also { stack.addLast('r') }

                    source[i] == '"' -> copy(1).also { stack.addLast('"') }

                    source[i] == '\'' -> copy(if (source[i + 1] == '\\') source.indexOf('\'', i + 3) - i + 1 else 3)

                    source[i] == '{' -> copy(1).also { stack.addLast('{') }

                    source[i] == '}' -> copy(1).also { stack.removeLastOrNull() }

                    source.startsWith("//", i) -> while (i < source.length && source[i] != '\n') i++

                    source.startsWith("/*", i) -> {
                        val end = source.indexOf("*/", i + 2).let { if (it < 0) source.length else it + 2 }
                        source.substring(i, end).forEach { if (it == '\n') out.append('\n') }
                        i = end
                    }

                    else -> copy(1)
                }
            }
            return out.toString()
        }
    }
}
