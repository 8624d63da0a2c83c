package pssr.views.engines

import io.quarkus.qute.HtmlEscaper
import io.quarkus.qute.ReflectionValueResolver
import io.quarkus.qute.Template
import io.quarkus.qute.ValueResolvers
import io.quarkus.qute.Variant
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.Engine
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageView
import java.io.IOException
import java.util.concurrent.CompletionException
import io.quarkus.qute.Engine as Qute

/**
 * Qute (qute-core, standalone, the engine Quarkus ships), configured as Quarkus configures its `.html` templates: HTML
 * escaping for text/html, `.raw` for the trusted summary, getters read by reflection (Quarkus generates resolvers at
 * build time instead; standalone Qute has no build step). The page is written through Qute's chunked API, `consume`,
 * which hands each rendered part to the Writer (the same parts `createMulti()` emits), not `render()`'s one String.
 */
object QuteEngine : Engine("qute", "Qute 3.37 standalone (HTML escaping, chunked consume)") {
    /**
     * Its `{#for}` (LoopSectionHelper) pulls the whole Iterable into result nodes before the template's tree resolves,
     * and `consume` emits parts only once the tree has resolved: nothing leaves, not even the head, before the last
     * item has arrived (proved by ProgressiveRenderingTest).
     */
    override val readAhead get() = Engine.ALL_ITEMS

    private val qute = Qute.builder()
        .addDefaults()
        .addValueResolver(ReflectionValueResolver())
        .addValueResolver(ValueResolvers.rawResolver())
        .addResultMapper(HtmlEscaper(listOf(Variant.TEXT_HTML)))
        .build()

    private fun template(name: String): Template {
        val text = requireNotNull(QuteEngine::class.java.getResource("/templates/qute/$name.html")) { "missing templates/qute/$name.html" }
            .readText()
        return qute.parse(text, Variant.forContentType(Variant.TEXT_HTML), name)
    }

    private fun <T : Any> page(name: String): PageView<T> {
        val template = template(name)
        return PageView(
            IterableRender { items, out ->
                try {
                    template.data("items", items).consume(out::write).toCompletableFuture().join()
                } catch (e: CompletionException) {
                    // the source's failure (or the Writer's) as itself, not wrapped by the CompletionStage
                    val cause = e.cause ?: e
                    throw cause as? IOException ?: cause as? RuntimeException ?: e
                }
            },
        )
    }

    private val presentations = page<Presentation>("presentations")
    private val stocks = page<Stock>("stocks")

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
