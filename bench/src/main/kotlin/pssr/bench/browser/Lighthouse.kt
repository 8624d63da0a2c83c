package pssr.bench.browser

import pssr.bench.console.UsageError
import pssr.bench.process.Children
import pssr.probe.Jackson
import pssr.probe.browser.Chromium
import pssr.probe.process.StopProcess
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.UUID
import java.util.concurrent.TimeUnit

/**
 * A browser measurement that could not be made (Lighthouse crashed or timed out, a page never loaded,
 * the toolchain could not be installed): one line, exit code 2 (see [cli]).
 */
class BrowserFailure(message: String) : RuntimeException(message)

/**
 * Lighthouse (12.8.2 from `browser/node_modules`, installed by `npm ci`), run as a child process per
 * measurement. Each run marks the Chromium it launches with a flag of its own (`--pssr-lighthouse=<id>`),
 * so that on every path — success, crash, timeout, Ctrl-C — Lighthouse's process tree and that Chromium are
 * stopped by their own PIDs, even once Chromium has outlived its Lighthouse.
 */
class Lighthouse(
    private val cli: Path,
    private val chromium: Path,
    val version: String,
    val nodeVersion: String,
    val chromiumVersion: String,
    /** Longest one run may take: a page that never loads holds Lighthouse for many minutes. */
    private val timeout: Duration = Duration.ofSeconds(90),
) {
    /**
     * Runs Lighthouse once on [url], writing its JSON report to [file]; [marker] marks the Chromium it
     * launches. [audits]: only these audits (faster: no score), instead of the whole performance category.
     */
    fun run(url: String, file: Path, throttling: String, marker: String = newMarker(), audits: List<String>? = null): LighthouseRun {
        val command = listOf(
            "node", cli.toString(), url, "--output=json", "--output-path=$file",
            audits?.let { "--only-audits=" + it.joinToString(",") } ?: "--only-categories=performance",
            "--disable-full-page-screenshot", "--throttling-method=$throttling", "--max-wait-for-load=${timeout.toMillis() / 2}",
            "--chrome-flags=${(Chromium.FLAGS + marker).joinToString(" ")}", "--quiet",
        )
        val log = Files.createTempFile("pssr-lighthouse-", ".log")
        var process: Process? = null
        // Chromium first (it is still Lighthouse's child while Lighthouse runs, found by its marker with its profile), then Lighthouse's
        // tree.
        val hook = Thread({
            stopMarked(marker)
            process?.let { stopTree(it.toHandle()) }
        }, "pssr-stop-lighthouse")
        Runtime.getRuntime().addShutdownHook(hook)
        // Chromium is Lighthouse's child, not ours: when pssr is killed (SIGKILL, no hook), a reaper kills what carries the marker
        // (the marker in two halves: the reaper's own command line must not match it)
        val half = marker.length / 2
        val reaper = Children.reaper("Chromium's reaper", "pkill -KILL -f -- \"\$1\$2\"", marker.take(half), marker.drop(half))
        try {
            val pb = ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
            pb.environment()["CHROME_PATH"] = chromium.toString()
            process = try {
                Children.start(pb, "Lighthouse", graceSeconds = 5)
            } catch (e: Exception) {
                throw BrowserFailure("could not start Lighthouse (node $cli): ${e.message}")
            }
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw BrowserFailure(
                    "Lighthouse did not finish within ${timeout.seconds} s on $url (the page never loaded?); stopped it and its Chromium",
                )
            }
            if (process.exitValue() != 0 || !Files.exists(file)) {
                throw BrowserFailure("Lighthouse failed (exit ${process.exitValue()}) on $url: ${lastLine(Files.readString(log))}")
            }
        } finally {
            stopMarked(marker)
            process?.let {
                stopTree(it.toHandle())
                Children.forget(it)
            }
            reaper.cancel()
            try {
                Runtime.getRuntime().removeShutdownHook(hook)
            } catch (_: IllegalStateException) { }
            Files.deleteIfExists(log)
        }
        return read(file, throttling)
    }

    companion object {
        val THROTTLINGS = listOf("simulate", "provided")

        /** The flag that marks the Chromium of one run (Chromium ignores switches it does not know). */
        fun newMarker() = "--pssr-lighthouse=" + UUID.randomUUID()

        /** The processes, live now, whose arguments carry [marker]. */
        fun marked(marker: String): List<ProcessHandle> = ProcessHandle.allProcesses().filter { p ->
            p.info().arguments().map { args -> marker in args }.orElse(false) ||
                p.info().commandLine().map { it.contains(marker) }.orElse(false)
        }.toList()

        /** Reads the figures pssr reports from one Lighthouse JSON report; a run that hit a runtime error is a [BrowserFailure]. */
        fun read(file: Path, throttling: String): LighthouseRun {
            val json = try {
                Jackson.read(Files.readString(file))
            } catch (e: Exception) {
                throw BrowserFailure("unreadable Lighthouse report $file: ${e.message}")
            }
            fun at(vararg path: String): Any? = path.fold(json) { v, k -> (v as? Map<*, *>)?.get(k) }
            fun num(vararg path: String) = (at(*path) as? Double) ?: Double.NaN
            val runtimeError = at("runtimeError", "message") as? String
            if (runtimeError != null) {
                throw BrowserFailure(
                    "Lighthouse could not measure ${at(
                        "requestedUrl",
                    ) ?: file}: ${at("runtimeError", "code") ?: "error"}: ${oneLine(runtimeError)} ($file)",
                )
            }
            val metrics = ((at("audits", "metrics", "details", "items") as? List<*>)?.firstOrNull() as? Map<*, *>).orEmpty()
            return LighthouseRun(
                null, 0, throttling, file,
                score = num("categories", "performance", "score") * 100,
                fcp = num("audits", "first-contentful-paint", "numericValue"),
                lcp = num("audits", "largest-contentful-paint", "numericValue"),
                speedIndex = num("audits", "speed-index", "numericValue"),
                ttfb = num("audits", "server-response-time", "numericValue"),
                observedFcp = (metrics["observedFirstContentfulPaint"] as? Double) ?: Double.NaN,
                warnings = (at("runWarnings") as? List<*>).orEmpty().map { it.toString() },
            )
        }

        /**
         * Lighthouse as `./pssr browser` uses it: `browser/node_modules`, installed with `npm ci` when it is
         * missing or no longer what the lock pins (checked by `browser/check-pins.mjs`). Whatever is missing is
         * a [UsageError] naming the package to install; an install that fails is a [BrowserFailure] naming why.
         */
        fun prepare(folder: Path, chromium: Path, timeout: Duration = Duration.ofSeconds(90)): Lighthouse {
            val node = output(listOf("node", "--version"))
                ?: throw UsageError(
                    "Node.js not found; install it: apt-get install nodejs npm   (then ./pssr browser installs Lighthouse itself)",
                )
            val cli = folder.resolve("node_modules/lighthouse/cli/index.js")
            val check = listOf("node", folder.resolve("check-pins.mjs").toString(), folder.toString())
            if (!Files.exists(cli) || run(check, folder).first != 0) {
                if (output(listOf("npm", "--version")) == null) {
                    throw UsageError("npm not found; install it: apt-get install npm   (then ./pssr browser installs Lighthouse itself)")
                }
                println("pssr browser: installing Lighthouse (npm ci in $folder, pinned by its package-lock.json; about 30 s) ...")
                val (code, text) = run(listOf("npm", "ci", "--no-audit", "--no-fund"), folder, Duration.ofSeconds(600))
                if (code != 0 || !Files.exists(cli)) {
                    throw BrowserFailure("could not install Lighthouse: npm ci failed in $folder: ${npmError(text)}")
                }
            }
            val (code, text) = run(check, folder)
            if (code != 0) {
                throw BrowserFailure(
                    "Lighthouse's install is not pinned: ${text.lines().first {
                        it.isNotBlank()
                    }.removePrefix("check-pins: ")}",
                )
            }
            return installed(folder, chromium, timeout, node)
                ?: throw BrowserFailure("Lighthouse is not installed in $folder; run: cd $folder && npm ci")
        }

        /** Lighthouse as installed in [folder], without installing anything; null if it is not there or Node is missing. */
        fun installed(
            folder: Path,
            chromium: Path,
            timeout: Duration = Duration.ofSeconds(90),
            node: String? = output(listOf("node", "--version")),
        ): Lighthouse? {
            val cli = folder.resolve("node_modules/lighthouse/cli/index.js")
            if (node == null || !Files.exists(cli)) return null
            val version = (
                Jackson.read(Files.readString(folder.resolve("node_modules/lighthouse/package.json"))) as Map<*, *>
                )["version"].toString()
            return Lighthouse(cli, chromium, version, node.trim(), chromiumVersion(chromium), timeout)
        }

        /** A Lighthouse CLI script given by the user (`--lighthouse`): used as is, nothing installed. */
        fun at(cli: Path, chromium: Path, timeout: Duration = Duration.ofSeconds(90)): Lighthouse {
            if (!Files.isRegularFile(cli)) throw UsageError("no Lighthouse CLI at $cli (give lighthouse/cli/index.js)")
            val node = output(listOf("node", "--version")) ?: throw UsageError("Node.js not found; install it: apt-get install nodejs npm")
            val pkg = cli.toAbsolutePath().parent?.parent?.resolve("package.json")
            val version =
                pkg?.takeIf {
                    Files.exists(it)
                }?.let { runCatching { (Jackson.read(Files.readString(it)) as Map<*, *>)["version"]?.toString() }.getOrNull() }
                    ?: "unknown"
            return Lighthouse(cli, chromium, version, node.trim(), chromiumVersion(chromium), timeout)
        }

        private fun chromiumVersion(chromium: Path) =
            output(listOf(chromium.toString(), "--version"))?.lines()?.lastOrNull { it.contains("Chrom") }?.trim() ?: "unknown"

        /** Stops [root] and every process below it, by PID: the tree is read first, as children outlive a parent. */
        internal fun stopTree(root: ProcessHandle) {
            StopProcess.stopTree(root, "Lighthouse's Chromium", Duration.ofSeconds(5))
        }

        /** Stops every process carrying [marker] in its arguments (the Chromium of one run) with its children; removes its Lighthouse
         * profile. */
        internal fun stopMarked(marker: String) {
            val marked = marked(marker)
            // Read first: Debian's /usr/bin/chromium is a shell script, and stopping it stops the real Chromium below it.
            val profiles = marked.flatMap { p ->
                p.info().arguments().orElse(emptyArray()).filter { it.startsWith("--user-data-dir=") }.map { it.substringAfter('=') }
            }.distinct()
            marked.forEach { stopTree(it) }
            // chrome-launcher's own temporary profile (lighthouse.XXXX), which it would have removed had it stopped Chromium itself
            for (dir in profiles.map { Path.of(it) }.filter {
                it.fileName?.toString()?.startsWith("lighthouse.") == true &&
                    it.parent == Path.of(System.getProperty("java.io.tmpdir"))
            }) {
                runCatching { Files.walk(dir).use { s -> s.sorted(Comparator.reverseOrder()).forEach { Files.deleteIfExists(it) } } }
            }
        }

        /** The last non-blank line Lighthouse printed, without its stack trace: what went wrong, in one line. */
        internal fun lastLine(text: String): String {
            val lines = text.lines().map { it.trim() }.filter { it.isNotEmpty() && !it.startsWith("at ") }
            return oneLine(
                lines.lastOrNull {
                    it.contains("Error", ignoreCase = true) || it.contains("Runtime error")
                } ?: lines.lastOrNull()
                    ?: "it printed nothing",
            )
        }

        /** npm's reason, e.g. "Missing: third-party-web@0.30.0 from lock file", in one line. */
        internal fun npmError(text: String): String {
            val errors = text.lines().filter { it.startsWith("npm error") || it.startsWith("npm ERR!") }
                .map { it.removePrefix("npm error").removePrefix("npm ERR!").trim() }.filter { it.isNotEmpty() }
            return oneLine(
                errors.firstOrNull { it.startsWith("Missing:") || it.startsWith("Invalid:") }
                    ?: errors.firstOrNull { !it.startsWith("code ") } ?: text.lines().lastOrNull { it.isNotBlank() } ?: "no output",
            )
        }

        private fun oneLine(s: String) = s.replace(Regex("\\s+"), " ").trim().let { if (it.length > 300) it.take(297) + "..." else it }

        private fun run(command: List<String>, dir: Path, timeout: Duration = Duration.ofSeconds(60)): Pair<Int, String> {
            val log = Files.createTempFile("pssr-npm-", ".log")
            try {
                val p = try {
                    Children.spawn(
                        ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                            .redirectOutput(log.toFile()),
                    )
                } catch (e: Exception) {
                    return -1 to (e.message ?: "could not start ${command.first()}")
                }
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    stopTree(p.toHandle())
                    return -1 to
                        "${command.joinToString(" ")} did not finish within ${timeout.seconds} s"
                }
                return p.exitValue() to Files.readString(log)
            } finally {
                Files.deleteIfExists(log)
            }
        }

        private fun output(command: List<String>): String? = try {
            val p = Children.spawn(ProcessBuilder(command).redirectErrorStream(true))
            val text = p.inputStream.bufferedReader().readText()
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) text else null
        } catch (e: Exception) {
            null
        }
    }
}
