package pssr.bench.setup

import pssr.bench.setup.Applied.NotApplied
import pssr.bench.setup.Applied.RunDefault

/** How seeds 000 and 001 loaded each route (§5.1 of both), as settings of their setups ([Setups]). */
internal object PaperLoad {
    private const val PROFILE_NOTE = "with JMeter and ab; wrk cannot count requests per user, so `--ours driver` measures wrk's time " +
        "windows: that one-factor run turns the profile back with the driver"
    private const val WARMUP_WHY = "the tool's warm-up is longer: 1,000 requests are 0.3 s of load here, the JIT needs 40-60 s, and the " +
        "levels after a short warm-up measured the compiler (docs/HARNESS.md); the repetitions are the intervals' (docs/CLAIMS.md)"

    /** "we simulate 256 requests per user, scaling in increments up to 128 concurrent users" */
    fun profile(source: String) = Setting(
        "load-profile",
        "Measured window per level",
        "256 requests per user",
        "a time window (1 s in reproduce's pages, 10 s in run)",
        source,
        RunDefault("--requests-per-user", "256"),
        machine = PROFILE_NOTE,
    )

    /** "a 1000-request warm up period for each route with a concurrent user load of 32 users" */
    val WARM_UP = Setting(
        "warm-up",
        "Warm-up and runs",
        "1,000 requests at 32 users per route; 5 runs",
        "each route until its JIT is quiet, 1 s more per level; 3 repetitions (6 at 32-128 users in reproduce)",
        "§5.1",
        NotApplied(WARMUP_WHY),
    )
}
