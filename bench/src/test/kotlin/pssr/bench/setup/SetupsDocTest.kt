package pssr.bench.setup

import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path

/** docs/SETUPS.md shows the setups the code applies: regenerate its tables with `./pssr list --setups`. */
class SetupsDocTest {
    @Test
    fun `docs SETUPS md holds every setup's table as the code has it`() {
        val root = generateSequence(Path.of("").toAbsolutePath()) { it.parent }.first {
            Files.isDirectory(it.resolve("docs")) &&
                Files.exists(it.resolve("pssr"))
        }
        val doc = Files.readString(root.resolve("docs/SETUPS.md"))
        assertTrue(
            doc.contains(SetupsDoc.markdown()),
            "docs/SETUPS.md is out of date: replace its tables with the output of ./pssr list --setups",
        )
    }
}
