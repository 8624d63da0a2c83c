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
) {
    val seconds: Double get() = (endMillis - startMillis).coerceAtLeast(1) / 1000.0

    /** JMeter's throughput: every sample, right or wrong, per second of the window. */
    val rps: Double get() = samples / seconds
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
            var start = Long.MAX_VALUE
            var end = Long.MIN_VALUE
            var sum = 0.0
            var correct = 0L
            for (c in rows) {
                val t = col(c, "timeStamp").toLong()
                val e = col(c, "elapsed").toLong()
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
            return ProfileResult(rows.size.toLong(), correct, ErrorKinds.count(kinds), h, start, end, sum / rows.size, ok)
        }
    }
}
