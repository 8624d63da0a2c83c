package pssr.views.engines

import pssr.model.Model
import pssr.model.Presentation
import pssr.model.Stock
import pssr.views.AsyncRender
import pssr.views.Engine
import pssr.views.Html
import pssr.views.IterableRender
import pssr.views.ModelViews
import pssr.views.PageText
import pssr.views.PageView
import pssr.views.SuspendingRender
import java.io.Writer
import java.util.concurrent.CompletableFuture

/**
 * No template engine: the static parts of each page are precomputed strings and each item is formatted by
 * a few hand-written appends. It serves every approach with the same cadence as the engines, so it is
 * the ceiling each engine is measured against on the same framework.
 */
object Baseline : Engine("baseline", "no engine: precomputed fragments + a hand-written item formatter") {

    private const val PRESENTATIONS_HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${PageText.PRESENTATIONS_TITLE}</title>
<style>${PageText.PRESENTATIONS_CSS}</style>
</head>
<body>
<div class="container">
<div class="page-header"><h1>${PageText.PRESENTATIONS_TITLE}</h1></div>
"""
    private const val PRESENTATIONS_TAIL = """</div>
</body>
</html>
"""
    private const val STOCKS_HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${PageText.STOCKS_TITLE}</title>
<style>${PageText.STOCKS_CSS}</style>
</head>
<body>
<h1>${PageText.STOCKS_TITLE}</h1>
<table>
<thead>
<tr><th>symbol</th><th>name</th><th>price</th><th>change</th><th>ratio</th></tr>
</thead>
<tbody>
"""
    private const val STOCKS_TAIL = """</tbody>
</table>
</body>
</html>
"""

    private fun card(p: Presentation, out: Writer) {
        out.write("<div class=\"card mb-3 shadow-sm rounded\">\n<div class=\"card-header\"><h5 class=\"card-title\">")
        out.write(Html.escape(p.title))
        out.write(" - ")
        out.write(Html.escape(p.speakerName))
        out.write("</h5></div>\n<div class=\"card-body\">")
        out.write(p.summary)
        out.write("</div>\n</div>\n")
    }

    private fun row(s: Stock, out: Writer) {
        val cls = if (s.negative) "minus" else "plus"
        out.write("<tr class=\"stock\">\n<td>")
        out.write(Html.escape(s.symbol))
        out.write("</td>\n<td><a href=\"")
        out.write(Html.escape(s.url))
        out.write("\" title=\"")
        out.write(Html.escape(s.name2))
        out.write("\">")
        out.write(Html.escape(s.name))
        out.write("</a></td>\n<td><strong>")
        out.write(s.price.toString())
        out.write("</strong></td>\n<td class=\"")
        out.write(cls)
        out.write("\">")
        out.write(s.change.toString())
        out.write("</td>\n<td class=\"")
        out.write(cls)
        out.write("\">")
        out.write(s.ratio.toString())
        out.write("</td>\n</tr>\n")
    }

    private val presentations: PageView<Presentation> = page(PRESENTATIONS_HEAD, PRESENTATIONS_TAIL, ::card)
    private val stocks: PageView<Stock> = page(STOCKS_HEAD, STOCKS_TAIL, ::row)

    private fun <T : Any> page(head: String, tail: String, item: (T, Writer) -> Unit) = PageView<T>(
        iterable = IterableRender { items, out ->
            out.write(head)
            for (i in items) item(i, out)
            out.write(tail)
        },
        async = AsyncRender { items, out ->
            val done = CompletableFuture<Void?>()
            out.write(head)
            items.subscribe({ item(it, out) }, done::completeExceptionally) {
                out.write(tail)
                done.complete(null)
            }
            done
        },
        suspending = SuspendingRender { items, out ->
            out.write(head)
            items.collect { item(it, out) }
            out.write(tail)
        },
    )

    override val views = ModelViews.of {
        add(Model.Presentations, presentations)
        add(Model.Stocks, stocks)
    }
}
