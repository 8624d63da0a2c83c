package pssr.bench.measure

import org.HdrHistogram.Histogram
import java.time.Duration

/**
 * What the driver loads: [url], whose every response must be [page] (status 200, same bytes, closing tag). A page
 * that is not pssr's own (`./pssr load`) varies (timestamps, tokens): there wrk checks the length within
 * [lengthTolerance] bytes and the [closingTag] ("" for none) instead of every byte.
 */
data class LoadTarget(
    val url: String,
    val page: String,
    val lengthTolerance: Int = 0,
    val closingTag: String = "</html>",
    val pageBytes: Int = page.toByteArray(Charsets.UTF_8).size,
    /** How long one page takes at its source (items x item delay; a page of `load`: its last byte unloaded), 0 when unknown. */
    val pageSeconds: Double = 0.0,
) {
    /** A page long enough to be measured after a lead on the same connections ([Windows.leadFor]). */
    val longPage: Boolean get() = pageSeconds >= Windows.LONG_PAGE_SECONDS
}

/**
 * Failed requests by kind. [status]: answered with a status other than 200; [content]: status 200 but not
 * the expected page (length or closing tag); [connect], [read] (read or write failed), [timeout]: no
 * complete response within the idle timeout.
 */
data class Errors(
    val status: Long = 0,
    val content: Long = 0,
    val connect: Long = 0,
    val read: Long = 0,
    val timeout: Long = 0,
    /** Requests a remote load engine that stopped during the window did not send (see [EngineShare.lost]). */
    val engine: Long = 0,
) {
    val total: Long get() = status + content + connect + read + timeout + engine

    /** Requests that got a complete answer that was still wrong. */
    val answered: Long get() = status + content
    operator fun plus(o: Errors) = Errors(
        status + o.status,
        content + o.content,
        connect + o.connect,
        read + o.read,
        timeout + o.timeout,
        engine + o.engine,
    )
}

/**
 * One window of load as the driver measured it. [completed] responses (right or wrong) arrived within
 * [windowSeconds]; [errors] says which were wrong and how many requests never completed. [latency] holds
 * every completed response's time (µs, request written to last byte read), failed answers included.
 * [driverCpuSeconds] is the driver's own CPU over the window (NaN when unknown).
 */
data class DriverResult(
    val completed: Long,
    val windowSeconds: Double,
    val errors: Errors,
    val latency: Histogram,
    val driverCpuSeconds: Double,
    val startMillis: Long,
    val endMillis: Long,
    /** `--load-engines`: each remote engine's share of the window (empty for a driver on this machine). */
    val engines: List<EngineShare> = emptyList(),
    /** Load before the window on the same connections, discarded ([LoadDriver.runWindow]); zero for a window of a fresh driver. */
    val leadSeconds: Double = 0.0,
    /** The driver still held every connection when [WindowMarks.ended] returned: what the marks read there saw the level's streams open. */
    val heldThroughEnd: Boolean = false,
) {
    /** Correct responses per second of the window: the throughput every table shows. */
    val throughput: Double get() = if (windowSeconds <= 0) 0.0 else (completed - errors.answered).coerceAtLeast(0) / windowSeconds
}

/**
 * What runs at the two ends of a measured window ([LoadDriver.runWindow]): the server's CPU read, the side probe started
 * and finished, and (when the driver still holds the level's connections at the end) what the open streams cost.
 */
interface WindowMarks {
    fun started()

    fun ended()

    companion object {
        val NONE = object : WindowMarks {
            override fun started() {}

            override fun ended() {}
        }
    }
}

/**
 * A load generator. In the closed loop ([model] = `closed`, wrk and JMeter) a level is users: that many
 * connections (or threads), each sending its next request as soon as its previous answer arrived, HTTP
 * keep-alive, for [window]. In the open model (`open`, [OpenModelDriver]) a level is a rate: requests per
 * second sent on schedule whether or not earlier ones returned. The harness knows drivers only through this
 * interface; all write the same results.
 */
interface LoadDriver : AutoCloseable {
    /** `wrk` or `jmeter`. */
    val name: String

    /** The driver's version and the flags it runs with, for environment.json. */
    val description: String

    /** Cores the driver can use at most: a level is driver-bound when it uses nearly all of them. */
    val coresUsable: Double

    /** [CLOSED] (a level is users) or [OPEN] (a level is requests per second). */
    val model: String get() = CLOSED

    /** One window at [level]: users in the closed loop, requests per second in the open model. */
    fun run(target: LoadTarget, level: Int, window: Duration): DriverResult

    /**
     * One measured window after [lead] of load on the same connections (discarded), [marks] called at the window's ends. A
     * driver that cannot keep its connections from one window into the next ignores [lead]: a fresh run, marked around it.
     */
    fun runWindow(target: LoadTarget, level: Int, window: Duration, lead: Duration, marks: WindowMarks): DriverResult {
        marks.started()
        val r = run(target, level, window)
        marks.ended()
        return r
    }

    /**
     * The seeds' load profile ([runRequests]): a window of a number of requests from each user instead of a time. wrk
     * cannot: its `-d` is its wall clock whenever its threads stop.
     */
    val countsRequests: Boolean get() = false

    /** One window of [perUser] requests from each of [users] users (JMeter's loop count, ab's `-n USERS x perUser`). */
    fun runRequests(target: LoadTarget, users: Int, perUser: Int): DriverResult =
        throw UnsupportedOperationException("$name runs for a time, not for a number of requests")
    override fun close() {}

    companion object {
        val NAMES = listOf("wrk", "jmeter", "ab")

        /** The drivers that can run the seeds' profile ([runRequests]). */
        val COUNTING = listOf("jmeter", "ab")

        /**
         * How long a window of [perUser] requests from [users] users may send before it is stopped: at 500 req/s (a tenth of
         * JMeter's pace at 128 users here, a quarter of Thymeleaf reactive's), at least a minute.
         */
        fun boundOf(users: Int, perUser: Int): Duration = Duration.ofSeconds(maxOf(60L, users.toLong() * perUser / 500))
        const val CLOSED = "closed"
        const val OPEN = "open"
    }
}

/** A driver that cannot run here (binary missing, wrong version): the message says what to install. */
class DriverUnavailable(message: String) : RuntimeException(message)
