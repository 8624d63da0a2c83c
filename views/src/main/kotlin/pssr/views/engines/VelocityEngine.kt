package pssr.views.engines

import org.apache.velocity.VelocityContext
import org.apache.velocity.app.event.implement.EscapeHtmlReference
import org.apache.velocity.runtime.RuntimeConstants
import org.apache.velocity.runtime.resource.loader.ClasspathResourceLoader
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.Engine
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageView
import org.apache.velocity.app.VelocityEngine as Velocity

/**
 * Velocity 2.4. Velocity does not escape by default: an [EscapeHtmlReference] event handler escapes every
 * reference except the trusted `$p.summary`. A new [VelocityContext] per render (the seed shared one
 * mutable context across threads and had to drop Velocity from its runs).
 */
object VelocityEngine : Engine("velocity", "Velocity 2.4 (HTML-escaping event handler, cached)") {
    /** `#foreach` fetches the next item before rendering the current one (`\$foreach.hasNext`). */
    override val readAhead get() = 1

    private val velocity = Velocity().apply {
        setProperty(RuntimeConstants.RESOURCE_LOADERS, "class")
        setProperty("resource.loader.class.class", ClasspathResourceLoader::class.java.name)
        setProperty("resource.loader.class.cache", "true")
        setProperty("resource.loader.class.modification_check_interval", "-1")
        setProperty(RuntimeConstants.INPUT_ENCODING, "UTF-8")
        setProperty(RuntimeConstants.RUNTIME_REFERENCES_STRICT, "true")
        setProperty(RuntimeConstants.EVENTHANDLER_REFERENCEINSERTION, EscapeHtmlReference::class.java.name)
        setProperty("eventhandler.escape.html.match", "^(?!\\\$p\\.summary).*")
        init()
    }

    private fun <T : Any> page(name: String): PageView<T> {
        val template = velocity.getTemplate("templates/velocity/$name.vm", "UTF-8")
        return PageView(IterableRender { items, out -> template.merge(VelocityContext().apply { put("items", items) }, out) })
    }

    private val presentations = page<Presentation>("presentations")
    private val stocks = page<Stock>("stocks")

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
