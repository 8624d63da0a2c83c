package pssr.bench.paper

/**
 * Seed 004's findings, as the paper states them (JMeter; MacBook Pro, 6-core i7; its sizes read as ratios). The one copy: the
 * API report quotes them, claims/Seed004 states and judges its claims from them.
 */
object Seed004Figures {
    const val SOURCE = "seed 004, sections 3.1.2 and 3.2.2"
    const val PRODUCTS = "compute-bound (1,000 users, 1 s ramp-up, 10,000 loops): MVC about 4x the throughput of WebFlux and about 4x " +
        "faster on average, also at p95 and p99"
    const val FORWARD = "network-bound (25 users, 1 s ramp-up, 10,000 loops): WebFlux about 4x MVC in throughput and more than 4x faster " +
        "on average"

    /** The size of every comparison the paper gives: "about 4x" (and "more than 4x" for forward's mean latency). */
    const val RATIO = 4.0

    /** Its Apdex thresholds (Figures 4 and 9): satisfied up to 500 ms, frustrated past 1.5 s: "within 500 ms to 1.5 s". */
    const val APDEX_T_MS = 500.0
    const val APDEX_F_MS = 1500.0
}
