package pssr.views.engines

import io.reactivex.rxjava3.core.BackpressureStrategy
import io.reactivex.rxjava3.core.Observable
import org.springframework.core.io.buffer.DataBufferUtils
import org.springframework.core.io.buffer.DefaultDataBufferFactory
import org.springframework.http.MediaType
import org.thymeleaf.context.Context
import org.thymeleaf.spring6.SpringWebFluxTemplateEngine
import org.thymeleaf.spring6.context.webflux.ReactiveDataDriverContextVariable
import org.thymeleaf.templatemode.TemplateMode
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.AsyncRender
import pssr.views.Engine
import pssr.views.EngineSettings
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageView
import reactor.core.publisher.Flux
import java.io.Writer
import java.util.Locale
import java.util.concurrent.CompletableFuture

/**
 * Thymeleaf 3.1 with the Spring dialect (SpEL), as Spring applications configure it: cached templates,
 * UTF-8. Blocking: `process()` over an Iterable. Reactive: the data-driven mode Spring WebFlux uses — a
 * [ReactiveDataDriverContextVariable] over the async source, rendered as a stream of buffers, each
 * written and flushed as one chunk.
 */
class ThymeleafEngine private constructor(
    /**
     * Items the data-driven mode gathers before it renders a chunk. Thymeleaf's default is 10; the seed's
     * reference used 1, which streams every item as soon as it arrives. A server that sets another value
     * gets its own instance through [configured] (no shared state changes); servers report it in `/routes`.
     */
    val dataDriverBufferSize: Int,
) : Engine("thymeleaf", "Thymeleaf 3.1 + SpEL (blocking; reactive data-driven mode)") {
    /** Its loop calls hasNext() before rendering the current item (loop status / `last`). */
    override val readAhead get() = 1

    override fun configured(settings: EngineSettings): Engine = if (settings.thymeleafDataDriverBufferSize == dataDriverBufferSize) {
        this
    } else {
        ThymeleafEngine(settings.thymeleafDataDriverBufferSize)
    }

    companion object {
        // One template engine (parsed-template cache) for every instance: only the buffer size differs.
        private val templates = SpringWebFluxTemplateEngine().apply {
            setTemplateResolver(
                ClassLoaderTemplateResolver().apply {
                    prefix = "templates/thymeleaf/"
                    suffix = ".html"
                    templateMode = TemplateMode.HTML
                    characterEncoding = "UTF-8"
                    isCacheable = true
                },
            )
        }
        private val buffers = DefaultDataBufferFactory.sharedInstance

        /** The registry's instance: [EngineSettings.DEFAULT]'s buffer (the seed's 1). */
        @JvmField val DEFAULT = ThymeleafEngine(EngineSettings.DEFAULT.thymeleafDataDriverBufferSize)
    }

    private fun <T : Any> page(template: String) = PageView<T>(
        iterable = IterableRender { items, out ->
            templates.process(template, Context(Locale.ROOT, mapOf("items" to items)), out)
        },
        async = AsyncRender { items, out -> renderDataDriven(template, items, out) },
    )

    private fun <T : Any> renderDataDriven(template: String, items: Observable<T>, out: Writer): CompletableFuture<Void?> {
        val source = Flux.from(items.toFlowable(BackpressureStrategy.BUFFER))
        val context = Context(Locale.ROOT, mapOf("items" to ReactiveDataDriverContextVariable(source, dataDriverBufferSize)))
        val done = CompletableFuture<Void?>()
        Flux.from(templates.processStream(template, null, context, buffers, MediaType.TEXT_HTML, Charsets.UTF_8))
            .subscribe(
                { buffer ->
                    out.write(buffer.toString(Charsets.UTF_8))
                    DataBufferUtils.release(buffer)
                    out.flush()
                },
                { done.completeExceptionally(it) },
                { done.complete(null) },
            )
        return done
    }

    private val presentations = page<Presentation>("presentations")
    private val stocks = page<Stock>("stocks")

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
