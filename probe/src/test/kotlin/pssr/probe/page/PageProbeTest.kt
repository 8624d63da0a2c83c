package pssr.probe.page

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.time.Duration
import java.util.zip.GZIPOutputStream

/**
 * `probe URL` on pages served over loopback by a server that controls every byte: the verdict, its reason
 * and the advice for a page that streams, one held by an 8 KB buffer, one held by a compressor, one that
 * is only fast.
 */
class PageProbeTest {
    private val timeout = Duration.ofSeconds(20)

    @Test
    fun `a page flushed after each item streams, with no advice`() {
        LoopbackServer { _, out ->
            LoopbackServer.head(out, "Content-Type: text/html; charset=UTF-8")
            val body = BufferedChunks(out, 1 shl 20)
            TestPage.write(body, items = 10, delayMs = 60) { body.flush() }
            body.close()
        }.use { server ->
            val report = PageProbe.probe(server.url("/"), timeout)
            assertEquals(PageVerdict.STREAMS, report.verdict, report.reason)
            assertEquals(12, report.chunks.size, "head, one chunk per item, tail")
            assertTrue(report.firstVisibleMillis!! < 100, "the <h1> is visible before the first item: ${report.firstVisibleMillis}")
            assertEquals("Items", report.firstVisibleWhat)
            assertEquals(emptyList<Advice>(), report.advice)
            assertEquals(emptyList<String>(), report.warnings)
        }
    }

    @Test
    fun `a page held by an 8 KB buffer is buffered, and the advice names Tomcat's buffer and the flush`() {
        LoopbackServer { _, out ->
            LoopbackServer.head(out, "Content-Type: text/html;charset=UTF-8")
            val body = BufferedChunks(out, 8192)
            TestPage.write(body, items = 12, delayMs = 60) { } // about 9.5 KB: 8192 bytes leave at item 11, the rest at the end
            body.close()
        }.use { server ->
            val report = PageProbe.probe(server.url("/"), timeout)
            assertEquals(PageVerdict.BUFFERED, report.verdict, report.reason)
            assertEquals(8192, report.chunks.first().bytes)
            assertTrue(
                report.reason.startsWith("first body byte arrived") && report.reason.endsWith("the whole page was buffered"),
                report.reason,
            )
            val tomcat = report.advice.single { it.cause == "Tomcat / Spring MVC without a flush" }
            assertTrue(tomcat.evidence.contains("first chunk exactly 8192 bytes"), tomcat.evidence)
            assertTrue(tomcat.fix.contains("flush the response OutputStream after each item"), tomcat.fix)
        }
    }

    @Test
    fun `a page held whole until its last item, sent as one chunk, is buffered and the advice names the engine`() {
        LoopbackServer { _, out ->
            LoopbackServer.head(out, "Content-Type: text/html;charset=UTF-8")
            val body = BufferedChunks(out, 1 shl 20) // as Qute's consume() on WebFlux: the page in one piece at the end
            TestPage.write(body, items = 10, delayMs = 60) { }
            body.close()
        }.use { server ->
            val report = PageProbe.probe(server.url("/"), timeout)
            assertEquals(PageVerdict.BUFFERED, report.verdict, report.reason)
            assertEquals(1, report.chunks.size)
            val engine = report.advice.single { it.cause == "a template engine that holds the page" }
            assertTrue(engine.fix.contains("Qute") && engine.fix.contains("WriterOutput"), engine.fix)
        }
    }

    @Test
    fun `a page held by Quarkus REST's default output buffer gets the Quarkus advice`() {
        LoopbackServer { _, out ->
            LoopbackServer.head(out, "Content-Type: text/html;charset=UTF-8")
            val body = BufferedChunks(out, 8191)
            TestPage.write(body, items = 12, delayMs = 60) { }
            body.close()
        }.use { server ->
            val report = PageProbe.probe(server.url("/"), timeout)
            assertEquals(PageVerdict.BUFFERED, report.verdict, report.reason)
            val quarkus = report.advice.single()
            assertEquals("Quarkus REST output buffer", quarkus.cause)
            assertTrue(quarkus.fix.contains("quarkus.rest.output-buffer-size=512"), quarkus.fix)
        }
    }

