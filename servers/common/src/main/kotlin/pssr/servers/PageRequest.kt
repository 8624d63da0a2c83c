package pssr.servers

import io.reactivex.rxjava3.core.Observable
import pssr.model.ItemDelay
import pssr.model.Model

/**
 * The per-request query parameters every server accepts, validated the same way everywhere, and the
 * resolution of a page request into a [PageCall] or a one-line refusal. Servers only read their framework's
 * request and answer [Refused] as plain text with its status.
 */
object PageRequest {
    const val MAX_ITEM_DELAY_MS = ItemDelay.MAX_MILLIS
    const val ITEM_DELAY = "itemDelayMs"
    const val FAIL_AFTER = "failAfterItems"

    /** `?itemDelayMs=N` (0..1000) or the server's default; a failure is a one-line reason for a 400. */
    fun itemDelay(raw: String?, default: ItemDelay): Result<ItemDelay> {
        if (raw == null) return Result.success(default)
        val ms = raw.trim().toLongOrNull()
        return if (ms == null || ms < 0 || ms > MAX_ITEM_DELAY_MS) {
            Result.failure(IllegalArgumentException("$ITEM_DELAY must be an integer from 0 to $MAX_ITEM_DELAY_MS, was '$raw'"))
        } else {
            Result.success(ItemDelay(ms))
        }
    }

    /**
     * `?failAfterItems=N`: the source fails after N items — how tests and `verify` check that a page that
     * breaks mid-way is aborted instead of looking complete. Absent: the normal source.
     */
    fun failAfter(raw: String?): Result<Int?> {
        if (raw == null) return Result.success(null)
        val n = raw.toIntOrNull()
        return if (n == null || n < 0) {
            Result.failure(IllegalArgumentException("$FAIL_AFTER must be an integer >= 0, was '$raw'"))
        } else {
            Result.success(n)
        }
    }

    /**
     * `GET /{model}/{engine}/{approach}?itemDelayMs=&failAfterItems=`, read through [query] (a query
     * parameter's value or null): the page to render, or why not (404 for no such route, 400 for bad values).
     */
    fun resolve(
        table: RouteTable,
        model: String,
        engine: String,
        approach: String,
        defaultDelay: ItemDelay,
        query: (String) -> String?,
    ): Outcome {
        val route = when (val lookup = table.resolve(model, engine, approach)) {
            is RouteTable.Lookup.Found -> lookup.route
            is RouteTable.Lookup.NotFound -> return Refused(404, lookup.message)
        }
        val rawDelay = query(ITEM_DELAY)
        val rawFail = query(FAIL_AFTER)
        val delay = itemDelay(rawDelay, defaultDelay).getOrElse { return Refused(400, it.message!!) }
        val failAfter = failAfter(rawFail).getOrElse { return Refused(400, it.message!!) }
        val asked = listOfNotNull(rawDelay?.let { "$ITEM_DELAY=$it" }, rawFail?.let { "$FAIL_AFTER=$it" })
        return PageCall(route, delay, failAfter, if (asked.isEmpty()) route.path else route.path + "?" + asked.joinToString("&"))
    }

    sealed interface Outcome

    /** A request answered without a page: [status] and a one-line [message] (see [PlainText]). */
    data class Refused(val status: Int, val message: String) : Outcome

    /** The model's source for one request. */
    fun <T : Any> source(model: Model<T>, delay: ItemDelay, failAfter: Int?): Observable<T> {
        val items = model.repository.findAll(delay)
        return if (failAfter == null) {
            items
        } else {
            items.take(
                failAfter.toLong(),
            ).concatWith(Observable.error(IllegalStateException("source failed after $failAfter items ($FAIL_AFTER)")))
        }
    }
}

/** One page to render: its route, the validated query, and [what] names it in log lines (path and query). */
class PageCall(val route: Route, val delay: ItemDelay, val failAfter: Int?, val what: String) : PageRequest.Outcome {
    @Suppress("UNCHECKED_CAST")
    internal val model: Model<Any> get() = route.model as Model<Any>

    /** This request's item source. */
    fun source(): Observable<Any> = PageRequest.source(model, delay, failAfter)
}
