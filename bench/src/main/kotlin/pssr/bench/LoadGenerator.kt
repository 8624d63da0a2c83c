package pssr.bench

import us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults
import us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler
import us.abstracta.jmeter.javadsl.JmeterDsl.jtlWriter
import us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion
import us.abstracta.jmeter.javadsl.JmeterDsl.testPlan
import us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup
import us.abstracta.jmeter.javadsl.core.DslTestPlan
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/** A closed-loop load level: [users] JMeter threads, each sending [requestsPerUser] requests back to back on a keep-alive connection. */
data class LoadLevel(val users: Int, val requestsPerUser: Int) {
    val label get() = "u$users"
    override fun toString() = "$requestsPerUser@$users"

    companion object {
        /** Parses `1000@32` (requests in total at 32 users) as used by `--warmup`. */
        fun warmup(spec: String): LoadLevel {
            val (total, users) = spec.split("@").takeIf { it.size == 2 }?.map { it.trim().toIntOrNull() }
                ?: throw UsageError("--warmup must look like REQUESTS@USERS (e.g. 1000@32), was '$spec'")
            if (total == null || users == null || users < 1 || total < 0) throw UsageError("--warmup must look like REQUESTS@USERS with positive numbers, was '$spec'")
            return LoadLevel(users, maxOf(if (total == 0) 0 else 1, total / users))
        }
    }
}

/** One request as JMeter recorded it. Times in ms; [startMillis] is epoch time. */
data class Sample(val label: String, val thread: String, val startMillis: Long, val elapsedMs: Int, val latencyMs: Int, val success: Boolean, val code: String)

/**
 * The load generator: JMeter, driven through jmeter-java-dsl. One JMeter test plan per route runs the
 * warm-up and then every level as sequential thread groups (one engine start per route, not per level).
 * Every response is checked — status 200 and exactly the page verified before load — and a failed
 * check is an error, never throughput. Per-sample results (elapsed and JMeter's `Latency`, i.e. time to
 * first byte) are written to a JTL file and read back.
 */
class LoadGenerator(private val responseTimeout: Duration, private val levelTimeout: Duration) {

    /** Runs [warmup] then [levels] against [url], whose correct response is exactly [page]; returns every sample. */
    fun run(url: String, page: String, warmup: LoadLevel?, levels: List<LoadLevel>, jtl: Path): List<Sample> {
        Files.createDirectories(jtl.parent)
        Files.deleteIfExists(jtl)
        val groups = buildList {
            if (warmup != null && warmup.requestsPerUser > 0) add(group("warmup", warmup, url, page))
            levels.forEach { add(group(it.label, it, url, page)) }
        }
        val children = ArrayList<DslTestPlan.TestPlanChild>()
        children += httpDefaults().connectionTimeout(Duration.ofSeconds(5)).responseTimeout(responseTimeout)
        children += groups
        children += jtlWriter(jtl.parent.toString(), jtl.fileName.toString()).withAllFields(false)
            .withTimeStamp(true).withElapsedTime(true).withLabel(true).withResponseCode(true).withSuccess(true)
            .withLatency(true).withAssertionFailureMessage(true).withThreadName(true).withFieldNames(true)
        // JMeter's summariser would print a line every few seconds on stdout: the progress bar says enough.
        testPlan(*children.toTypedArray()).sequentialThreadGroups().runIn(EmbeddedJmeterEngine().prop("summariser.out", "false"))
        return readJtl(jtl)
    }

    private fun group(label: String, level: LoadLevel, url: String, page: String) =
        threadGroup(label).rampTo(level.users, Duration.ZERO).holdIterating(level.requestsPerUser).upTo(levelTimeout)
            .children(
                // The route's page was checked against the golden page before load: every response must be
                // exactly that page — a truncated, partial or different page is an error. (A string equality
                // is cheap; a regex counting item markers halved the driver's own throughput, and JMeter's body
                // size counts chunk framing, which varies with timing.)
                httpSampler(label, url).children(responseAssertion().equalsToStrings(page)),
            )

    companion object {
        fun readJtl(jtl: Path): List<Sample> {
            if (!Files.exists(jtl)) return emptyList()
            // JMeter quotes fields that hold commas or line breaks (an assertion's failure message quotes the
            // response it got), so records are read with quote-aware parsing, not line by line.
            val lines = Csv.records(Files.readString(jtl))
            if (lines.isEmpty()) return emptyList()
            val header = lines[0]
            val at = { name: String -> header.indexOf(name).also { require(it >= 0) { "JTL has no $name column: $header" } } }
            val ts = at("timeStamp"); val el = at("elapsed"); val lb = at("label"); val rc = at("responseCode"); val ok = at("success"); val lat = at("Latency"); val th = at("threadName")
            return lines.drop(1).filter { it.size == header.size }.map { c ->
                Sample(c[lb], c[th], c[ts].toLong(), c[el].toInt(), c[lat].toInt(), c[ok].toBoolean(), c[rc])
            }
        }
    }
}
