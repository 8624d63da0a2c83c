package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path

/**
 * The README, docs/ and the results archive link to each other by relative paths; a file moved or renamed (the ledgers went
 * from docs/ledgers to results-archive/) must not leave a link that leads nowhere, nor an anchor to a heading that is gone.
 */
class DocsLinksTest {
    private val root: Path = generateSequence(Path.of("").toAbsolutePath()) { it.parent }.first {
        Files.isDirectory(it.resolve("docs")) && Files.exists(it.resolve("pssr"))
    }

    private fun markdown(): List<Path> = listOf(root.resolve("README.md")) + listOf("docs", "results-archive").flatMap { dir ->
        Files.walk(root.resolve(dir)).use { s -> s.filter { it.toString().endsWith(".md") }.sorted().toList() }
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
    private fun slug(heading: String) = heading.trim().lowercase().replace(Regex("[^\\p{L}\\p{N} _-]"), "").replace(' ', '-')

    private fun anchors(file: Path): Set<String> = Files.readAllLines(file).filter { it.startsWith("#") }
        .map { slug(it.trimStart('#')) }.toSet()

    @Test
    fun `every relative link leads to a file that exists, and its anchor to a heading of that file`() {
        val link = Regex("]\\(([^)\\s]+)\\)")
        val broken = markdown().flatMap { file ->
            link.findAll(Files.readString(file)).map { it.groupValues[1] }
                .filter { !it.startsWith("http") && !it.startsWith("mailto:") }
                .mapNotNull { target ->
                    val path = target.substringBefore('#')
                    val anchor = target.substringAfter('#', "")
                    val to = if (path.isEmpty()) file else file.parent.resolve(path).normalize()
                    when {
                        !Files.exists(to) -> "${root.relativize(file)}: $target (no such file)"

                        anchor.isNotEmpty() && to.toString().endsWith(".md") && anchor !in anchors(to) ->
                            "${root.relativize(file)}: $target (no such heading)"

                        else -> null
                    }
                }.toList()
        }
        assertEquals(emptyList<String>(), broken)
    }
}
