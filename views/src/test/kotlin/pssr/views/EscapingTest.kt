package pssr.views

import io.reactivex.rxjava3.core.Observable
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock

/** Plain-text fields are HTML-escaped by every engine; the trusted summary is written raw. */
class EscapingTest {
    companion object {
        @JvmStatic fun cases() = Case.all()
        const val HOSTILE = "<script>alert(1)</script> & \"quoted\" 'single'"
        const val HOSTILE_URL = "http://example.test/?a=1&b=\"2\"&c='3'><script>alert(2)</script>"
        val presentation = Presentation(1, HOSTILE, "Eve $HOSTILE", "Trusted <em>markup</em> &amp; more")
        val stock = Stock(HOSTILE, "$HOSTILE 2", HOSTILE_URL, "<b>SYM</b>", 1.5, -0.5, -0.25)
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    fun `hostile text comes out escaped and the page keeps its structure`(case: Case) {
        val out = StringBuilder()
        @Suppress("UNCHECKED_CAST")
        when (case.model) {
            Model.Presentations -> Render.page(
                case.engine.view(Model.Presentations),
                case.rendering,
                Observable.just(presentation),
                ChunkWriter { out.append(it) },
            )

            Model.Stocks -> Render.page(
                case.engine.view(Model.Stocks),
                case.rendering,
                Observable.just(stock),
                ChunkWriter { out.append(it) },
            )
        }
        val doc = HtmlNormalizer.parse(out.toString())
        assertTrue(doc.select("script").isEmpty(), "$case: a <script> element was injected:\n$out")
        when (case.model) {
            Model.Presentations -> {
                assertEquals(1, doc.select("div.card").size)
                assertEquals("$HOSTILE - Eve $HOSTILE", doc.selectFirst("h5.card-title")!!.text())
                assertEquals("markup", doc.selectFirst("div.card-body em")!!.text(), "summary must stay raw")
                assertEquals("Trusted markup & more", doc.selectFirst("div.card-body")!!.text())
            }

            Model.Stocks -> {
                val row = doc.selectFirst("tr.stock")!!
                assertEquals(5, row.select("td").size)
                assertTrue(row.select("b").isEmpty(), "symbol markup was not escaped")
                assertEquals("<b>SYM</b>", row.child(0).text())
                val link = row.selectFirst("a")!!
                assertEquals(HOSTILE, link.text())
                assertEquals("$HOSTILE 2", link.attr("title"))
                assertEquals(HOSTILE_URL, link.attr("href"))
                assertEquals("minus", row.child(3).className())
            }
        }
    }
}
