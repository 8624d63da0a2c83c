package pssr.views.demo

import io.reactivex.rxjava3.core.Observable
import kotlinx.html.*
import kotlinx.html.stream.appendHTML
import pssr.model.Presentation
import pssr.views.PageText
import java.io.Writer

/**
 * The problem the four approaches solve (seed 002, section 3): a template builder that subscribes to an
 * asynchronous source and returns at once. The builder closes `</html>` before any item has arrived, and
 * the items, written later by the source's thread, land after the end of the document — malformed HTML.
 * Kept as a named, tested example; it is not a benchmark route.
 */
object NaiveAsyncPage {
    /** Writes the page the naive way; the returned Observable completes when the stray items are written. */
    fun render(items: Observable<Presentation>, out: Writer): Observable<Presentation> {
        val written = items.doOnNext { p ->
            synchronized(out) {
                out.appendHTML(prettyPrint = false).div("card mb-3 shadow-sm rounded") {
                    div("card-header") { h5("card-title") { +"${p.title} - ${p.speakerName}" } }
                    div("card-body") { unsafe { +p.summary } }
                }
            }
        }.cache()
        synchronized(out) {
            out.write("<!DOCTYPE html>\n")
            out.appendHTML(prettyPrint = false).html {
                head { title(PageText.PRESENTATIONS_TITLE) }
                body {
                    div("container") {
                        h1 { +PageText.PRESENTATIONS_TITLE }
                        written.subscribe({}, {}) // fire and forget: the builder does not wait
                    }
                }
            }
        }
        return written
    }
}
