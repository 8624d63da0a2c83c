package pssr.views.demo

import kotlinx.coroutines.flow.asFlow
import kotlinx.coroutines.future.await
import kotlinx.coroutines.rx3.await
import pssr.model.ItemDelay
import pssr.model.ItemFeed
import pssr.model.Model
import pssr.model.demo.ArtistData
import pssr.model.demo.Pending
import pssr.model.demo.WeatherData
import pssr.views.Engines
import java.io.Writer
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionStage

/** How a demo page is rendered: the column of seed 002's Table 1 that it fills. */
enum class DemoRendering(val id: String, val description: String) {
    SUSPENDING("suspending", "HtmlFlow suspending view (await / Flow.collect), no thread waits"),
    VIRTUAL("virtual", "JStachio, a blocking engine, on a virtual thread (blocks where it reads the data)"),
    NAIVE("naive", "async template that does not wait (seed 002 section 3): malformed, negative example only"),
    ;

    override fun toString() = id

    companion object {
        fun byId(id: String): DemoRendering? = entries.firstOrNull { it.id == id }
    }
}

/**
 * Seed 002's browser pages (section 5, Table 1), each renderable two ways — PSSR on (stream: flush what is
 * rendered whenever the template is about to wait for data) and PSSR off (collect all the data first, then
 * render the same template in one go, as most frameworks do) — by HtmlFlow suspending views and by JStachio
 * on a blocking thread. The caller gives a [Writer] whose `flush()` sends a chunk (a ChunkWriter) and
 * flushes once more at the end. With PSSR off nothing is flushed before the data is complete.
 *
 * Not benchmark routes: they live outside the route table, at `/demo/{page}/{rendering}` on WebFlux.
 */
sealed class DemoPage(val id: String, val title: String, val defaultDelay: ItemDelay, private val naive: Boolean) {
    /** When, after the request, the last piece of data arrives (the earliest a PSSR-off page can paint). */
    abstract fun lastDataAtMillis(delay: ItemDelay): Long

    /** HtmlFlow suspending view; call in a coroutine. */
    abstract suspend fun renderSuspending(delay: ItemDelay, pssr: Boolean, out: Writer)

    /** JStachio; blocks the calling thread while data is missing: call it on a virtual thread. */
    abstract fun renderBlocking(delay: ItemDelay, pssr: Boolean, out: Writer)

    /** The naive async template (streams, malformed); completes when its stray items are written. */
    open fun renderNaive(delay: ItemDelay, out: Writer): CompletionStage<*> = throw UnsupportedOperationException("$id has no naive page")

    fun supports(rendering: DemoRendering) = rendering != DemoRendering.NAIVE || naive

    /** Text every rendering writes where its first item starts (a client times the first item by it); null for a page of no list. */
    open val itemMarker: String? = null

    /** How many items the list has (each one item delay after the previous). */
    open val itemCount: Int = 0

    override fun toString() = id

    /** Seed 002 Listing 1.1 / Figure 2: a country and three cities, one per second. */
    object Weather : DemoPage(
        "weather",
        "Weather: ${WeatherData.COUNTRY}, 3 cities, one per second",
        WeatherData.DEFAULT_DELAY,
        naive = true,
    ) {
        override fun lastDataAtMillis(delay: ItemDelay) = WeatherData.cities.size * delay.millis

        // the first city's name: the templates differ in how they write a row's tags
        override val itemMarker = WeatherData.cities.first().city
        override val itemCount = WeatherData.cities.size

        override suspend fun renderSuspending(delay: ItemDelay, pssr: Boolean, out: Writer) {
            val source = WeatherData.cities(delay)
            val cities = if (pssr) ItemFeed(source, out::flush).flow() else source.toList().await().asFlow()
            HtmlFlowDemoViews.weather(WeatherFlow(WeatherData.COUNTRY, cities), out)
        }

        override fun renderBlocking(delay: ItemDelay, pssr: Boolean, out: Writer) {
            val source = WeatherData.cities(delay)
            if (pssr) {
                ItemFeed(source, out::flush).use { feed ->
                    JStachioDemoViews.weather(JStachioDemoViews.WeatherPage(WeatherData.COUNTRY, feed.iterable()), out)
                }
            } else {
                JStachioDemoViews.weather(JStachioDemoViews.WeatherPage(WeatherData.COUNTRY, source.toList().blockingGet()), out)
            }
        }

        override fun renderNaive(delay: ItemDelay, out: Writer): CompletionStage<*> {
            val flushed = WeatherData.cities(delay).doAfterNext { synchronized(out) { out.flush() } }
            val written = NaiveWeatherPage.render(WeatherData.COUNTRY, flushed, out)
            synchronized(out) { out.flush() }
            return written.ignoreElements().toCompletionStage(null)
        }
    }

