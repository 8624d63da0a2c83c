package pssr.bench.students

import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import org.HdrHistogram.Histogram
import pssr.bench.measure.Latency
import pssr.bench.results.CsvFile
import us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults
import us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler
import us.abstracta.jmeter.javadsl.JmeterDsl.jtlWriter
import us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion
import us.abstracta.jmeter.javadsl.JmeterDsl.testPlan
import us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine

/** Failed requests by kind, as seed 003's explanation needs them told apart. */
data class ErrorKinds(val connectRefused: Long = 0, val connectTimeout: Long = 0, val readTimeout: Long = 0, val reset: Long = 0,
                      val http5xx: Long = 0, val poolTimeout: Long = 0, val otherStatus: Long = 0, val wrongBody: Long = 0) {
    /** Every failed request; [poolTimeout] is a 503 and so is also one of [http5xx]. */
    val total: Long get() = connectRefused + connectTimeout + readTimeout + reset + http5xx + otherStatus + wrongBody

    companion object {
        /** One JMeter sample's failure kind, from its response code and message; null for a correct response. */
        fun kindOf(code: String, message: String, success: Boolean): String? {
            if (success) return null
            val status = code.toIntOrNull()
            return when {
                status == 503 -> "poolTimeout"                   // what the students servers answer when the pool had no connection in time
                status != null && status >= 500 -> "http5xx"
                status == 200 -> "wrongBody"
                status != null -> "otherStatus"
                code.contains("HttpHostConnectException") || code.contains("ConnectException") && message.contains("refused", true) -> "connectRefused"
                code.contains("ConnectTimeoutException") || message.contains("connect timed out", true) -> "connectTimeout"
                code.contains("SocketTimeoutException") -> "readTimeout"
                else -> "reset"                                   // reset, closed, no response: the connection broke
            }
        }

        fun count(kinds: List<String>): ErrorKinds {
            val n = kinds.groupingBy { it }.eachCount().mapValues { it.value.toLong() }
            val pool = n["poolTimeout"] ?: 0
            return ErrorKinds(n["connectRefused"] ?: 0, n["connectTimeout"] ?: 0, n["readTimeout"] ?: 0, n["reset"] ?: 0,
                (n["http5xx"] ?: 0) + pool, pool, n["otherStatus"] ?: 0, n["wrongBody"] ?: 0)
        }
    }
}

/**
 * What one JMeter profile measured: every sample (right or wrong) with JMeter's own meaning of "average"
 * (elapsed time over all samples, failures included, as the paper's summary report), the window from the
 * first request sent to the last answer, and failures by kind.
 */
data class ProfileResult(val samples: Long, val correct: Long, val errors: ErrorKinds, val latency: Histogram, val startMillis: Long, val endMillis: Long, val meanMs: Double) {
    val seconds: Double get() = (endMillis - startMillis).coerceAtLeast(1) / 1000.0
}

/**
 * Seed 003's load: JMeter's standard thread group, [users] threads started evenly over [rampUp], each sending
 * [loops] requests one after another (keep-alive), every answer compared with the expected JSON. Runs in
 * this JVM through jmeter-java-dsl; per-sample results go to a JTL file.
 */
class StudentsLoad(private val timeout: Duration, private val jtlDir: Path) {
    private var profiles = 0

    fun run(url: String, expectedBody: String, users: Int, rampUp: Duration, loops: Int, label: String): ProfileResult {
        Files.createDirectories(jtlDir)
        val jtl = jtlDir.resolve("students-${++profiles}-$label-u$users.jtl")
        Files.deleteIfExists(jtl)
        testPlan(
            httpDefaults().connectionTimeout(timeout).responseTimeout(timeout),
            threadGroup(label).rampTo(users, rampUp).holdIterating(loops).children(
                httpSampler(label, url).children(responseAssertion().equalsToStrings(expectedBody))),
            jtlWriter(jtl.parent.toString(), jtl.fileName.toString()).withAllFields(false)
                .withTimeStamp(true).withElapsedTime(true).withLabel(true).withResponseCode(true).withResponseMessage(true)
                .withSuccess(true).withThreadName(true).withFieldNames(true),
        ).runIn(EmbeddedJmeterEngine().prop("summariser.out", "false"))
        return read(jtl)
    }

    companion object {
        fun read(jtl: Path): ProfileResult {
            val rows = CsvFile.read(jtl) // JMeter quotes messages with commas; read by column name
            val h = Latency.histogram()
            if (rows.isEmpty()) return ProfileResult(0, 0, ErrorKinds(), h, 0, 0, Double.NaN)
            fun col(c: Map<String, String>, name: String) = c[name] ?: throw IllegalArgumentException("JTL has no $name column: ${c.keys}")
            val kinds = ArrayList<String>()
            var start = Long.MAX_VALUE; var end = Long.MIN_VALUE; var sum = 0.0; var correct = 0L
            for (c in rows) {
                val t = col(c, "timeStamp").toLong(); val e = col(c, "elapsed").toLong()
                start = minOf(start, t); end = maxOf(end, t + e); sum += e
                h.recordValue((e * 1000).coerceIn(1, h.highestTrackableValue))
                val kind = ErrorKinds.kindOf(col(c, "responseCode"), col(c, "responseMessage"), col(c, "success").toBoolean())
                if (kind == null) correct++ else kinds += kind
            }
            return ProfileResult(rows.size.toLong(), correct, ErrorKinds.count(kinds), h, start, end, sum / rows.size)
        }
    }
}
