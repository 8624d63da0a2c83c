
package pssr.views.demo

import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import pssr.model.ItemDelay
import pssr.model.demo.ArtistData
import pssr.model.demo.WeatherData
import pssr.views.ChunkWriter
import pssr.views.HtmlNormalizer

/** The demo pages without a server: same page in both modes and both engines, streaming only with PSSR on. */
class DemoPagesTest {
    private class Chunk(val atMillis: Long, val text: String)

    private fun render(page: DemoPage, rendering: DemoRendering, pssr: Boolean, delay: ItemDelay): List<Chunk> {
        val start = System.nanoTime()
        val chunks = mutableListOf<Chunk>()
        val out = ChunkWriter { synchronized(chunks) { chunks += Chunk((System.nanoTime() - start) / 1_000_000, it) } }
        when (rendering) {
            DemoRendering.SUSPENDING -> runBlocking { page.renderSuspending(delay, pssr, out) }
            DemoRendering.VIRTUAL -> page.renderBlocking(delay, pssr, out)
            DemoRendering.NAIVE -> page.renderNaive(delay, out).toCompletableFuture().join()
        }
        synchronized(out) { out.flush() }
        return chunks
    }

    private fun html(chunks: List<Chunk>) = chunks.joinToString("") { it.text }

    @TestFactory
    fun `each page is the same with PSSR on and off, in both engines`() = DemoPage.all.map { page ->
        DynamicTest.dynamicTest(page.id) {
            val delay = ItemDelay(5)
            val pages = listOf(DemoRendering.SUSPENDING, DemoRendering.VIRTUAL).flatMap { r ->
                listOf(true, false).map { pssr ->
                    "$r pssr=${if (pssr) "on" else "off"}" to
                        HtmlNormalizer.normalize(html(render(page, r, pssr, delay)))
                }
            }
            val (firstName, first) = pages.first()
            for ((name, normalized) in pages.drop(1)) assertEquals(first, normalized, "$name differs from $firstName")
        }
    }

    @Test
    fun `the weather and artist pages hold their data`() {
        val weather = HtmlNormalizer.parse(html(render(DemoPage.Weather, DemoRendering.SUSPENDING, true, ItemDelay(5))))
        assertEquals(WeatherData.COUNTRY, weather.title())
        assertEquals(
            listOf("City Celsius") + WeatherData.cities.map {
                "${it.city} ${it.celsius}"
            },
            weather.select("table tr").map { it.text() },
        )
        val artist = HtmlNormalizer.parse(html(render(DemoPage.Artist, DemoRendering.VIRTUAL, true, ItemDelay(5))))
        assertEquals(
            listOf("Founded: 1947", "From: London, England", "Genre: ${ArtistData.musicBrainzInfo.genres}"),
            artist.select("ul > li").map {
                it.text()
            },
        )
        assertEquals("Spotify popular tracks: " + ArtistData.spotifyInfo.popularSongs.joinToString(", "), artist.select("p").text())
    }

    @TestFactory
    fun `PSSR on sends the head before the data, PSSR off sends one chunk after all of it`() = DemoPage.all.flatMap { page ->
        listOf(DemoRendering.SUSPENDING, DemoRendering.VIRTUAL).map { page to it }
    }.map { (page, rendering) ->
        DynamicTest.dynamicTest("$page $rendering") {
            val delay = ItemDelay(if (page == DemoPage.Presentations) 30 else 100)
            val last = page.lastDataAtMillis(delay)
            val on = render(page, rendering, true, delay)
            assertTrue(on.first().atMillis < delay.millis / 2, "first chunk at ${on.first().atMillis} ms")
            assertTrue(
                on.size >= 2,
                "pssr=on: ${on.size} chunks",
            ) // artist: head, then both answers (fetched concurrently, both there after 1 delay)
            val off = render(page, rendering, false, delay)
            assertEquals(1, off.size, "pssr=off sends the page as one chunk")
            assertTrue(off.single().atMillis >= last, "pssr=off page at ${off.single().atMillis} ms, data complete at $last ms")
        }
    }

    @Test
    fun `the naive weather page writes every row after the closing html tag`() {
        val html = html(render(DemoPage.Weather, DemoRendering.NAIVE, true, ItemDelay(5)))
        val end = html.indexOf("</html>")
        assertTrue(end > 0, html)
        assertEquals(0, Regex("<td>").findAll(html.substring(0, end)).count(), html)
        assertEquals(WeatherData.cities.size, Regex("<tr><td>").findAll(html.substring(end)).count(), html)
    }
}
