package pssr.bench.api

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.process.ServerLaunch
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import java.net.InetAddress
import java.net.ServerSocket
import java.nio.file.Path

/**
 * The forward workload end to end (real server JVMs, JMeter over HTTP): a downstream that is down, slower than the
 * API's client timeout, or answering 500 is counted in results.csv as errors of its own kind, and no sample succeeds.
 */
class ForwardFailuresTest {
    @TempDir lateinit var tmp: Path

    private fun forward(name: String, setup: ApiOptions.() -> Unit): List<ResultRow> {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val run = RunDirectory(tmp.resolve(name))
        val o = ApiOptions().apply {
            forwardVariants = listOf("mvc")
            clientPoolSizes = listOf(0)
            forwardUsers = listOf(4)
            loops = 3
            rampUp = "0"
            responseTimeoutText = "10"
            clientResponseTimeoutMs = 300
            setup()
        }
        o.validate(products = false, forward = true)
        ApiRun(run, o, ServerLaunch(heapMax = "256m")).forward()
        return run.rows().filter { it.engine == "mvc" }
    }

    @Test
    fun `a downstream that is down, too slow or failing shows up as errors by kind, never as a success`() {
        val closed = ServerSocket(0, 1, InetAddress.getLoopbackAddress()).use { it.localPort }
        val down = forward("down") { downstreamUrl = "http://127.0.0.1:$closed" }.single()
        assertEquals(12, down.requests)
        assertEquals(12, down.errorsDownstreamDown)
        assertEquals(0.0, down.throughputRps)

        val slow = forward("slow") { downstreamLatencyMs = 1000 }.single()
        assertEquals(12, slow.errorsDownstreamTimeout)
        assertEquals(0.0, slow.throughputRps)
        assertTrue(slow.latencyP50Ms >= 300, "a timeout is not fast: p50 ${slow.latencyP50Ms} ms")

        val failing = forward("failing") { downstreamFailStatus = 500 }.single()
        assertEquals(12, failing.errorsDownstreamError)
        assertEquals(0.0, failing.throughputRps)
        assertTrue(failing.apdex == 0.0, "failed samples are frustrated: Apdex ${failing.apdex}")
    }
}
