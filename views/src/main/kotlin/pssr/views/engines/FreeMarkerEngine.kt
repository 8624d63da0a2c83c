package pssr.views.engines

import freemarker.cache.ClassTemplateLoader
import freemarker.template.Configuration
import freemarker.template.DefaultObjectWrapperBuilder
import freemarker.template.TemplateExceptionHandler
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.Engine
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageView

/**
 * FreeMarker 2.3: `.ftlh` templates get HTML auto-escaping; "computer" number format so doubles print
 * like `Double.toString` (no locale grouping); `iterableSupport` so `#list` pulls a plain Iterable lazily.
 */
object FreeMarkerEngine : Engine("freemarker", "FreeMarker 2.3 (.ftlh auto-escaping, cached)") {
    /** Its loop calls hasNext() before rendering the current item (loop status / `last`). */
    override val readAhead get() = 1

    private val config = Configuration(Configuration.VERSION_2_3_34).apply {
        templateLoader = ClassTemplateLoader(FreeMarkerEngine::class.java, "/templates/freemarker")
        defaultEncoding = "UTF-8"
        numberFormat = "computer"
        templateExceptionHandler = TemplateExceptionHandler.RETHROW_HANDLER
        logTemplateExceptions = false
        objectWrapper = DefaultObjectWrapperBuilder(Configuration.VERSION_2_3_34).apply { iterableSupport = true }.build()
    }

    private fun <T : Any> page(name: String): PageView<T> {
        val template = config.getTemplate("$name.ftlh")
        return PageView(IterableRender { items, out -> template.process(mapOf("items" to items), out) })
    }

    private val presentations = page<Presentation>("presentations")
    private val stocks = page<Stock>("stocks")

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
