package pssr.views.demo

import io.reactivex.rxjava3.core.Observable
import kotlinx.html.*
import kotlinx.html.stream.appendHTML
import pssr.model.demo.Location
import java.io.Writer

/**
 * Seed 002's `wxRxView` (section 3, Figure 4, Listing 1.4): the Weather table built by a template that
 * subscribes to an `Observable` of cities and returns at once. `</table></body></html>` is written before
 * the first city arrives; each row lands after the end of the document, where a browser drops the `<tr>`
 * and `<td>` tags and shows the cells' text in a line below the empty table (the paper's Figure 5).
 * Kept as a named negative example (served at `/demo/weather/naive`), never as a benchmark route.
 */
object NaiveWeatherPage {
    /** Writes the page the naive way; the returned Observable completes when the stray rows are written. */
    fun render(country: String, cities: Observable<Location>, out: Writer): Observable<Location> {
        val written = cities.doOnNext { c ->
            synchronized(out) {
                out.appendHTML(prettyPrint = false).tr {
                    td { +c.city }
                    td { +c.celsius.toString() }
                }
            }
        }.cache()
        synchronized(out) {
            out.write("<!DOCTYPE html>\n")
            out.appendHTML(prettyPrint = false).html {
                attributes["lang"] = "en"
                head {
                    meta(charset = "UTF-8")
                    meta(name = "viewport", content = "width=device-width, initial-scale=1.0")
                    title(country)
                }
                body {
                    table {
                        attributes["border"] = "1"
                        tr {
                            th { +"City" }
                            th { +"Celsius" }
                        }
                        written.subscribe({}, {}) // fire and forget: the builder does not wait
                    }
                }
            }
        }
        return written
    }
}
