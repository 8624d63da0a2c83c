package pssr.bench.run

import pssr.bench.measure.Profiler
import pssr.bench.measure.Windows
import pssr.servers.RouteKey
import java.time.Duration

data class RunPlan(
    val levels: List<Int>,
    val routeWarmup: Duration,
    val windows: Windows,
    val repeat: Int,
    val itemDelayMs: Long,
    val responseTimeout: Duration,
    /** `--profile USERS`: after a route's levels (first repetition), a CPU and an allocation profile at these users. */
    val profileUsers: Int? = null,
    val profiler: Profiler? = null,
    /** `--steady-cap`: a route's warm-up goes on past [routeWarmup] until the JVM is steady, up to this much load
     * ([SteadyWarmup]). */
    val steadyCap: Duration = routeWarmup,
    /** `--first-repetition`: repetitions are numbered from this (reproduce's later rounds add repetitions beside the first
     * pass's). */
    val firstRepetition: Int = 1,
    /** `--jvms`: shared server JVMs per framework that the repetitions alternate over (1: one shared JVM). */
    val jvms: Int = 1,
    /** `--repeat-at`: levels (users) measured in more (or fewer) repetitions than [repeat]. */
    val repeatAt: Map<Int, Int> = emptyMap(),
    /**
     * `--saturate-to`: after the highest planned level, a route with a JVM of its own goes on doubling its users up to this
     * many until it is saturated ([Regime.saturated]); 0: the planned levels only (the quick run, shared JVMs, `--users`).
     */
    val saturateTo: Int = 0,
    /**
     * `--claims-only`: each route measured only at those of [levels] the seeds' claims read it at ([ClaimLevels], keyed by the
     * framework's name); a route no claim reads is not measured. Null: every route at every level.
     */
    val only: Map<RouteKey, Set<Int>>? = null,
) {
    /** The levels [route] is measured at: [levels], or those of them the claims read ([only]). */
    fun levelsOf(route: RouteKey): List<Int> = if (only == null) levels else levels.filter { it in only[route].orEmpty() }

    /** Measured windows of [route]: its levels' repetitions. */
    fun windowsOf(route: RouteKey): Int = levelsOf(route).sumOf(::repeatsAt)

    /** The shared JVM (0-based) that measures repetition [rep]: repetitions alternate, A B A B. */
    fun jvmOf(rep: Int): Int = (rep - firstRepetition) % jvms

    /** The repetitions of level [users]. */
    fun repeatsAt(users: Int): Int = repeatAt[users] ?: repeat

    /** Measured windows per route: every level's repetitions. */
    val windowsPerRoute: Int get() = levels.sumOf(::repeatsAt)

    /** Repetitions the run numbers: the most any level has (MeasurementOrder counts them the same way). */
    val repetitions: Int get() = MeasurementOrder.repetitions(levels, repeat, ::repeatsAt)
}
