package pssr.model.demo

import pssr.model.ItemDelay
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit

/** What a "MusicBrainz"-like encyclopedia knows about an artist (seed 002, Listing 1.5). */
data class MusicBrainz(val year: Int, val from: String, val genres: String)

/** What a "Spotify"-like streaming service knows about an artist (seed 002, Listing 1.5). */
data class Spotify(val popularSongs: List<String>)

/**
 * The Artist page's model (seed 002, Listing 1.5): a name known at once and two independent asynchronous
 * sources, both already requested (fetched concurrently) when the page starts.
 */
class Artist(val name: String, val musicBrainz: CompletableFuture<MusicBrainz>, val spotify: CompletableFuture<Spotify>)

/**
 * In-memory fakes of the two services: each answers after its latency, from a timer (no thread waits,
 * no network). Both are asked at once, so the page's data is complete after max(latencies), not their sum.
 */
object ArtistData {
    const val NAME = "David Bowie"
    val DEFAULT_DELAY = ItemDelay(1000)
    val musicBrainzInfo = MusicBrainz(1947, "London, England", "Rock, Pop, Art Rock, Glam Rock")
    val spotifyInfo = Spotify(listOf("Heroes", "Space Oddity", "Starman", "Under Pressure", "Let's Dance"))

    fun musicBrainz(delay: ItemDelay = DEFAULT_DELAY): CompletableFuture<MusicBrainz> = answerAfter(delay, musicBrainzInfo)
    fun spotify(delay: ItemDelay = DEFAULT_DELAY): CompletableFuture<Spotify> = answerAfter(delay, spotifyInfo)

    /** The artist with both requests started now. */
    fun artist(delay: ItemDelay = DEFAULT_DELAY) = Artist(NAME, musicBrainz(delay), spotify(delay))

    private fun <T> answerAfter(delay: ItemDelay, value: T): CompletableFuture<T> = if (delay.millis == 0L) {
        CompletableFuture.completedFuture(value)
    } else {
        CompletableFuture<T>().completeOnTimeout(value, delay.millis, TimeUnit.MILLISECONDS)
    }
}
