package pssr.views.demo

import htmlflow.suspending
import htmlflow.viewSuspend
import kotlinx.coroutines.flow.Flow
import org.xmlet.htmlapifaster.EnumBorderType
import pssr.model.demo.Location
import pssr.model.demo.MusicBrainz
import pssr.model.demo.Pending
import pssr.model.demo.Spotify
import java.io.Writer

/** The Weather page's model for a suspending template (seed 002, Listing 1.8): the cities as a [Flow]. */
class WeatherFlow(val country: String, val cities: Flow<Location>)

/** The Artist page's model for a suspending template (seed 002, Listing 1.7): two values awaited in place. */
class ArtistAwait(val name: String, val musicBrainz: Pending<MusicBrainz>, val spotify: Pending<Spotify>)

/**
 * Seed 002's Weather and Artist pages as HtmlFlow 4.7 suspending views (`viewSuspend` + `suspending {}`):
 * the template suspends in `collect` / `await` and goes on with the next static block only when the data
 * is there, so the page stays well-formed and streams. Markup matches [JStachioDemoViews] element for
 * element (DemoPagesTest compares them).
 */
object HtmlFlowDemoViews {
    private val weather = viewSuspend<WeatherFlow> {
        html().attrLang("en")
            .head()
            .meta().attrCharset("UTF-8").`__`()
            .meta().attrName("viewport").attrContent("width=device-width, initial-scale=1.0").`__`()
            .title().suspending { m: WeatherFlow -> text(m.country) }.`__`()
            .`__`()
            .body()
            .table().attrBorder(EnumBorderType._1)
            .tr().th().text("City").`__`().th().text("Celsius").`__`().`__`()
            .suspending { m: WeatherFlow ->
                m.cities.collect { tr().td().text(it.city).`__`().td().text(it.celsius.toString()).`__`().`__`() }
            }
            .`__`() // table
            .`__`() // body
            .`__`() // html
    }.threadSafe()!!.setIndented(false)!!

    private val artist = viewSuspend<ArtistAwait> {
        html().attrLang("en")
            .head()
            .meta().attrCharset("UTF-8").`__`()
            .meta().attrName("viewport").attrContent("width=device-width, initial-scale=1.0").`__`()
            .title().suspending { m: ArtistAwait -> text(m.name) }.`__`()
            .`__`()
            .body()
            .h3().suspending { m: ArtistAwait -> text(m.name) }.`__`()
            .h3().text("MusicBrainz info:").`__`()
            .ul()
            .suspending { m: ArtistAwait ->
                val mb = m.musicBrainz.await()
                li().text("Founded: ${mb.year}").`__`()
                li().text("From: ${mb.from}").`__`()
                li().text("Genre: ${mb.genres}").`__`()
            }
            .`__`() // ul
            .p()
            .b().text("Spotify popular tracks:").`__`()
            .suspending { m: ArtistAwait -> text(" " + m.spotify.await().popularSongs.joinToString(", ")) }
            .`__`() // p
            .`__`() // body
            .`__`() // html
    }.threadSafe()!!.setIndented(false)!!

    suspend fun weather(model: WeatherFlow, out: Writer) = weather.write(out, model)
    suspend fun artist(model: ArtistAwait, out: Writer) = artist.write(out, model)
}
