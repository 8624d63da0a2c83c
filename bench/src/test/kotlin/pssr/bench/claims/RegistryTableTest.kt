package pssr.bench.claims

import java.nio.file.Files
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.run.Project

/**
 * docs/REGISTRY.md is the registry read against the papers: one row per claim (id | seed | section | the paper's words |
 * the paper's figure). Every claim has its row with the same seed, section and figure, and no row names an unknown id.
 */
class RegistryTableTest {
    private data class Row(val id: String, val seed: String, val section: String, val words: String, val figure: String)

    private fun rows(): List<Row> = Files.readAllLines(Project.root.resolve("docs").resolve("REGISTRY.md"))
        .filter { it.startsWith("| `") }
        .map { line ->
            val cells = line.trim().removePrefix("|").removeSuffix("|").split(" | ").map { it.trim() }
            assertEquals(5, cells.size, "five cells: $line")
            Row(cells[0].removeSurrounding("`"), cells[1], cells[2], cells[3], cells[4])
        }

    @Test
    fun `every claim has its row with the same seed, section and paper's figure, and every row a claim`() {
        val table = rows()
        val byId = table.groupBy { it.id }
        assertEquals(emptyList<String>(), byId.filter { it.value.size > 1 }.keys.toList(), "ids listed twice")
        val claims = Claims.all.associateBy { it.id }
        assertEquals(emptyList<String>(), table.map { it.id }.filter { it !in claims }, "rows naming an unknown id")
        val wrong = Claims.all.mapNotNull { c ->
            val r = byId[c.id]?.single() ?: return@mapNotNull "${c.id}: no row"
            listOfNotNull(
                if (r.seed != c.seed) "${c.id}: seed ${r.seed} in the table, ${c.seed} in the registry" else null,
                if (r.section != c.section) "${c.id}: section '${r.section}' in the table, '${c.section}' in the registry" else null,
                if (r.figure != c.paper) "${c.id}: figure '${r.figure}' in the table, '${c.paper}' in the registry" else null,
                if (r.words.isBlank()) "${c.id}: no words of the paper" else null,
            ).joinToString("; ").ifEmpty { null }
        }
        assertEquals(emptyList<String>(), wrong)
    }

    @Test
    fun `the ledger lists at least 65 claims, ids unique`() {
        val ids = Claims.all.map { it.id }
        assertTrue(ids.size >= 65, "${ids.size} claims")
        assertEquals(ids.size, ids.toSet().size)
    }
}
