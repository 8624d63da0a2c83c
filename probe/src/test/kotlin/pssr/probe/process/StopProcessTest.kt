package pssr.probe.process

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.time.Duration
import java.util.concurrent.TimeUnit

/** SIGTERM, a grace, then SIGKILL: with real child processes, one that exits on SIGTERM and ones that ignore it. */
class StopProcessTest {
    private val lines = mutableListOf<String>()
    private val started = mutableListOf<Process>()
    init {
        StopProcess.console = { synchronized(lines) { lines += it } }
    }

    @AfterEach
    fun cleanUp() {
        started.forEach { p ->
            p.descendants().forEach { it.destroyForcibly() }
            p.destroyForcibly()
        }
        StopProcess.console = { System.err.println(it) }
    }

    /** `bash -c script`, started and waited for until it has run its first line (its trap is set). */
    private fun bash(script: String): Process {
        val p = ProcessBuilder("bash", "-c", "echo ready; $script").redirectErrorStream(true).start().also { started += it }
        val ready = p.inputStream.bufferedReader().readLine()
        check(ready == "ready") { "bash did not start: $ready" }
        return p
    }

    @Test
    fun `a process that exits on SIGTERM is stopped without SIGKILL and without a line`() {
        val p = bash("exec sleep 300")
        assertFalse(StopProcess.stop(p.toHandle(), "sleep", Duration.ofSeconds(5)))
        assertTrue(p.waitFor(1, TimeUnit.SECONDS))
        assertEquals(128 + 15, p.exitValue())
        assertEquals(emptyList<String>(), lines)
    }

    @Test
    fun `a process that ignores SIGTERM is killed after the grace and named on the console`() {
        val p = bash("trap '' TERM; while true; do sleep 0.1; done")
        val begun = System.nanoTime()
        assertTrue(StopProcess.stop(p.toHandle(), "the stubborn child", Duration.ofMillis(500)))
        val tookMs = (System.nanoTime() - begun) / 1_000_000
        assertTrue(p.waitFor(1, TimeUnit.SECONDS))
        assertEquals(128 + 9, p.exitValue())
        assertTrue(tookMs >= 500, "SIGKILL came before the grace: $tookMs ms")
        assertEquals(1, lines.size, lines.toString())
        assertTrue(lines.single().contains("the stubborn child (pid ${p.pid()})") && lines.single().contains("SIGKILL"), lines.single())
    }

    @Test
    fun `a tree is stopped whole, also a grandchild that ignores SIGTERM`() {
        // the grandchild inherits the ignored SIGTERM; the parent waits for it
        val p = bash("trap '' TERM; sleep 300 & wait")
        val deadline = System.nanoTime() + 5_000_000_000
        while (p.descendants().count() == 0L && System.nanoTime() < deadline) Thread.sleep(20)
        val grandchild = p.descendants().findFirst().orElseThrow()
        assertTrue(StopProcess.stopTree(p.toHandle(), "the tree", Duration.ofMillis(300)))
        assertTrue(p.waitFor(5, TimeUnit.SECONDS))
        grandchild.onExit().get(5, TimeUnit.SECONDS)
        assertFalse(grandchild.isAlive)
    }
}
