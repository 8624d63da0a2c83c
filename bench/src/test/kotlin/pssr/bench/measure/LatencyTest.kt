package pssr.bench.measure

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class LatencyTest {
    @Test
    fun `wrk's value-count pairs become a histogram with the same count and percentiles`() {
        val h = Latency.fromPairs("1000:98 5000:1 90000:1")
        assertEquals(100, h.totalCount)
        val s = LatencySummary.of(h)
        assertEquals(1.0, s.p50, 0.01)
        assertEquals(5.0, s.p99, 0.01)
        assertEquals(90.0, s.max, 0.1)
    }

    @Test
    fun `repetitions merge into one distribution, so p99 is over every request`() {
        val a = Latency.fromPairs("1000:99 100000:1")
        val b = Latency.fromPairs("1000:100")
        val merged = Latency.merge(listOf(a, b))
        assertEquals(200, merged.totalCount)
        assertEquals(1.0, LatencySummary.of(merged).p99, 0.01, "1 slow of 200 is above the 99th percentile")
    }

    @Test
    fun `a CPU list names ranges and single CPUs`() {
        assertEquals(setOf(0, 1, 3), ProcessCpu.parseCpuList("0-1,3"))
    }
}
