package pssr.views

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import pssr.model.Model
import java.nio.file.Files
import java.nio.file.Path

/**
 * Every engine renders the same document: its output, after [HtmlNormalizer], equals the model's golden
 * page (src/main/resources/golden). Regenerate the golden pages from the baseline with
 * `-Dpssr.updateGolden=true` — and review the diff.
 */
class GoldenPageTest {
    companion object {
        @JvmStatic fun cases() = Case.all()
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    fun `every engine renders the golden page in every way it can render`(case: Case) {
        val html = Render.toString(case.engine, case.model, case.rendering)
        assertEquals(Golden.of(case.model), HtmlNormalizer.normalize(html), "$case differs from golden/${case.model.id}.html")
        println("page size: ${case.engine.name} ${case.model.id} ${case.rendering.name.lowercase()} = ${html.toByteArray().size} bytes")
    }

    @Test
    fun `the presentations page is about 9 KB and every page has one item marker per item`() {
        for (model in Model.all) {
            val html = Render.toString(Engines.byName("baseline")!!, model)
            assertEquals(
                model.items.size,
                html.windowed(model.itemMarker.length).count {
                    it == model.itemMarker
                },
                "markers in ${model.id}",
            )
        }
        val size = Render.toString(Engines.byName("baseline")!!, Model.Presentations).toByteArray().size
        assertTrue(size in 8_500..10_000, "presentations page is $size bytes")
    }

    /**
     * The golden files in the source tree are the baseline's pages now (the parameterized test reads the copies on
     * the classpath): a template or model change that moved the baseline fails here until the pages are regenerated.
     * With `-Dpssr.updateGolden=true` it writes them instead, and says so.
     */
    @Test
    fun `golden pages in the source tree are the baseline's pages, or are rewritten when asked`() {
        val update = System.getProperty("pssr.updateGolden") == "true"
        for (model in Model.all) {
            val target = Path.of("src/main/resources/golden/${model.id}.html")
            val page = HtmlNormalizer.normalize(Render.toString(Engines.byName("baseline")!!, model))
            if (update) {
                Files.writeString(target, page)
                println("wrote $target")
                continue
            }
            assertTrue(Files.isRegularFile(target), "no $target (run from the views module)")
            assertEquals(
                page,
                Files.readString(target),
                "$target is not the baseline's page; regenerate with -Dpssr.updateGolden=true and review the diff",
            )
        }
    }
}
