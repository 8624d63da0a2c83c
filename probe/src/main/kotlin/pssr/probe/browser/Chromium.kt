package pssr.probe.browser

import pssr.probe.Jackson
import pssr.probe.at
import pssr.probe.process.StopProcess
import java.awt.Color
import java.awt.image.BufferedImage
import java.io.ByteArrayOutputStream
import java.io.IOException
import java.net.URI
import java.net.http.HttpClient
import java.net.http.WebSocket
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.Base64
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionStage
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import javax.imageio.ImageIO

/**
 * Debian's Chromium, headless, driven over the DevTools protocol with the JDK's own WebSocket client (no
 * Playwright, no Node). One browser per instance, with a fresh `--user-data-dir` removed on [close], and
 * the flags this machine needs (see docs/BROWSER.md): without the background-networking ones Chromium
 * keeps trying to reach Google's hosts through a closed network. Stopped by its own PID on [close].
 */
class Chromium private constructor(
    private val process: Process,
    private val userDataDir: Path,
    private val output: StringBuffer,
    webSocketUrl: String,
) : AutoCloseable {
    private val nextId = AtomicInteger()
    private val pending = ConcurrentHashMap<Int, CompletableFuture<Map<String, Any?>>>()
    private val listeners = CopyOnWriteArrayList<(String, String?, Map<String, Any?>) -> Unit>()
    private val socket: WebSocket = HttpClient.newHttpClient().newWebSocketBuilder()
        .connectTimeout(Duration.ofSeconds(10))
        .buildAsync(URI.create(webSocketUrl), Receiver()).get(10, TimeUnit.SECONDS)

    val pid: Long get() = process.pid()

    /** Sends one command (to the browser, or to a page's [sessionId]) and waits for its result. */
    fun send(
        method: String,
        params: Map<String, Any?> = emptyMap(),
        sessionId: String? = null,
        timeout: Duration = Duration.ofSeconds(30),
    ): Map<String, Any?> = try {
        sendAsync(method, params, sessionId).get(timeout.toMillis(), TimeUnit.MILLISECONDS)
    } catch (e: ExecutionException) {
        throw e.cause ?: e
    }

    /**
     * Sends one command without waiting for its result. (`Page.navigate` answers only once the navigation
     * commits, i.e. when the response starts: a page that sends nothing for 3 s holds its answer for 3 s.)
     */
    fun sendAsync(method: String, params: Map<String, Any?> = emptyMap(), sessionId: String? = null): CompletableFuture<Map<String, Any?>> {
        val id = nextId.incrementAndGet()
        val answer = CompletableFuture<Map<String, Any?>>()
        pending[id] = answer
        val message = buildMap<String, Any?> {
            put("id", id)
            put("method", method)
            put("params", params)
            if (sessionId != null) {
                put("sessionId", sessionId)
            }
        }
        synchronized(socket) { socket.sendText(Jackson.write(message), true).join() }
        return answer.whenComplete { _, _ -> pending.remove(id) }.thenApply { reply ->
            reply["error"]?.let { throw IOException("$method failed: ${Jackson.write(it)}") }
            @Suppress("UNCHECKED_CAST")
            ((reply["result"] as? Map<String, Any?>) ?: emptyMap())
        }
    }

    /** Calls [listener] with (method, sessionId, params) for every event until it is removed. */
    fun onEvent(listener: (String, String?, Map<String, Any?>) -> Unit): AutoCloseable {
        listeners += listener
        return AutoCloseable { listeners -= listener }
    }

    /** A new tab of [width] x [height] CSS pixels, attached in flat mode. */
    fun newPage(width: Int = 800, height: Int = 600): BrowserPage {
        val targetId = send("Target.createTarget", mapOf("url" to "about:blank"))["targetId"] as String
        val sessionId = send("Target.attachToTarget", mapOf("targetId" to targetId, "flatten" to true))["sessionId"] as String
        val page = BrowserPage(this, targetId, sessionId, width, height)
        page.send(
            "Emulation.setDeviceMetricsOverride",
            mapOf("width" to width, "height" to height, "deviceScaleFactor" to 1, "mobile" to false),
        )
        page.send("Page.enable")
        return page
    }

    /**
     * Loads a one-line page and waits for its paint, so the first page measured does not pay for starting the
     * renderer and compositor (a cold Chromium painted a streamed page's heading after its load event, 1.4 s in).
     */
    fun warmUp() {
        newPage().use { it.load("data:text/html,<h1>warm</h1>") }
    }

    override fun close() {
        try {
            socket.abort()
        } catch (_: Exception) { }
        StopProcess.stopTree(process.toHandle(), "Chromium", Duration.ofSeconds(5))
        deleteTree(userDataDir)
    }

    /** What Chromium printed (stdout and stderr): for failure messages. */
    fun output(): String = output.toString()

    private inner class Receiver : WebSocket.Listener {
        private val partial = StringBuilder()
        override fun onText(webSocket: WebSocket, data: CharSequence, last: Boolean): CompletionStage<*>? {
            partial.append(data)
            if (last) {
                val text = partial.toString()
                partial.setLength(0)
                @Suppress("UNCHECKED_CAST")
                val message = Jackson.read(text) as Map<String, Any?>
                val id = (message["id"] as? Double)?.toInt()
                if (id != null) {
                    pending[id]?.complete(message)
                } else {
                    @Suppress("UNCHECKED_CAST")
                    val params = (message["params"] as? Map<String, Any?>) ?: emptyMap()
                    listeners.forEach { it(message["method"] as String, message["sessionId"] as String?, params) }
                }
            }
            webSocket.request(1)
            return null
        }
    }

    companion object {
        /** Flags for Debian's Chromium here: headless, as root, on a machine whose network is closed. */
        val FLAGS = listOf(
            "--headless=new", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run", "--no-default-browser-check", "--disable-quic",
            "--disable-extensions", "--mute-audio", "--hide-scrollbars", "--disable-dev-shm-usage",
        )

        /** `CHROME_PATH` if set, else `/usr/bin/chromium`, else `chromium` on the PATH; null if none exists. */
        fun executable(): Path? {
            System.getenv("CHROME_PATH")?.takeIf { it.isNotBlank() }?.let { p -> return Path.of(p).takeIf { Files.isExecutable(it) } }
            Path.of("/usr/bin/chromium").takeIf { Files.isExecutable(it) }?.let { return it }
            return System.getenv("PATH").orEmpty().split(':').filter { it.isNotEmpty() }
                .map { Path.of(it, "chromium") }.firstOrNull { Files.isExecutable(it) }
        }

        const val INSTALL_HINT = "apt-get install chromium   (Debian's package; or set CHROME_PATH to a Chromium or Chrome binary)"

        fun launch(
            executable: Path = executable() ?: throw IOException("Chromium not found; install it: $INSTALL_HINT"),
            timeout: Duration = Duration.ofSeconds(30),
            /** How the process is started: pssr's harness passes its own (children that die with it, pssr.bench.run.Children). */
            spawn: (ProcessBuilder) -> Process = { it.start() },
        ): Chromium {
            val userDataDir = Files.createTempDirectory("pssr-chromium-")
            val command = listOf(executable.toString()) + FLAGS +
                listOf("--user-data-dir=$userDataDir", "--remote-debugging-port=0", "about:blank")
            val process = spawn(ProcessBuilder(command).redirectErrorStream(true))
            val output = StringBuffer()
            val url = CompletableFuture<String>()
            Thread({
                process.inputStream.bufferedReader().forEachLine { line ->
                    output.append(line).append('\n')
                    Regex("DevTools listening on (ws://\\S+)").find(line)?.let { url.complete(it.groupValues[1]) }
                }
                url.completeExceptionally(IOException("Chromium exited before it listened"))
            }, "chromium-output").apply { isDaemon = true }.start()
            try {
                return Chromium(process, userDataDir, output, url.get(timeout.toMillis(), TimeUnit.MILLISECONDS))
            } catch (e: Exception) {
                StopProcess.stopTree(process.toHandle(), "Chromium", Duration.ofSeconds(5))
                deleteTree(userDataDir)
                throw IOException("Chromium did not start: ${e.message}; it printed: ${output.toString().takeLast(2000)}", e)
            }
        }

        private fun deleteTree(dir: Path) {
            if (!Files.exists(dir)) return
            Files.walk(dir).use { s ->
                s.sorted(Comparator.reverseOrder()).forEach {
                    try {
                        Files.deleteIfExists(it)
                    } catch (_: IOException) { }
                }
            }
        }
    }
}