    @Test
    fun `a gzipped page whose compressor holds the output is buffered, and re-probed without compression it streams`() {
        LoopbackServer { request, out ->
            if (request.headers["accept-encoding"]?.contains("gzip") == true) {
                LoopbackServer.head(out, "Content-Type: text/html", "Content-Encoding: gzip")
                val body = BufferedChunks(out, 1 shl 20)
                val gzip = GZIPOutputStream(body) // no syncFlush: flush() leaves the deflater's block where it is
                TestPage.write(gzip, items = 10, delayMs = 60) {
                    gzip.flush()
                    body.flush()
                }
                gzip.finish()
                body.close()
            } else {
                LoopbackServer.head(out, "Content-Type: text/html")
                val body = BufferedChunks(out, 1 shl 20)
                TestPage.write(body, items = 10, delayMs = 60) { body.flush() }
                body.close()
            }
        }.use { server ->
            val report = PageProbe.probe(server.url("/"), timeout)
            assertEquals("gzip", report.compression)
            assertEquals(PageVerdict.BUFFERED, report.verdict, report.reason)
            val gzip = report.advice.first()
            assertEquals("compression buffers", gzip.cause)
            assertTrue(gzip.evidence.contains("the same page without compression (Accept-Encoding: identity) streams"), gzip.evidence)
            assertTrue(gzip.fix.contains("server.compression.enabled=false"), gzip.fix)
        }
    }

    @Test
    fun `a gzipped page that flushes its compressor streams, timed by its decompressed content`() {
        LoopbackServer { _, out ->
            LoopbackServer.head(out, "Content-Type: text/html", "Content-Encoding: gzip")
            val body = BufferedChunks(out, 1 shl 20)
            val gzip = GZIPOutputStream(body, true)
            TestPage.write(gzip, items = 10, delayMs = 60) {
                gzip.flush()
                body.flush()
            }
            gzip.finish()
            body.close()
        }.use { server ->
            val report = PageProbe.probe(server.url("/"), timeout)
            assertEquals(PageVerdict.STREAMS, report.verdict, report.reason)
            assertTrue(report.bodyChars > report.wireBytes, "decoded ${report.bodyChars} characters from ${report.wireBytes} gzip bytes")
            assertEquals("Items", report.firstVisibleWhat)
        }
    }

    @Test
    fun `a page that only flushes its head early is buffered, its visible content came at the end`() {
        LoopbackServer { _, out ->
            LoopbackServer.head(out, "Content-Type: text/html")
            LoopbackServer.chunk(
                out,
                (
                    "<!DOCTYPE html><html><head><title>t</title><style>" + "p { color: black } ".repeat(300) +
                        "</style></head><body>"
                    ).toByteArray(),
            )
            Thread.sleep(600)
            LoopbackServer.chunk(
                out,
                ("<main>" + "<p>Content that waited for all the data.</p>".repeat(50) + "</main></body></html>").toByteArray(),
            )
            LoopbackServer.end(out)
        }.use { server ->
            val report = PageProbe.probe(server.url("/"), timeout)
            assertEquals(PageVerdict.BUFFERED, report.verdict, report.reason)
            assertTrue(report.reason.contains("only the beginning was sent early"), report.reason)
        }
    }

    @Test
    fun `a page that starts late but then streams its items streams, and the reason says how long nothing came`() {
        LoopbackServer { _, out ->
            Thread.sleep(600) // a slow first query, before anything can be sent
            LoopbackServer.head(out, "Content-Type: text/html")
            val body = BufferedChunks(out, 1 shl 20)
            TestPage.write(body, items = 10, delayMs = 60) { body.flush() }
            body.close()
        }.use { server ->
            val report = PageProbe.probe(server.url("/"), timeout)
            assertEquals(PageVerdict.STREAMS, report.verdict, report.reason)
            assertTrue(Regex("the page streams, after nothing for \\d+ ms$").containsMatchIn(report.reason), report.reason)
        }
    }

    @Test
    fun `a page done in a few milliseconds is too fast to tell`() {
        LoopbackServer { _, out ->
            LoopbackServer.head(out, "Content-Type: text/html")
            val body = BufferedChunks(out, 1 shl 20)
            TestPage.write(body, items = 3, delayMs = 0) { body.flush() }
            body.close()
        }.use { server ->
            val report = PageProbe.probe(server.url("/"), timeout)
            assertEquals(PageVerdict.TOO_FAST, report.verdict, report.reason)
            assertEquals(emptyList<Advice>(), report.advice)
        }
    }
}
