package pssr.bench.measure

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.time.Duration

/** A long page's window: the lead and the window's length as a rule, and wrk counting only the window of one long run. */
class LongPageWindowTest {
    @Test
    fun `a short page gets no lead and its window as asked`() {
        assertEquals(Duration.ZERO, Windows.leadFor(0.01))
        assertEquals(Duration.ofSeconds(2), Windows.windowFor(0.01, Duration.ofSeconds(2)))
    }

    @Test
    fun `a long page's lead is one and a half page times or more, and its window whole page times`() {
        assertEquals(Duration.ofMillis(1500), Windows.leadFor(1.0))
        assertEquals(Duration.ofSeconds(15), Windows.leadFor(10.0))
        // a 100 ms page: 10 pages in a second, then half a page
        assertEquals(Duration.ofMillis(1050), Windows.leadFor(0.1))
        assertEquals(Duration.ofSeconds(20), Windows.windowFor(10.0, Duration.ofSeconds(12)))
        assertEquals(Duration.ofSeconds(10), Windows.windowFor(10.0, Duration.ofSeconds(2)))
        // 16,384 users take a second and four more to connect: five 1 s pages, then half a page
        assertEquals(Duration.ofMillis(5500), Windows.leadFor(1.0, 16_384))
        assertEquals(Duration.ofSeconds(15), Windows.leadFor(10.0, 16_384))
        assertEquals(Duration.ofSeconds(5), Windows.windowFor(1.0, Duration.ofSeconds(5)))
    }

    @Test
    fun `wrk after a lead reads a 1 s page at its floor, counting only the window, with the marks at its ends`() {
        PageServer(delayMs = 1000).use { server ->
            val wrk = WrkDriver(WrkDriver.locate(null) ?: error(WrkDriver.INSTALL_HINT), 1, Duration.ofSeconds(10))
            val target = server.target.copy(pageSeconds = 1.0)
            val marks = ArrayList<Pair<String, Long>>()
            val marker = object : WindowMarks {
                override fun started() {
                    marks += "started" to System.currentTimeMillis()
                }

                override fun ended() {
                    marks += "ended" to System.currentTimeMillis()
                }
            }
            val r = wrk.runWindow(target, 40, Duration.ofSeconds(2), Windows.leadFor(1.0), marker)
            // 40 users on a 1 s page: the floor is 40 req/s; a fresh 2 s window would count the first wave and miss the second
            assertEquals(40.0, r.throughput, 4.0, "throughput ${r.throughput} over ${r.windowSeconds} s")
            assertEquals(Errors(), r.errors)
            assertEquals(1.5, r.leadSeconds)
            assertEquals(2.0, r.windowSeconds, 0.01)
            assertTrue(r.heldThroughEnd, "wrk still held its connections when the end's marks returned")
            assertEquals(listOf("started", "ended"), marks.map { it.first })
            assertEquals(2000.0, (marks[1].second - marks[0].second).toDouble(), 100.0, "the marks are the window's ends")
            assertTrue(r.driverCpuSeconds >= 0, "wrk's CPU over the window: ${r.driverCpuSeconds}")
        }
    }
}
