package pssr.views.engines

import com.fizzed.rocker.ContentType
import com.fizzed.rocker.RockerOutputFactory
import com.fizzed.rocker.runtime.AbstractRockerOutput
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.Engine
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageView
import pssr.views.rocker.Presentations
import pssr.views.rocker.Stocks
import java.io.Writer

/**
 * Rocker: templates compiled to Java at build time (`src/main/rocker`, rocker-maven-plugin). Its
 * output is pluggable; [WriterOutput] passes every write straight to the render's Writer, so the page
 * streams as the `@for` loop pulls items.
 */
object RockerEngine : Engine("rocker", "Rocker 2.4, templates compiled at build time") {

    private class WriterOutput(contentType: ContentType, private val out: Writer) :
        AbstractRockerOutput<WriterOutput>(contentType, Charsets.UTF_8, 0) {
        override fun w(string: String): WriterOutput {
            out.write(string)
            byteLength += string.length
            return this
        }
        override fun w(bytes: ByteArray): WriterOutput {
            out.write(String(bytes, charset))
            byteLength += bytes.size
            return this
        }
    }

    private fun outputTo(out: Writer) = RockerOutputFactory { contentType, _ -> WriterOutput(contentType, out) }

    private val presentations = PageView<Presentation>(
        IterableRender { items, out ->
            Presentations.template(items).render(outputTo(out))
        },
    )

    private val stocks = PageView<Stock>(
        IterableRender { items, out ->
            Stocks.template(items).render(outputTo(out))
        },
    )

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
