
package pssr.bench.browser

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.BrowserTools
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.project.Frameworks
import pssr.probe.StreamProbe
import pssr.probe.browser.Chromium
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.ConcurrentHashMap
import kotlin.concurrent.thread

/**
 * Lighthouse for real (browser/node_modules, Debian's headless Chromium), as `./pssr browser` runs it,
 * against the WebFlux server's Weather page (3 cities 1 s apart): one run with PSSR on, one with it off.
 * To stay near 30 s it asks only for the FCP audits and uses Lighthouse's default (simulate) throttling,
 * whose quiet windows are 1 s (provided throttling forces 5.25 s), and it reads the *observed* FCP: what
 * the page really painted, unthrottled. Skipped with the install command where Chromium or Lighthouse is
 * missing, except in CI (PSSR_REQUIRE_BROWSER).
 */
class LighthouseTest {
    private fun lighthouse(timeout: Duration = Duration.ofSeconds(60)): Lighthouse {
        System.setProperty("pssr.root", BrowserTools.root.toString())
        val chromium = Chromium.executable()
        BrowserTools.require(chromium != null, "Chromium is not installed; install it: ${Chromium.INSTALL_HINT}")
        val lighthouse = Lighthouse.installed(BrowserTools.root.resolve("browser"), chromium!!, timeout)
        BrowserTools.require(
            lighthouse != null,
            "Lighthouse is not installed; install it: apt-get install nodejs npm && cd browser && npm ci",
        )
        return lighthouse!!
    }

    @Test
    fun `Lighthouse sees the Weather page paint its first content at least 1 s earlier with PSSR on than off`(@TempDir dir: Path) {
        val lighthouse = lighthouse()
        val started = System.nanoTime()
        ServerProcess.start(Frameworks.byName("webflux"), ServerLaunch(heapMax = "512m"), dir, "lighthouse-test").use { server ->
            for (mode in listOf("on", "off")) StreamProbe.get(server.host, server.port, "/demo/weather/suspending?pssr=$mode&itemDelayMs=0")
            val audits = listOf("first-contentful-paint", "metrics")
            val on = lighthouse.run(
                server.baseUrl + "/demo/weather/suspending?pssr=on",
                dir.resolve("on.json"),
                "simulate",
                audits = audits,
            )
            val off = lighthouse.run(
                server.baseUrl + "/demo/weather/suspending?pssr=off",
                dir.resolve("off.json"),
                "simulate",
                audits = audits,
            )
            val what =
                "Weather (3 cities 1 s apart), Lighthouse ${lighthouse.version}: observed FCP pssr=on ${on.observedFcp} ms, " +
                    "pssr=off ${off.observedFcp} ms " +
                    "(simulated: ${on.fcp} / ${off.fcp} ms); server and both runs took ${(System.nanoTime() - started) / 1_000_000_000} s"
            println(what)
            assertTrue(on.observedFcp < 1000, what)
            assertTrue(off.observedFcp - on.observedFcp >= 1000, what)
        }
        assertEquals(emptyList<String>(), BrowserTools.liveChildren(), "the server and every Lighthouse and Chromium are stopped")
    }

    @Test
    fun `a page that never loads ends in one line and leaves neither Lighthouse nor its Chromium running`(@TempDir dir: Path) {
        val lighthouse = lighthouse(timeout = Duration.ofSeconds(12))
        val marker = Lighthouse.newMarker()
        val seen = ConcurrentHashMap.newKeySet<ProcessHandle>()
        ServerSocket(0, 50, InetAddress.getLoopbackAddress()).use { silent ->
            val held = mutableListOf<Socket>()
            val acceptor = thread(isDaemon = true) {
                try {
                    while (true) held += silent.accept()
                } catch (_: Exception) { }
            }
            val profiles = ConcurrentHashMap.newKeySet<String>()
            val watcher = thread(isDaemon = true) {
                while (!Thread.currentThread().isInterrupted) {
                    Lighthouse.marked(marker).forEach { p ->
                        seen += p
                        p.info().arguments().orElse(emptyArray()).filter { it.startsWith("--user-data-dir=") }.forEach {
                            profiles +=
                                it.substringAfter('=')
                        }
                    }
                    try {
                        Thread.sleep(200)
                    } catch (_: InterruptedException) {
                        break
                    }
                }
            }
            val e = assertThrows(BrowserFailure::class.java) {
                lighthouse.run("http://127.0.0.1:${silent.localPort}/", dir.resolve("never.json"), "provided", marker)
            }
            watcher.interrupt()
            watcher.join()
            held.forEach { it.close() }
            acceptor.interrupt()
            assertFalse(e.message!!.contains('\n'), e.message)
            assertTrue(e.message!!.contains("did not finish within 12 s"), e.message)
            assertEquals(
                emptyList<String>(),
                profiles.filter {
                    Files.exists(Path.of(it))
                },
                "Chromium's temporary profile is removed",
            )
        }
        assertTrue(seen.isNotEmpty(), "Lighthouse launched a marked Chromium")
        assertEquals(emptyList<Long>(), seen.filter { it.isAlive }.map { it.pid() }, "Chromium stopped")
        assertEquals(emptyList<String>(), BrowserTools.liveChildren(), "Lighthouse stopped")
    }
}
