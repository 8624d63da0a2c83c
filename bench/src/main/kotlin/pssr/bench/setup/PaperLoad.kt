package pssr.bench.setup

import pssr.bench.setup.Applied.NotApplied
import pssr.bench.setup.Applied.RunDefault

/** How seeds 000 and 001 loaded each route (§5.1 of both), as settings of their setups ([Setups]). */
internal object PaperLoad {
    /** Why `reproduce` keeps its time windows under the paper's setup ([RunDefault.notInReproduce]). */
    private const val REPRODUCE_WHY = "measured here, a level's window is users x 256 / its throughput: 3.1 s at 2 users on " +
        "Presentations, 6.1 s on Stocks, 12 s at 16 users on the blocking routes' 4 dispatcher threads (340 req/s), so about 96 s " +
        "at 128; paper-000's WebFlux pages went from 19 min to over 65, past the ledger's budget. Its pages phases give 1 s windows"
    private const val WARMUP_WHY = "the tool's warm-up is longer: 1,000 requests are 0.3 s of load here, the JIT needs 40-60 s, and the " +
        "levels after a short warm-up measured the compiler (docs/HARNESS.md); the repetitions are the intervals' (docs/CLAIMS.md)"

    /**
     * "we simulate 256 requests per user, scaling in increments up to 128 concurrent users": a default of `run` under the
     * setup (JMeter counts the requests), not of `reproduce` ([REPRODUCE_WHY]).
     */
    fun profile(source: String) = Setting(
        "load-profile",
        "Measured window per level",
        "256 requests per user",
        "a time window (1 s in reproduce's pages, 10 s in run)",
        source,
        RunDefault("--requests-per-user", "256", notInReproduce = REPRODUCE_WHY),
    )

    /** "a 1000-request warm up period for each route with a concurrent user load of 32 users" */
    fun warmUp(source: String, runs: String) = Setting(
        "warm-up",
        "Warm-up and runs",
        "1,000 requests at 32 users per route; $runs",
        "each route until its JIT is quiet, 1 s more per level; 3 repetitions (6 at 32-128 users in reproduce)",
        source,
        NotApplied(WARMUP_WHY),
    )
}
