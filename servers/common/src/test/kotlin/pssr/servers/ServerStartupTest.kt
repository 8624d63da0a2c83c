package pssr.servers

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.testkit.ChildProcesses
import java.net.InetAddress
import java.net.ServerSocket
import java.nio.file.Path
import java.util.concurrent.TimeUnit

/**
 * How every server's JVM starts and ends, with a stand-in "framework" ([StuckServer], in this JVM's test classes)
 * whose stop never returns: the failure cases Quarkus produced, made certain.
 */
class ServerStartupTest {
    private fun stuckServer(vararg args: String) = ProcessBuilder(
        listOf(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-D${ServerStartup.GRACE_PROPERTY}=1000",
            "-cp",
            System.getProperty("java.class.path"),
            StuckServer::class.java.name,
        ) + args,
    )

    @Test
    fun `a taken port is one line and exit code 2 before the framework starts`() {
        ServerSocket(0, 50, InetAddress.getByName("127.0.0.1")).use { taken ->
            val (code, out) = ChildProcesses.runToExit(stuckServer("--server.port=${taken.localPort}"), 30)
            assertEquals(2, code, out.joinToString("\n"))
            assertEquals(
                listOf(
                    "pssr-server stuck: cannot start: port ${taken.localPort} is already in use; choose another port, or 0 for any free " +
                        "one (BindException)",
                ),
                out,
            )
        }
    }

    @Test
    fun `a port that is not a number or out of range is one line and exit code 2`() {
        for ((port, expected) in listOf(
            "abc" to "server.port must be a number from 0 (any free port) to 65535, was 'abc'",
            "70000" to "port out of range: 70000 (server.port); a port is 0 (any free port) to 65535",
        )) {
            val (code, out) = ChildProcesses.runToExit(stuckServer("--server.port=$port"), 30)
            assertEquals(2, code, out.joinToString("\n"))
            assertEquals(listOf("pssr-server stuck: cannot start: $expected"), out)
        }
    }

    @Test
    fun `a failed start whose framework cannot stop still ends the JVM with code 2, after the grace`() {
        val (code, out) = ChildProcesses.runToExit(stuckServer("--server.port=0", "--fail"), 30)
        assertEquals(2, code, out.joinToString("\n"))
        assertEquals("pssr-server stuck: cannot start: the framework failed on purpose", out.first())
        assertTrue(out.last().contains("shutdown did not finish within 1000 ms; halting the JVM (exit code 2)"), out.joinToString("\n"))
    }

    @Test
    fun `SIGTERM ends a running server whose shutdown never returns, after the grace`() {
        val p = stuckServer("--server.port=0").redirectErrorStream(true).start()
        try {
            val ready = p.inputReader().readLine() // the stand-in says it runs; bounded: the test has JUnit's timeout
            assertEquals("running", ready)
            val begun = System.nanoTime()
            p.destroy() // SIGTERM
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "still running 20 s after SIGTERM")
            val tookMs = (System.nanoTime() - begun) / 1_000_000
            assertEquals(ServerStartup.EXIT_TERMINATED, p.exitValue())
            assertTrue(tookMs in 900..15_000, "ended $tookMs ms after SIGTERM (grace 1000 ms)")
        } finally {
            p.destroyForcibly()
        }
    }
}

/** A stand-in server: registers a shutdown hook that never returns, then runs or (with --fail) fails to start. */
object StuckServer {
    @JvmStatic
    fun main(args: Array<String>) = ServerStartup.run("stuck", args, ServerStartup.Listen.SPRING) {
        Runtime.getRuntime().addShutdownHook(Thread { Thread.sleep(Long.MAX_VALUE) })
        if ("--fail" in args) throw IllegalStateException("the framework failed on purpose")
        println("running")
        System.out.flush()
        Thread.sleep(Long.MAX_VALUE)
    }
}
