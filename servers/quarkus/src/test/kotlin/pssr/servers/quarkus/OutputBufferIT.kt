package pssr.servers.quarkus

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.model.Model
import pssr.probe.ProbeResult
import pssr.probe.StreamProbe
import pssr.probe.Verdict
import pssr.servers.RoutesDocument
import java.nio.file.Path
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * One engine (JStachio; HtmlFlow for reactive), every approach, at the 512-byte buffer this server uses and at
 * Quarkus's 8 KB default (`quarkus.rest.output-buffer-size=8191`, fixed at build time: target/quarkus-app-8k),
 * with and without per-item flushing, probed at itemDelayMs=100. Each configuration is a fresh
 * quarkus-run.jar; none may block an event loop.
 */
class OutputBufferIT {
    private val model = Model.Presentations
    private val paths = listOf("/presentations/jstachio/blocking", "/presentations/jstachio/virtual", "/presentations/htmlflow/reactive")

    private fun probeAll(jar: Path, name: String, vararg properties: String): Map<String, Pair<Verdict, ProbeResult>> =
        QuarkusApp.start(jar, name, "pssr.warmup-renders=1", *properties).use { app ->
            val pool = Executors.newFixedThreadPool(paths.size)
            try {
                val results = paths.map { path ->
                    pool.submit(Callable { StreamProbe.get("127.0.0.1", app.port, "$path?itemDelayMs=100", model.itemMarker) })
                }
                    .map { it.get(30, TimeUnit.SECONDS) }
                val listed = RoutesDocument.parse(StreamProbe.get("127.0.0.1", app.port, "/routes").body)
                val settings = listed.first().settings
                println("== $name: outputBufferBytes=${settings["outputBufferBytes"]} flushPerItem=${settings["flushPerItem"]}")
                assertEquals(if (jar == QuarkusApp.BUFFER_8K_JAR) "8191" else "512", settings["outputBufferBytes"])
                val verdicts = paths.zip(results).associate { (path, page) ->
                    val verdict = Verdict.of(page, model.items.size, 100)
                    println("   $path: $verdict, ${QuarkusServerIT.describe(page)}")
                    val claim = listed.single { it.path == path }.streams
                    assertEquals(claim, verdict == Verdict.STREAMS, "$name: $path claims streams=$claim but $verdict")
                    path to (verdict to page)
                }
                assertEquals(emptyList<String>(), app.eventLoopComplaints(), "$name blocked an event loop")
                verdicts
            } finally {
                pool.shutdownNow()
            }
        }

    @Test
    fun `with per-item flush every approach streams at the 8 KB default buffer too, in item-sized chunks`() {
        val results = probeAll(QuarkusApp.BUFFER_8K_JAR, "buffer-8191-flush")
        for ((path, result) in results) {
            val (verdict, page) = result
            assertEquals(Verdict.STREAMS, verdict, "$path: ${QuarkusServerIT.describe(page)}")
            assertTrue(page.chunks.size in model.items.size + 1..model.items.size + 2, "$path: ${QuarkusServerIT.describe(page)}")
        }
    }

    @Test
    fun `without per-item flush StreamingOutput stays in the 8 KB buffer, the Multi still streams`() {
        val results = probeAll(QuarkusApp.BUFFER_8K_JAR, "buffer-8191-noflush", "pssr.flush-per-item=false")
        for ((path, result) in results) {
            val (verdict, page) = result
            val expected = if (path.endsWith("reactive")) Verdict.STREAMS else Verdict.BUFFERED
            assertEquals(expected, verdict, "$path: ${QuarkusServerIT.describe(page)}")
            if (expected == Verdict.BUFFERED) assertEquals(8191, page.chunks.first().bytes, "$path: ${QuarkusServerIT.describe(page)}")
        }
    }

    @Test
    fun `without per-item flush the 512-byte buffer alone makes StreamingOutput stream, in buffer-sized chunks`() {
        val results = probeAll(QuarkusApp.DEFAULT_JAR, "buffer-512-noflush", "pssr.flush-per-item=false")
        for ((path, result) in results) {
            val (verdict, page) = result
            assertEquals(Verdict.STREAMS, verdict, "$path: ${QuarkusServerIT.describe(page)}")
            if (!path.endsWith("reactive")) {
                assertTrue(
                    page.chunks.dropLast(1).all {
                        it.bytes == 512
                    },
                    "$path: ${QuarkusServerIT.describe(page)}",
                )
            }
        }
    }
}