    /** Seed 002 Listings 1.5-1.7: two independent sources, requested together, each answering after 1 s. */
    object Artist : DemoPage(
        "artist",
        "Artist: ${ArtistData.NAME}, MusicBrainz and Spotify fetched concurrently, 1 s each",
        ArtistData.DEFAULT_DELAY,
        naive = false,
    ) {
        override fun lastDataAtMillis(delay: ItemDelay) = delay.millis

        override suspend fun renderSuspending(delay: ItemDelay, pssr: Boolean, out: Writer) {
            val artist = ArtistData.artist(delay)
            if (!pssr) CompletableFuture.allOf(artist.musicBrainz, artist.spotify).await()
            val flush = if (pssr) Runnable { out.flush() } else Runnable { }
            HtmlFlowDemoViews.artist(ArtistAwait(artist.name, Pending(artist.musicBrainz, flush), Pending(artist.spotify, flush)), out)
        }

        override fun renderBlocking(delay: ItemDelay, pssr: Boolean, out: Writer) {
            val artist = ArtistData.artist(delay)
            if (!pssr) CompletableFuture.allOf(artist.musicBrainz, artist.spotify).join()
            val flush = if (pssr) Runnable { out.flush() } else Runnable { }
            JStachioDemoViews.artist(
                JStachioDemoViews.ArtistPage(artist.name, Pending(artist.musicBrainz, flush), Pending(artist.spotify, flush)),
                out,
            )
        }
    }

    /** The benchmark's presentations page (the registry's htmlflow and jstachio views), 200 ms per item. */
    object Presentations : DemoPage(
        "presentations",
        "Presentations: the benchmark's 10 presentations, 200 ms apart",
        ItemDelay(200),
        naive = true,
    ) {
        private val model = Model.Presentations
        override fun lastDataAtMillis(delay: ItemDelay) = model.items.size * delay.millis
        override val itemMarker = model.itemMarker
        override val itemCount = model.items.size

        override suspend fun renderSuspending(delay: ItemDelay, pssr: Boolean, out: Writer) {
            val view = requireNotNull(Engines.byName("htmlflow")!!.view(model).suspending)
            val source = model.repository.findAll(delay)
            val items = if (pssr) ItemFeed(source, out::flush).flow() else source.toList().await().asFlow()
            view.render(items, out)
        }

        override fun renderBlocking(delay: ItemDelay, pssr: Boolean, out: Writer) {
            val view = Engines.byName("jstachio")!!.view(model).iterable
            val source = model.repository.findAll(delay)
            if (pssr) {
                ItemFeed(source, out::flush).use { view.render(it.iterable(), out) }
            } else {
                view.render(source.toList().blockingGet(), out)
            }
        }

        override fun renderNaive(delay: ItemDelay, out: Writer): CompletionStage<*> {
            val flushed = model.repository.findAll(delay).doAfterNext { synchronized(out) { out.flush() } }
            val written = NaiveAsyncPage.render(flushed, out)
            synchronized(out) { out.flush() }
            return written.ignoreElements().toCompletionStage(null)
        }
    }

    companion object {
        val all: List<DemoPage> by lazy { listOf(Weather, Artist, Presentations) }
        fun byId(id: String): DemoPage? = all.firstOrNull { it.id == id }
    }
}
