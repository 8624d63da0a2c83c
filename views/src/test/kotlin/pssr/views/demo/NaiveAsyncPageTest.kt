package pssr.views.demo

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.model.ItemDelay
import pssr.model.Model
import pssr.views.Engines
import pssr.views.HtmlNormalizer
import pssr.views.Render
import java.io.StringWriter

/** Seed 002, section 3: the naive async template closes the document before its items arrive. */
class NaiveAsyncPageTest {
    @Test
    fun `a builder that subscribes and returns at once writes the items after the closing html tag`() {
        val out = StringWriter()
        NaiveAsyncPage.render(Model.Presentations.repository.findAll(ItemDelay(5)), out).blockingSubscribe()
        val html = out.toString()
        val end = html.indexOf("</html>")
        assertTrue(end > 0)
        val afterEnd = html.substring(end)
        assertEquals(
            Model.Presentations.items.size,
            afterEnd.split(Model.Presentations.itemMarker).size - 1,
            "every item lands after </html>",
        )
        assertEquals(0, html.substring(0, end).split(Model.Presentations.itemMarker).size - 1)
    }

    @Test
    fun `the same page rendered by a streaming engine keeps every item inside the container`() {
        val html = Render.toString(Engines.byName("kotlinx")!!, Model.Presentations, delay = ItemDelay(5))
        assertTrue(html.lastIndexOf(Model.Presentations.itemMarker) < html.indexOf("</html>"))
        assertEquals(Model.Presentations.items.size, HtmlNormalizer.parse(html).select("div.container > div.card").size)
    }
}
