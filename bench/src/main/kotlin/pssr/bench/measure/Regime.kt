package pssr.bench.measure

/**
 * What limited a closed-loop level, so that a figure is read for what it measures (docs/HARNESS.md, "The regime of a level"):
 * - [FLOOR]: throughput at least [FLOOR_SHARE] of the latency floor (users / (items x item delay)) with cores to spare: the item
 *   delay sets the figure, and nothing about the stack can be read from it;
 * - [CPU]: the machine's cores at least [CORES_BUSY] busy below that share: the cores are the limit, and the stack's CPU per
 *   request decides the figure;
 * - [KNEE]: both at once: the route is leaving the floor as the cores run out, the steep part of its curve, where a slightly
 *   different CPU moves the figure most;
 * - [DRIVER]: the driver, not the server, limited the level ([LevelRun]'s driver-bound rule, checked first);
 * - [POOL]: more users than the threads of the bounded pool the route's requests each hold one of (`GET /routes`' pool), and
 *   throughput at least [FLOOR_SHARE] of that pool's floor (its threads / (items x item delay)) with cores to spare: the pool's
 *   size sets the figure, not the stack's CPU;
 * - [OVERLOADED]: past the knee: the level below was CPU-bound (or already overloaded) and throughput fell by more than
 *   [STILL_RISING] as the users rose, with the cores no longer all busy (read over a route's levels, [overloaded]);
 * - [OTHER]: none of these: something else held it back (a lock, the driver's own latency, a buffer), with what was measured.
 * [UNKNOWN] where the figures were not recorded (files written before the machine's CPU was read, open-model and API rows).
 */
enum class Regime(val id: String) {
    FLOOR("floor"),
    CPU("cpu"),
    KNEE("knee"),
    DRIVER("driver"),
    POOL("pool"),
    OVERLOADED("overloaded"),
    OTHER("other"),
    UNKNOWN(""),
    ;

    companion object {
        /**
         * A level at or above this share of its floor is the floor's: a route on the floor reads 0.80-0.90 of it (a request's
         * own overhead on top of the items' 10 ms); below, something slows it (docs/HARNESS.md, "The regime of a level").
         */
        const val FLOOR_SHARE = 0.80

        /**
         * The machine's cores at least this busy: CPU-bound. A closed loop on 2 cores never reads 100% (the loop's own gaps, the
         * clock ticks of /proc); every WebFlux and MVC route of the quick run read 0.91-0.97 at 128 users here.
         */
        const val CORES_BUSY = 0.90

        /** [poolShare]: throughput over the pool's floor where the level had more users than the pool has threads, else NaN. */
        fun of(floorShare: Double, coresBusy: Double, driverBound: Boolean, poolShare: Double = Double.NaN): Regime {
            if (driverBound) return DRIVER
            val atFloor = floorShare >= FLOOR_SHARE
            val busy = coresBusy >= CORES_BUSY
            return when {
                coresBusy.isNaN() && floorShare.isNaN() -> UNKNOWN
                atFloor && busy -> KNEE
                atFloor -> FLOOR
                busy -> CPU
                coresBusy.isNaN() -> UNKNOWN
                poolShare >= FLOOR_SHARE -> POOL
                else -> OTHER
            }
        }

        /**
         * A level's throughput over its pool's floor ([poolFloorRps]: what the pool's [poolThreads] threads deliver when each is held
         * for a whole page, threads / (items x item delay)); NaN where the pool does not bound the level (no pool, no more users
         * than threads, no floor).
         */
        fun poolShare(throughputRps: Double, poolFloorRps: Double, users: Int, poolThreads: Int): Double =
            if (poolThreads in 1 until users && poolFloorRps > 0) throughputRps / poolFloorRps else Double.NaN

        /**
         * [regime] of a level whose level below (fewer users) read [below] at [belowRps]: [OVERLOADED] where that one was CPU-bound
         * (or overloaded) and this one, no longer CPU-bound itself ([OTHER]), fell by more than [STILL_RISING] from it.
         */
        fun overloaded(regime: Regime, rps: Double, below: Regime, belowRps: Double): Regime =
            if (regime == OTHER && below in setOf(CPU, KNEE, OVERLOADED) && rps < belowRps * (1 - STILL_RISING)) OVERLOADED else regime

        /** Throughput rising by less than this from one doubling of the users to the next: it has stopped rising. */
        const val STILL_RISING = 0.05

        /**
         * A route is saturated at a level when more users cannot tell more about its stack: the cores were busy there
         * ([CPU] or [KNEE]) and its throughput rose by less than [STILL_RISING] over the level before; or the driver limited
         * it; or errors appeared (timeouts under too many users).
         */
        fun saturated(previousRps: Double, rps: Double, regime: Regime, errors: Long): Boolean = when {
            errors > 0 || regime == DRIVER -> true
            regime != CPU && regime != KNEE -> false
            else -> !(previousRps > 0) || rps < previousRps * (1 + STILL_RISING)
        }

        fun byId(id: String): Regime = entries.firstOrNull { it.id == id } ?: UNKNOWN
    }
}
