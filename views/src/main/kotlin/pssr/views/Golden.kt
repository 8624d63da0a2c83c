package pssr.views

import pssr.model.Model

/** The expected page of each model, normalised by [HtmlNormalizer]: what every engine, server and route must produce. */
object Golden {
    private val pages = HashMap<String, String>()

    fun of(model: Model<*>): String = synchronized(pages) {
        pages.getOrPut(model.id) {
            requireNotNull(Golden::class.java.getResource("/golden/${model.id}.html")) { "missing golden/${model.id}.html" }.readText()
        }
    }

    /** True when [html] normalises to the model's golden page. */
    fun matches(model: Model<*>, html: String): Boolean = HtmlNormalizer.normalize(html) == of(model)
}
