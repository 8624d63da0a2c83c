package pssr.views.engines

import io.pebbletemplates.pebble.loader.ClasspathLoader
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.Engine
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageView
import io.pebbletemplates.pebble.PebbleEngine as Pebble

/** Pebble 4: autoescaping on (its default), template cache on, strict variables so a typo fails loudly. */
object PebbleEngine : Engine("pebble", "Pebble 4 (autoescape, cached)") {
    /** Its loop calls hasNext() before rendering the current item (loop status / `last`). */
    override val readAhead get() = 1

    private val pebble = Pebble.Builder()
        .loader(
            ClasspathLoader().apply {
                prefix = "templates/pebble"
                suffix = ".peb"
                charset = "UTF-8"
            },
        )
        .cacheActive(true)
        .strictVariables(true)
        .build()

    private fun <T : Any> page(name: String): PageView<T> {
        val template = pebble.getTemplate(name)
        return PageView(IterableRender { items, out -> template.evaluate(out, mapOf<String, Any>("items" to items)) })
    }

    private val presentations = page<Presentation>("presentations")
    private val stocks = page<Stock>("stocks")

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
