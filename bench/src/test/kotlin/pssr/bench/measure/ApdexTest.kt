package pssr.bench.measure

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** Apdex as JMeter computes it, checked against an example worked out by hand. */
class ApdexTest {
    private fun histogramOf(vararg ms: Long) = Latency.histogram().also { h -> ms.forEach { h.recordValue(it * 1000) } }

    @Test
    fun `ten samples worked out by hand`() {
        // correct samples: 100, 499, 500 ms satisfied (<= T = 500); 501, 1200, 1500 ms tolerating (<= F = 1500); 1501, 3000 ms frustrated;
        // and 2 failed samples (whatever their time: frustrated). N = 10. Apdex = (3 + 3 / 2) / 10 = 0.45.
        val a = Apdex.of(histogramOf(100, 499, 500, 501, 1200, 1500, 1501, 3000), samples = 10)
        assertEquals(3, a.satisfied)
        assertEquals(3, a.tolerating)
        assertEquals(4, a.frustrated)
        assertEquals(0.45, a.score, 1e-12)
        assertEquals("0.450 (T 500 ms, F 1500 ms)", a.toString())
    }

    @Test
    fun `all satisfied is 1, nothing measured is no score, other thresholds are honoured`() {
        assertEquals(1.0, Apdex.of(histogramOf(1, 2, 3), 3).score)
        assertEquals(Double.NaN, Apdex.of(histogramOf(), 0).score)
        // T = 100 ms, F = 400 ms: 50 and 100 satisfied, 101 and 400 tolerating, 401 frustrated: (2 + 1) / 5 = 0.6
        assertEquals(0.6, Apdex.of(histogramOf(50, 100, 101, 400, 401), 5, tMs = 100, fMs = 400).score, 1e-12)
    }
}
