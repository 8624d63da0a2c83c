package pssr.views.engines

import kotlinx.html.*
import kotlinx.html.stream.appendHTML
import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.Engine
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageText.PRESENTATIONS_CSS
import pssr.views.PageText.PRESENTATIONS_TITLE
import pssr.views.PageText.STOCKS_COLUMNS
import pssr.views.PageText.STOCKS_CSS
import pssr.views.PageText.STOCKS_TITLE
import pssr.views.PageView

/**
 * kotlinx.html's streaming builder: tags are written to the Writer as they open and close. Its
 * builders take `crossinline` lambdas, so it cannot suspend inside a page: it renders from a blocking
 * Iterable only (on a virtual or pooled thread).
 */
object KotlinxHtmlEngine : Engine("kotlinx", "kotlinx.html streaming builder (blocking Iterable)") {

    private fun HEAD.common(title: String, css: String) {
        meta(charset = "UTF-8")
        meta(name = "viewport", content = "width=device-width, initial-scale=1.0")
        title(title)
        style { unsafe { +css } }
    }

    private val presentations = PageView<Presentation>(
        IterableRender { items, out ->
            out.write("<!DOCTYPE html>\n")
            out.appendHTML(prettyPrint = false).html {
                lang = "en"
                head { common(PRESENTATIONS_TITLE, PRESENTATIONS_CSS) }
                body {
                    div("container") {
                        div("page-header") { h1 { +PRESENTATIONS_TITLE } }
                        for (p in items) {
                            div("card mb-3 shadow-sm rounded") {
                                div("card-header") { h5("card-title") { +"${p.title} - ${p.speakerName}" } }
                                div("card-body") { unsafe { +p.summary } }
                            }
                        }
                    }
                }
            }
        },
    )

    private val stocks = PageView<Stock>(
        IterableRender { items, out ->
            out.write("<!DOCTYPE html>\n")
            out.appendHTML(prettyPrint = false).html {
                lang = "en"
                head { common(STOCKS_TITLE, STOCKS_CSS) }
                body {
                    h1 { +STOCKS_TITLE }
                    table {
                        thead { tr { for (h in STOCKS_COLUMNS) th { +h } } }
                        tbody {
                            for (s in items) {
                                val cls = if (s.negative) "minus" else "plus"
                                tr("stock") {
                                    td { +s.symbol }
                                    td {
                                        a(href = s.url) {
                                            title = s.name2
                                            +s.name
                                        }
                                    }
                                    td { strong { +s.price.toString() } }
                                    td(cls) { +s.change.toString() }
                                    td(cls) { +s.ratio.toString() }
                                }
                            }
                        }
                    }
                }
            }
        },
    )

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
