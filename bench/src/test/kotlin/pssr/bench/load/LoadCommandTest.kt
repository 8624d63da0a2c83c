
package pssr.bench.load

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import pssr.bench.cli.ProbeRun
import pssr.probe.Jackson
import java.nio.file.Files
import java.nio.file.Path

/**
 * `./pssr load` against a real server on loopback, loaded by wrk: the verdict under load, where it changes, and A
 * against B. The server's pages take 5 items x 40 ms, so the probe can tell streaming from buffering.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LoadCommandTest {
    private val server = StreamingPageServer(itemMs = 40, maxStreaming = 3)

    @TempDir lateinit var dir: Path

    @AfterAll
    fun stop() = server.close()

    private val quick = arrayOf("--warmup", "0", "--page-warmup", "0", "--steady-cap", "0", "--duration", "2")

    @Test
    fun `a page whose streaming breaks under load is named at the level where it changed`() {
        val out = dir.resolve("breaks")
        // 1 user + the side probe = 2 in flight: streams; 8 users: buffered
        val run = ProbeRun.of("load", "${server.base}/breaks", "--users", "1,8", "--repeat", "1", *quick, "--out", out.toString())
        assertEquals(0, run.code, run.err)
        assertTrue("A ${server.base}/breaks: streams unloaded and up to 1 user; buffered from 8 users" in run.out, run.out)
        val rows = LoadRow.read(out.resolve("load.csv"))
        assertEquals(listOf(1 to "streams", 8 to "buffered"), rows.map { it.level to it.verdict })
        assertTrue(rows.all { it.errors == 0L && it.requests > 0 }, "every answer checked and right: $rows")
        val report = Files.readString(out.resolve("report.html"))
        assertTrue("buffered from 8 users" in report && "<div class=chart" in report, "the report says where it changed and has charts")
    }

    @Test
    fun `a streaming and a buffered page compared give a significant first-content difference`() {
        val out = dir.resolve("ab")
        val run = ProbeRun.of(
            "load", "${server.base}/streams", "${server.base}/buffered", "--users", "2", "--repeat", "3", *quick,
            "--out", out.toString(), "--json",
        )
        assertEquals(0, run.code, run.err)
        @Suppress("UNCHECKED_CAST")
        val doc = Jackson.read(run.out) as Map<String, Any?>

        @Suppress("UNCHECKED_CAST")
        val c = (doc["comparisons"] as List<Map<String, Any?>>).single()
        assertEquals(true, c["firstContentSignificant"], "B (buffered) shows its first content ~200 ms after A: $c")
        assertTrue((c["firstContentP99DiffMs"] as Number).toDouble() > 100, "$c")
        assertTrue((c["throughputRatioCi95"] as List<*>).size == 2, "a throughput ratio with its interval: $c")
        @Suppress("UNCHECKED_CAST")
        val pages = doc["pages"] as List<Map<String, Any?>>
        assertEquals(listOf("streams", "buffered"), pages.map { it["unloadedVerdict"] })
    }
}
