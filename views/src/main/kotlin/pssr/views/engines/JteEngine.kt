package pssr.views.engines

import gg.jte.ContentType
import gg.jte.TemplateEngine
import gg.jte.output.WriterOutput
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.Engine
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageView

/**
 * JTE: type-checked templates (`src/main/jte`) precompiled to Java by jte-maven-plugin, loaded by name at run time (no
 * runtime compilation; only jte-runtime is on the classpath). HTML content type: every `${}` is escaped for its context
 * (text, attribute), `$unsafe{}` writes the summary raw. [WriterOutput] passes each write straight to the render's Writer,
 * so the page streams as `@for` pulls items; JTE's own fast path, `Utf8ByteOutput`, keeps the whole page in its buffer
 * until the render returns (what JTE's Spring view uses: see the Spring servers' NOTES.md).
 */
object JteEngine : Engine("jte", "JTE 3.2 precompiled (HTML escaping, WriterOutput)") {
    private val jte = TemplateEngine.createPrecompiled(ContentType.Html)

    private fun <T : Any> page(name: String) = PageView<T>(IterableRender { items, out -> jte.render(name, items, WriterOutput(out)) })

    private val presentations = page<Presentation>("presentations.jte")
    private val stocks = page<Stock>("stocks.jte")

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
