package pssr.bench.measure

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class JmeterWindowTest {
    /** [users] users each sending [n] requests of [ms] back to back from t = 0. */
    private fun steady(users: Int, n: Int, ms: Int, code: String = "200", success: Boolean = true) = (1..users).flatMap { u ->
        (0 until n).map { i -> Sample("u$users", "u-$u", i * ms.toLong(), ms, 1, success, code) }
    }

    @Test
    fun `one timed-out first request does not collapse a 128-user level to one user's rate`() {
        val samples = steady(128, 100, 10).map { s ->
            // user 1's first request waited 10 s for nothing; its other requests came after
            if (s.thread == "u-1") {
                s.copy(
                    startMillis = if (s.startMillis == 0L) 0 else s.startMillis + 10_000 - 10,
                    elapsedMs = if (s.startMillis == 0L) 10_000 else 10,
                    success = s.startMillis != 0L,
                    code = if (s.startMillis == 0L) "Non HTTP response code: java.net.SocketTimeoutException" else "200",
                )
            } else {
                s
            }
        }
        val w = JmeterWindow.of(samples)
        val rate = (w.completed - w.errors.answered) / w.seconds
        assertTrue(rate > 100 * 100 * 0.8, "about 127 users x 100 req/s, was $rate")
    }

    @Test
    fun `the window closes when the first user is done, so the tail with fewer users sending is not measured`() {
        // 127 users finish at 1 s; one slow user keeps going alone until 2 s
        val samples = steady(127, 100, 10) + (0 until 200).map { i -> Sample("u128", "u-slow", i * 10L, 10, 1, true, "200") }
        val w = JmeterWindow.of(samples)
        assertTrue(w.endMillis <= 1000, "closed at ${w.endMillis}")
        val rate = (w.completed - w.errors.answered) / w.seconds
        assertEquals(128 * 100.0, rate, 128 * 100.0 * 0.05)
    }

    @Test
    fun `failed responses are in the latency histogram and counted by kind`() {
        val ok = steady(4, 50, 10)
        val slowFailures = (1..4).map { u -> Sample("u4", "u-$u", 500L + 5, 900, 1, false, "500") }
        val w = JmeterWindow.of(ok + slowFailures)
        assertEquals(900_000, w.latency.maxValue / 1000 * 1000, "the 900 ms failures set the max")
        assertEquals(4, w.errors.status)
    }
}
