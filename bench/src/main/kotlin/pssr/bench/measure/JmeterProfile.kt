package pssr.bench.measure

import org.HdrHistogram.Histogram
import org.apache.http.entity.ContentType
import pssr.bench.csv.CsvFile
import us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults
import us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler
import us.abstracta.jmeter.javadsl.JmeterDsl.jtlWriter
import us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion
import us.abstracta.jmeter.javadsl.JmeterDsl.testPlan
import us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/**
 * Failed requests by kind. Transport failures are told apart by JMeter's exception; answers by their status, where
 * each API workload declares what its servers mean by a status ([StatusKinds]): the students servers answer 503 when
 * their pool had no connection in time, the forward API 502/503/504 when its downstream failed, was down or too slow.
 */
data class ErrorKinds(
    val connectRefused: Long = 0,
    val connectTimeout: Long = 0,
    val readTimeout: Long = 0,
    val reset: Long = 0,
    val http5xx: Long = 0,
    val poolTimeout: Long = 0,
    val otherStatus: Long = 0,
    val wrongBody: Long = 0,
    val downstreamError: Long = 0,
    val downstreamDown: Long = 0,
    val downstreamTimeout: Long = 0,
) {
    /** Every failed request; [poolTimeout] and the downstream kinds are 5xx answers and so also counted in [http5xx]. */
    val total: Long get() = connectRefused + connectTimeout + readTimeout + reset + http5xx + otherStatus + wrongBody

    override fun toString(): String = listOf(
        "connect refused" to connectRefused, "connect timeout" to connectTimeout,
        "read timeout" to readTimeout,
        "reset" to reset, "5xx" to http5xx, "pool timeout" to poolTimeout, "downstream error" to downstreamError,
        "downstream down" to downstreamDown,
        "downstream timeout" to downstreamTimeout, "other status" to otherStatus, "wrong body" to wrongBody,
    )
        .filter { it.second > 0 }.joinToString(", ") { "${it.first} ${it.second}" }.ifEmpty { "none" }

    companion object {
        /** What a status means per workload: students' 503 is a pool timeout; forward's 502/503/504 are its downstream's failures. */
        object StatusKinds {
            val STUDENTS = mapOf(503 to "poolTimeout")
            val FORWARD = mapOf(502 to "downstreamError", 503 to "downstreamDown", 504 to "downstreamTimeout")
            val NONE = emptyMap<Int, String>()
        }
        private val FIVE_XX_KINDS = setOf("poolTimeout", "downstreamError", "downstreamDown", "downstreamTimeout")

        /** One JMeter sample's failure kind, from its response code and message; null for a correct response. */
        fun kindOf(code: String, message: String, success: Boolean, statusKinds: Map<Int, String> = StatusKinds.STUDENTS): String? {
            if (success) return null
            val status = code.toIntOrNull()
            return when {
                status != null && status in statusKinds -> statusKinds.getValue(status)

                status != null && status >= 500 -> "http5xx"

                status == 200 -> "wrongBody"

                status != null -> "otherStatus"

                code.contains("HttpHostConnectException") ||
                    (code.contains("ConnectException") && message.contains("refused", true)) -> "connectRefused"

                code.contains("ConnectTimeoutException") || message.contains("connect timed out", true) -> "connectTimeout"

                code.contains("SocketTimeoutException") -> "readTimeout"

                else -> "reset" // reset, closed, no response: the connection broke
            }
        }

        fun count(kinds: List<String>): ErrorKinds {
            val n = kinds.groupingBy { it }.eachCount().mapValues { it.value.toLong() }
            fun k(name: String) = n[name] ?: 0
            return ErrorKinds(
                k("connectRefused"), k("connectTimeout"), k("readTimeout"), k("reset"),
                k("http5xx") + FIVE_XX_KINDS.sumOf(::k), k("poolTimeout"), k("otherStatus"), k("wrongBody"),
                k("downstreamError"), k("downstreamDown"), k("downstreamTimeout"),
            )
        }
    }
}

/**
 * What one JMeter profile measured: every sample (right or wrong) with JMeter's own meaning of "average"
 * (elapsed time over all samples, failures included, as the seeds' summary reports), the window from the
 * first request sent to the last answer, failures by kind, and the correct samples' own histogram ([ok], for Apdex).
 */
data class ProfileResult(
    val samples: Long,
    val correct: Long,
    val errors: ErrorKinds,
    val latency: Histogram,
    val startMillis: Long,
    val endMillis: Long,
    val meanMs: Double,
    val ok: Histogram = latency,
    /** The profile's own spread by batch means ([Batches]); [Batches.NONE] for too few samples. */
    val batches: Batches = Batches.NONE,
) {
    val seconds: Double get() = (endMillis - startMillis).coerceAtLeast(1) / 1000.0

    /** JMeter's throughput: every sample, right or wrong, per second of the window. */
    val rps: Double get() = samples / seconds
}

/**
 * A profile measured once, given an interval from its own series by batch means: its samples in [count] consecutive
 * batches by completion time, the standard error of the mean latency over the batches' mean latencies ([latencyMeanSeMs]),
 * and the window in [count] equal time slices, the standard error of the throughput over the slices' samples per second
 * ([rpsSe]). The claims make a Student t interval with count - 1 degrees of freedom from them (docs/CLAIMS.md). The
 * ramp-up's trend counts as spread, so the interval errs wide; batches are long enough (every batch holds at least
 * [MIN_PER_BATCH] samples) that successive requests' correlation stays mostly within one. The tails likewise: the standard
 * error of the p95 and p99 over the batches' own p95 and p99 ([latencyP95SeMs], [latencyP99SeMs]; a batch's percentile by
 * nearest rank, so a batch of 50 gives its largest for p99 and the interval errs wide again).
 */
