package pssr.model.demo

import io.reactivex.rxjava3.core.Observable
import pssr.model.ItemDelay
import pssr.model.Repository

/** A city and its temperature (seed 002, section 3). */
data class Location(val city: String, val celsius: Int)

/**
 * The Weather page's data (seed 002, Listing 1.1 and Figure 1): a country and its main cities, the cities
 * arriving one at a time from an asynchronous source — by default one per second, so the last of the
 * three arrives 3 s after the request, as in the paper's Table 1.
 */
object WeatherData {
    const val COUNTRY = "Australia"
    val cities: List<Location> = listOf(Location("Adelaide", 9), Location("Darwin", 31), Location("Perth", 16))
    val DEFAULT_DELAY = ItemDelay(1000)

    private val repository = Repository(cities)

    /** A cold source: each city [delay] after the previous one (the first [delay] after subscription). */
    fun cities(delay: ItemDelay = DEFAULT_DELAY): Observable<Location> = repository.findAll(delay)
}
