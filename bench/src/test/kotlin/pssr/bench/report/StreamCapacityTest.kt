package pssr.bench.report

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.resultRow

/** Many users on slow data: a route's capacity is the highest level below which every level held, per JVM, then the median. */
class StreamCapacityTest {
    /** A 10-item page 100 ms apart (1 s): the floor is the users per second. */
    private fun level(users: Int, rep: Int, share: Double, firstItemMs: Double = 150.0, errors: Long = 0, approach: String = "virtual") =
        resultRow(
            approach = approach, users = users, repetition = rep, itemDelayMs = 100, floorRps = users.toDouble(),
            throughput = users * share, firstItemP99Ms = firstItemMs, errors = errors, latencyMs = 1000.0,
        ).copy(leadSeconds = 1.05, openStreams = users.toDouble(), heapKbPerStream = 20.0 + rep, osThreadsHeld = 40)

    @Test
    fun `a route holds the level below the first that fails its floor, its first item or its errors`() {
        val rows = listOf(1, 2, 3).flatMap { rep ->
            listOf(
                level(1024, rep, 0.99),
                level(4096, rep, 0.95),
                // JVM 3 fails at 8192 by its first item, the others by the floor
                if (rep == 3) level(8192, rep, 0.9, firstItemMs = 1500.0) else level(8192, rep, 0.6),
            )
        }
        val c = StreamCapacity.of(rows).single()
        assertEquals("jstachio/virtual", c.route)
        assertEquals(listOf(4096, 4096, 4096), c.perJvm)
        assertEquals(4096, c.users)
        assertEquals(22.0, c.heapKbPerStream)
        assertEquals("60% of the floor", c.limit)
        assertTrue(!c.atLeast)
    }

    @Test
    fun `a level that held after one that failed does not count, and JVMs that differ give the interval`() {
        val rows = listOf(
            level(1024, 1, 0.99), level(4096, 1, 0.95, errors = 3), level(8192, 1, 0.9),
            level(1024, 2, 0.99), level(4096, 2, 0.95), level(8192, 2, 0.9),
            level(1024, 3, 0.5), level(4096, 3, 0.95), level(8192, 3, 0.9),
        )
        val c = StreamCapacity.of(rows).single()
        assertEquals(listOf(1024, 8192, 0), c.perJvm)
        assertEquals(1024, c.users)
        assertEquals(0, c.low)
        assertEquals(8192, c.high)
    }

    @Test
    fun `the top level held in every JVM is at least, and a 1 ms page is not the slow-data regime`() {
        val rows = listOf(1, 2, 3).map { level(16_384, it, 0.95) } + resultRow(users = 128, itemDelayMs = 1)
        val c = StreamCapacity.of(rows).single()
        assertTrue(c.atLeast)
        assertTrue(StreamCapacity.lines(listOf(c))[1].contains("≥ 16,384 users"), StreamCapacity.lines(listOf(c))[1])
    }
}