/** What one navigation gave: paint and response times (ms after navigation start) and the final DOM. */
data class PageLoad(val url: String, val firstContentfulPaintMs: Double?, val firstByteMs: Double, val loadEventMs: Double, val dom: String)

/** A screenshot taken [atMillis] after the navigation was requested (wanted at [wantedMillis]). */
class Frame(val wantedMillis: Long, val atMillis: Long, val png: ByteArray)

/** One tab, addressed by its flat-mode session. */
class BrowserPage internal constructor(
    private val browser: Chromium,
    val targetId: String,
    val sessionId: String,
    val width: Int,
    val height: Int,
) : AutoCloseable {
    fun send(method: String, params: Map<String, Any?> = emptyMap(), timeout: Duration = Duration.ofSeconds(30)) =
        browser.send(method, params, sessionId, timeout)

    /** Runs [expression] in the page and returns its value (JSON-able values only). */
    fun evaluate(expression: String): Any? =
        send("Runtime.evaluate", mapOf("expression" to expression, "returnByValue" to true)).at("result", "value")

    /**
     * Navigates to [url] and waits for its load event, then for the First Contentful Paint entry (the Paint
     * Timing API, what Lighthouse's observed FCP is), and reads the final DOM as the browser parsed it.
     */
    fun load(url: String, timeout: Duration = Duration.ofSeconds(30)): PageLoad {
        val loaded = CompletableFuture<Unit>()
        browser.onEvent { method, session, _ -> if (session == sessionId && method == "Page.loadEventFired") loaded.complete(Unit) }.use {
            send("Page.navigate", mapOf("url" to url))
            loaded.get(timeout.toMillis(), TimeUnit.MILLISECONDS)
        }
        var fcp: Double? = null
        val deadline = System.nanoTime() + 2_000_000_000L
        while (fcp == null && System.nanoTime() < deadline) {
            fcp = (evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null") as? Double)
            if (fcp == null) Thread.sleep(50)
        }
        val nav = evaluate(
            "(() => { const n = performance.getEntriesByType('navigation')[0]; return [n.responseStart, n.loadEventStart]; })()",
        ) as List<*>
        return PageLoad(url, fcp, nav[0] as Double, nav[1] as Double, evaluate("document.documentElement.outerHTML") as String)
    }

    /**
     * Navigates to [url] and captures the viewport at each of [instantsMillis] after the navigation was
     * requested (a filmstrip at fixed instants). Until the navigation commits (the response starts) the tab
     * still shows the empty page it came from, and Chromium would hold a capture until after the commit, so
     * those frames are blank without asking Chromium. Each frame records when its capture returned.
     */
    fun filmstrip(url: String, instantsMillis: List<Long>): List<Frame> {
        val committed = CompletableFuture<Unit>()
        return browser.onEvent { method, session, params ->
            if (session == sessionId && method == "Page.frameNavigated" && params.at("frame", "parentId") == null) committed.complete(Unit)
        }.use {
            val start = System.nanoTime()
            val navigated = browser.sendAsync("Page.navigate", mapOf("url" to url), sessionId)
            val frames = instantsMillis.sorted().map { wanted ->
                val wait = wanted - (System.nanoTime() - start) / 1_000_000
                if (wait > 0) Thread.sleep(wait)
                val png = if (committed.isDone) capture() else blankFrame()
                Frame(wanted, (System.nanoTime() - start) / 1_000_000, png)
            }
            navigated.get(30, TimeUnit.SECONDS)
            frames
        }
    }

    /**
     * The viewport as PNG. While a cross-site navigation has not committed yet (the response has not
     * started), Chromium has no page to capture ("Not attached to an active page"): the user sees an empty
     * tab then, so the frame is blank white.
     */
    fun capture(): ByteArray = try {
        Base64.getDecoder().decode(send("Page.captureScreenshot", mapOf("format" to "png"))["data"] as String)
    } catch (e: IOException) {
        if (e.message?.contains("Not attached to an active page") != true) throw e
        blankFrame()
    }

    private fun blankFrame(): ByteArray {
        val img = BufferedImage(width, height, BufferedImage.TYPE_INT_RGB)
        img.createGraphics().apply {
            color = Color.WHITE
            fillRect(0, 0, width, height)
            dispose()
        }
        return ByteArrayOutputStream().also { ImageIO.write(img, "png", it) }.toByteArray()
    }

    override fun close() {
        try {
            browser.send("Target.closeTarget", mapOf("targetId" to targetId))
        } catch (_: Exception) { }
    }
}
