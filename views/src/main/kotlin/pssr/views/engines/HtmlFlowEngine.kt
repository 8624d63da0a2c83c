package pssr.views.engines

import htmlflow.HtmlFlow
import htmlflow.HtmlPage
import htmlflow.suspending
import htmlflow.viewSuspend
import io.reactivex.rxjava3.core.Observable
import kotlinx.coroutines.flow.Flow
import org.xmlet.htmlapifaster.Body
import org.xmlet.htmlapifaster.Div
import org.xmlet.htmlapifaster.Element
import org.xmlet.htmlapifaster.Html
import org.xmlet.htmlapifaster.Table
import org.xmlet.htmlapifaster.Tbody
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.AsyncRender
import pssr.views.Engine
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageText.PRESENTATIONS_CSS
import pssr.views.PageText.PRESENTATIONS_TITLE
import pssr.views.PageText.STOCKS_COLUMNS
import pssr.views.PageText.STOCKS_CSS
import pssr.views.PageText.STOCKS_TITLE
import pssr.views.PageView
import pssr.views.SuspendingRender
import java.util.concurrent.CompletableFuture
import pssr.views.Html as Escape

/**
 * HtmlFlow 4.7, an internal DSL: the static parts of a view are pre-rendered once, the dynamic blocks
 * run per render. Three forms of each page: `dynamic` over an Iterable (blocking), `await` over an
 * Observable (async: the `onCompletion` callback keeps the HTML well-formed) and `suspending` over a Flow.
 * Views are `threadSafe()`: the blocking view keeps one visitor per thread, the async and suspending
 * views one per render. HtmlFlow escapes text but writes attribute values as given, so attribute values
 * from the model are escaped here.
 */
object HtmlFlowEngine : Engine("htmlflow", "HtmlFlow 4.7 internal DSL (blocking, async await, suspending)") {

    // ---- Presentations ----
    private fun presentationsContainer(page: HtmlPage): Div<Body<Html<HtmlPage>>> = page.html().attrLang("en")
        .head()
        .meta().attrCharset("UTF-8").`__`()
        .meta().attrName("viewport").attrContent("width=device-width, initial-scale=1.0").`__`()
        .title().text(PRESENTATIONS_TITLE).`__`()
        .style().raw(PRESENTATIONS_CSS).`__`()
        .`__`()
        .body()
        .div().attrClass("container")
        .div().attrClass("page-header").h1().text(PRESENTATIONS_TITLE).`__`().`__`()

    private fun <Z : Element<*, *>> Div<Z>.card(p: Presentation) {
        div().attrClass("card mb-3 shadow-sm rounded")
            .div().attrClass("card-header")
            .h5().attrClass("card-title").text(p.title + " - " + p.speakerName).`__`()
            .`__`()
            .div().attrClass("card-body").raw(p.summary).`__`()
            .`__`()
    }

    private val presentationsIterable = HtmlFlow.view<Iterable<Presentation>> { page ->
        presentationsContainer(page)
            .dynamic<Iterable<Presentation>> { div, items -> items.forEach { div.card(it) } }
            .`__`().`__`().`__`()
    }.threadSafe().setIndented(false)

    private val presentationsAsync = HtmlFlow.viewAsync<Observable<Presentation>> { page ->
        presentationsContainer(page)
            .await<Observable<Presentation>> { div, items, onCompletion ->
                // On error the page is left unfinished; the failure reaches the caller through failOn().
                items.subscribe({ div.card(it) }, { }, { onCompletion.finish() })
            }
            .`__`().`__`().`__`()
    }.threadSafe().setIndented(false)

    private val presentationsSuspending = viewSuspend<Flow<Presentation>> {
        presentationsContainer(this)
            .suspending { items: Flow<Presentation> -> items.collect { card(it) } }
            .`__`().`__`().`__`()
    }.threadSafe()!!.setIndented(false)!!

    private val presentations: PageView<Presentation> = PageView(
        iterable = IterableRender { items, out -> presentationsIterable.setOut(out).write(items) },
        async = AsyncRender { items, out -> failOn(items) { presentationsAsync.writeAsync(out, it) } },
        suspending = SuspendingRender { items, out -> presentationsSuspending.write(out, items) },
    )

    // ---- Stocks ----
    private fun stocksTbody(page: HtmlPage): Tbody<Table<Body<Html<HtmlPage>>>> = page.html().attrLang("en")
        .head()
        .meta().attrCharset("UTF-8").`__`()
        .meta().attrName("viewport").attrContent("width=device-width, initial-scale=1.0").`__`()
        .title().text(STOCKS_TITLE).`__`()
        .style().raw(STOCKS_CSS).`__`()
        .`__`()
        .body()
        .h1().text(STOCKS_TITLE).`__`()
        .table()
        .thead().tr()
        .th().text("symbol").`__`().th().text("name").`__`().th().text("price").`__`()
        .th().text("change").`__`().th().text("ratio").`__`()
        .`__`().`__`()
        .tbody()

    private fun <Z : Element<*, *>> Tbody<Z>.row(s: Stock) {
        val cls = if (s.negative) "minus" else "plus"
        tr().attrClass("stock")
            .td().text(s.symbol).`__`()
            .td().a().attrHref(Escape.escape(s.url)).attrTitle(Escape.escape(s.name2)).text(s.name).`__`().`__`()
            .td().strong().text(s.price.toString()).`__`().`__`()
            .td().attrClass(cls).text(s.change.toString()).`__`()
            .td().attrClass(cls).text(s.ratio.toString()).`__`()
            .`__`()
    }

    private val stocksIterable = HtmlFlow.view<Iterable<Stock>> { page ->
        stocksTbody(page)
            .dynamic<Iterable<Stock>> { tbody, items -> items.forEach { tbody.row(it) } }
            .`__`().`__`().`__`().`__`()
    }.threadSafe().setIndented(false)

    private val stocksAsync = HtmlFlow.viewAsync<Observable<Stock>> { page ->
        stocksTbody(page)
            .await<Observable<Stock>> { tbody, items, onCompletion ->
                items.subscribe({ tbody.row(it) }, { }, { onCompletion.finish() })
            }
            .`__`().`__`().`__`().`__`()
    }.threadSafe().setIndented(false)

    private val stocksSuspending = viewSuspend<Flow<Stock>> {
        stocksTbody(this)
            .suspending { items: Flow<Stock> -> items.collect { row(it) } }
            .`__`().`__`().`__`().`__`()
    }.threadSafe()!!.setIndented(false)!!

    private val stocks: PageView<Stock> = PageView(
        iterable = IterableRender { items, out -> stocksIterable.setOut(out).write(items) },
        async = AsyncRender { items, out -> failOn(items) { stocksAsync.writeAsync(out, it) } },
        suspending = SuspendingRender { items, out -> stocksSuspending.write(out, items) },
    )

    /** HtmlFlow's `await` has no error path: complete the render exceptionally when the source fails. */
    private fun <T : Any> failOn(items: Observable<T>, write: (Observable<T>) -> CompletableFuture<Void>): CompletableFuture<*> {
        val failed = CompletableFuture<Void>()
        val written = write(items.doOnError { failed.completeExceptionally(it) })
        return CompletableFuture.anyOf(written, failed)
    }

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