data class Batches(
    val count: Int,
    val latencyMeanSeMs: Double,
    val rpsSe: Double,
    val latencyP95SeMs: Double = Double.NaN,
    val latencyP99SeMs: Double = Double.NaN,
) {
    companion object {
        const val COUNT = 10
        const val MIN_PER_BATCH = 50
        val NONE = Batches(0, Double.NaN, Double.NaN)

        /** [ends] (epoch ms) and [elapsed] (ms) of every sample, in any order, over the window [start]..[end]. */
        fun of(ends: LongArray, elapsed: LongArray, start: Long, end: Long): Batches {
            val n = ends.size
            if (n < COUNT * MIN_PER_BATCH || end <= start) return NONE
            val order = ends.indices.sortedBy { ends[it] }
            // each batch's latencies, sorted once for both percentiles
            val batches = (0 until COUNT).map { b ->
                (b * n / COUNT until (b + 1) * n / COUNT).map { elapsed[order[it]].toDouble() }.sorted()
            }
            val latencyMeans = batches.map { it.average() }
            fun percentile(sorted: List<Double>, q: Double): Double {
                val rank = kotlin.math.ceil(q * sorted.size).toInt() // nearest rank, 1-based
                return sorted[(rank - 1).coerceIn(0, sorted.size - 1)]
            }
            val slice = (end - start).toDouble() / COUNT
            val perSlice = IntArray(COUNT)
            for (t in ends) perSlice[((t - start) / slice).toInt().coerceIn(0, COUNT - 1)]++
            val rps = perSlice.map { it / (slice / 1000.0) }
            return Batches(
                COUNT,
                standardError(latencyMeans),
                standardError(rps),
                standardError(batches.map { percentile(it, 0.95) }),
                standardError(batches.map { percentile(it, 0.99) }),
            )
        }

        private fun standardError(xs: List<Double>): Double {
            val m = xs.average()
            val variance = xs.sumOf { (it - m) * (it - m) } / (xs.size - 1)
            return kotlin.math.sqrt(variance / xs.size)
        }
    }
}

/**
 * The seeds' JMeter load: the standard thread group, users started evenly over a ramp-up, each sending its loops
 * of requests one after another (keep-alive), every answer compared with the expected body. Runs in this JVM
 * through jmeter-java-dsl; per-sample results go to a JTL file under [jtlDir] named `<prefix>-<n>-<label>-u<users>.jtl`.
 */
class JmeterProfile(
    private val timeout: Duration,
    private val jtlDir: Path,
    private val prefix: String,
    private val statusKinds: Map<Int, String> = ErrorKinds.Companion.StatusKinds.NONE,
) {
    private var profiles = 0

    /** GET [url] (or POST [postJson] to it) from [users] threads over [rampUp], [loops] requests each. */
    fun run(
        url: String,
        expectedBody: String,
        users: Int,
        rampUp: Duration,
        loops: Int,
        label: String,
        postJson: String? = null,
    ): ProfileResult {
        Files.createDirectories(jtlDir)
        val jtl = jtlDir.resolve("$prefix-${++profiles}-$label-u$users.jtl")
        Files.deleteIfExists(jtl)
        val sampler = httpSampler(label, url).let { if (postJson != null) it.post(postJson, ContentType.APPLICATION_JSON) else it }
        testPlan(
            httpDefaults().connectionTimeout(timeout).responseTimeout(timeout),
            threadGroup(
                label,
            ).rampTo(users, rampUp).holdIterating(loops).children(sampler.children(responseAssertion().equalsToStrings(expectedBody))),
            jtlWriter(jtl.parent.toString(), jtl.fileName.toString()).withAllFields(false)
                .withTimeStamp(true).withElapsedTime(true).withLabel(true).withResponseCode(true).withResponseMessage(true)
                .withSuccess(true).withThreadName(true).withFieldNames(true),
        ).runIn(EmbeddedJmeterEngine().prop("summariser.out", "false"))
        return read(jtl, statusKinds)
    }

    companion object {
        fun read(jtl: Path, statusKinds: Map<Int, String> = ErrorKinds.Companion.StatusKinds.STUDENTS): ProfileResult {
            val rows = CsvFile.read(jtl) // JMeter quotes messages with commas; read by column name
            val h = Latency.histogram()
            val ok = Latency.histogram()
            if (rows.isEmpty()) return ProfileResult(0, 0, ErrorKinds(), h, 0, 0, Double.NaN, ok)
            fun col(c: Map<String, String>, name: String) = c[name] ?: throw IllegalArgumentException("JTL has no $name column: ${c.keys}")
            val kinds = ArrayList<String>()
            val ends = LongArray(rows.size)
            val elapsed = LongArray(rows.size)
            var start = Long.MAX_VALUE
            var end = Long.MIN_VALUE
            var sum = 0.0
            var correct = 0L
            for ((i, c) in rows.withIndex()) {
                val t = col(c, "timeStamp").toLong()
                val e = col(c, "elapsed").toLong()
                ends[i] = t + e
                elapsed[i] = e
                start = minOf(start, t)
                end = maxOf(end, t + e)
                sum += e
                val us = (e * 1000).coerceIn(1, h.highestTrackableValue)
                h.recordValue(us)
                val kind = ErrorKinds.kindOf(col(c, "responseCode"), col(c, "responseMessage"), col(c, "success").toBoolean(), statusKinds)
                if (kind == null) {
                    correct++
                    ok.recordValue(us)
                } else {
                    kinds += kind
                }
            }
            val batches = Batches.of(ends, elapsed, start, end)
            return ProfileResult(rows.size.toLong(), correct, ErrorKinds.count(kinds), h, start, end, sum / rows.size, ok, batches)
        }
    }
}
