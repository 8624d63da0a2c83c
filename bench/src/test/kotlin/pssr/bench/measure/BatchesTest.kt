package pssr.bench.measure

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files

/** A JMeter profile measured once gets its spread from its own series: batch means of latency, time slices of throughput. */
class BatchesTest {
    private val start = 1_000_000L

    @Test
    fun `a profile with the same latency and pace throughout has no spread`() {
        // 1,000 samples, one every 10 ms over 10 s (100 in each 1 s slice), each 50 ms
        val ends = LongArray(1000) { start + 10L * it + 5 }
        val b = Batches.of(ends, LongArray(1000) { 50 }, start, start + 10_000)
        assertEquals(10, b.count)
        assertEquals(0.0, b.latencyMeanSeMs, 1e-9)
        assertEquals(0.0, b.rpsSe, 1e-9)
    }

    @Test
    fun `the standard error is that of the batch means`() {
        // batches alternately 40 and 60 ms: batch means sd 10.54, SE = sd / sqrt(10) = 3.33 ms
        val ends = LongArray(1000) { start + 10L * it + 5 }
        val elapsed = LongArray(1000) { if ((it / 100) % 2 == 0) 40 else 60 }
        val b = Batches.of(ends, elapsed, start, start + 10_000)
        assertEquals(kotlin.math.sqrt(100.0 * 10 / 9) / kotlin.math.sqrt(10.0), b.latencyMeanSeMs, 1e-6)
        // the pace: 100 per 1 s slice throughout, so no throughput spread
        assertEquals(0.0, b.rpsSe, 1e-9)
    }

    @Test
    fun `the tails' standard errors are those of the batches' own percentiles`() {
        // every batch of 100: 94 samples at 10 ms and 6 slow ones, 100 ms in even batches, 200 ms in odd ones; each batch's
        // p95 and p99 (nearest rank: the 95th and 99th of 100) are its slow value, so both scatter like 100/200 alternating
        val ends = LongArray(1000) { start + 10L * it + 5 }
        val elapsed = LongArray(1000) {
            if (it % 100 < 94) {
                10
            } else if ((it / 100) % 2 == 0) {
                100
            } else {
                200
            }
        }
        val b = Batches.of(ends, elapsed, start, start + 10_000)
        val se = kotlin.math.sqrt(50.0 * 50.0 * 10 / 9) / kotlin.math.sqrt(10.0)
        assertEquals(se, b.latencyP95SeMs, 1e-6)
        assertEquals(se, b.latencyP99SeMs, 1e-6)
    }

    @Test
    fun `a profile too short to batch has none`() {
        val b = Batches.of(LongArray(100) { start + it }, LongArray(100) { 5 }, start, start + 100)
        assertEquals(Batches.NONE, b)
    }

    @Test
    fun `a JTL read back carries its batches`() {
        val jtl = Files.createTempFile("pssr-batches", ".jtl")
        try {
            val lines = listOf("timeStamp,elapsed,label,responseCode,responseMessage,threadName,success") +
                (0 until 600).map { i -> "${start + 10L * i},${if (i < 300) 20 else 40},students,200,OK,t-1,true" }
            Files.write(jtl, lines)
            val r = JmeterProfile.read(jtl)
            assertEquals(600, r.samples)
            assertEquals(10, r.batches.count)
            assertEquals(30.0, r.meanMs, 1e-9)
            // five batches of 20 ms, five of 40 ms: sd 10.54, SE 3.33 ms
            assertTrue(r.batches.latencyMeanSeMs in 3.3..3.4, "SE ${r.batches.latencyMeanSeMs}")
        } finally {
            Files.deleteIfExists(jtl)
        }
    }
}
