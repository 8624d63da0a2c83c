package pssr.bench

import java.nio.file.Path
import java.util.concurrent.TimeUnit
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Assumptions.assumeTrue
import pssr.bench.browser.Lighthouse

/**
 * What the browser tests need (Debian's Chromium, Node, Lighthouse in browser/node_modules). Where it is
 * missing they are skipped with the install command, unless PSSR_REQUIRE_BROWSER is set (.ci/run sets it,
 * after installing everything): then they fail, so CI cannot go green without running them.
 */
object BrowserTools {
    val root: Path = Path.of("..").toAbsolutePath().normalize()

    fun require(present: Boolean, missing: String) {
        if (present) return
        if (System.getenv("PSSR_REQUIRE_BROWSER") != null) fail<Unit>("$missing (PSSR_REQUIRE_BROWSER is set, so browser tests may not be skipped)")
        assumeTrue(false, "$missing; browser test skipped")
    }

    fun node(): Boolean = try {
        // output discarded, not read: a read to the end would outlast the bounded wait if node never exited
        val p = ProcessBuilder("node", "--version").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
        val exited = p.waitFor(30, TimeUnit.SECONDS)
        if (!exited) p.destroyForcibly()
        exited && p.exitValue() == 0
    } catch (e: Exception) { false }

    /** Live processes started by this JVM (a server, a Lighthouse, a Chromium), for "nothing left behind". */
    fun liveChildren(): List<String> = ProcessHandle.current().descendants().filter { it.isAlive }
        .map { "${it.pid()} ${it.info().commandLine().orElse("?")}" }.toList()
}
