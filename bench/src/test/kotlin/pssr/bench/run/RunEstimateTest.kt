package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.measure.Windows
import java.time.Duration

/** `run --plan`'s arithmetic: what each shared JVM costs, and a shared JVM's warm-up until steady. */
class RunEstimateTest {
    private val webflux = RunEstimate.FrameworkPlan("webflux", routes = 5, startSeconds = 4.0, pageSeconds = 1.0)

    private fun quick(jvms: Int, cap: Long = 4) = RunPlan(
        levels = listOf(1, 32, 128),
        routeWarmup = Duration.ofSeconds(2),
        windows = Windows(Duration.ofSeconds(1), Duration.ofSeconds(2)),
        repeat = 2,
        itemDelayMs = 1,
        responseTimeout = Duration.ofSeconds(10),
        steadyCap = Duration.ofSeconds(cap),
        jvms = jvms,
    )

    @Test
    fun `each shared JVM of --jvms adds its start, stop and warm-up`() {
        val one = RunEstimate.seconds(webflux, quick(1), levels = 3, runtimes = 1, sharing = true)
        val two = RunEstimate.seconds(webflux, quick(2), levels = 3, runtimes = 1, sharing = true)
        assertEquals(4.0 + RunEstimate.STOP_S + RunEstimate.sharedWarmupSeconds(quick(2), 5), two - one, 1e-9)
        assertTrue(RunEstimate.text(listOf(webflux), quick(2), 3, 1, true, null).contains("2 shared JVMs per framework"))
    }

    @Test
    fun `a shared JVM's warm-up is counted within each route's minimum and the cap per route`() {
        assertEquals(20, RunEstimate.sharedWarmupSeconds(quick(1, cap = 4), 5), "the cap: 4 s x 5 routes")
        assertEquals(90, RunEstimate.sharedWarmupSeconds(quick(1, cap = 6), 18), "steady before the cap: 5 turns of 18 s")
        assertEquals(RunEstimate.TYPICAL_JVM_STEADY_S, RunEstimate.sharedWarmupSeconds(quick(1, cap = 8), 5), "a few routes: ~35 s")
        assertEquals(36, RunEstimate.sharedWarmupSeconds(quick(1, cap = 2), 18), "the fixed warm-up, 2 s per route")
    }

    @Test
    fun `--repeat-at's levels are counted with their own repetitions`() {
        val plain = RunEstimate.seconds(webflux, quick(1), levels = 3, runtimes = 1, sharing = true)
        val more = RunEstimate.seconds(webflux, quick(1).copy(repeatAt = mapOf(128 to 5)), levels = 3, runtimes = 1, sharing = true)
        assertEquals(5 * 3 * (1 + 2 + RunEstimate.LEVEL_OVERHEAD_S), more - plain, 1e-9, "5 routes x 3 more windows at 128 users")
        val text = RunEstimate.text(listOf(webflux), quick(1).copy(repeatAt = mapOf(32 to 5, 128 to 5)), 3, 1, true, null)
        assertTrue(text.contains("3 levels x 2 repetitions (5 at 32,128 users)"), text)
    }
}
