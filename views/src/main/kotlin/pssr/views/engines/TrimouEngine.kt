package pssr.views.engines

import org.trimou.engine.MustacheEngineBuilder
import org.trimou.engine.locator.ClassPathTemplateLocator
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.Engine
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageView

/** Trimou 2.5, a Mustache engine: HTML escaping for `{{x}}`, `{{{x}}}` raw, templates cached. */
object TrimouEngine : Engine("trimou", "Trimou 2.5 Mustache (escaping, cached)") {
    /** A section over an Iterable counts it first (`Iterables.size`, for its iteration metadata): no item leaves before the last one
     * arrives. */
    override val readAhead get() = Engine.ALL_ITEMS

    private val engine = MustacheEngineBuilder.newBuilder()
        .addTemplateLocator(ClassPathTemplateLocator.builder().setRootPath("templates/trimou").setSuffix("mustache").build())
        .build()

    private fun <T : Any> page(name: String): PageView<T> {
        val mustache = engine.getMustache(name)
        return PageView(IterableRender { items, out -> mustache.render(out, mapOf("items" to items)) })
    }

    private val presentations = page<Presentation>("presentations")
    private val stocks = page<Stock>("stocks")

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
