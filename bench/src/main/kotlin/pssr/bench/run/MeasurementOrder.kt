package pssr.bench.run

/**
 * The order levels are measured in, so that neither the order nor the machine's drift favours a route in a
 * comparison (docs/HARNESS.md, "Order"). Fresh JVMs: repetition by repetition, every route once per repetition,
 * the routes' order rotated by one each repetition. A shared JVM (--quick, --target): level by level within a
 * repetition, every route at each level before the next (the routes compared at a level were measured at about
 * the same age of the JVM); at each level the order is mirrored every other repetition (A B C, then C B A, as in
 * an A B B A design) and rotated by the level and the repetition pair, so the first route after a level change,
 * which pays for it, is a different one each time.
 */
internal object MeasurementOrder {
    /**
     * (route, repetition, levels) in measuring order. [repeatsAt] gives a level's repetitions where it differs from
     * [repeat] (`--repeat-at`): a repetition past a level's count leaves that level out, so the extra repetitions measure
     * only the levels that have them, in the same order as the others (the rotation counts a level's place among all).
     */
    fun <R> slots(
        routes: List<R>,
        levels: List<Int>,
        repeat: Int,
        sharing: Boolean,
        first: Int = 1,
        repeatsAt: (Int) -> Int = { repeat },
    ): List<Triple<R, Int, List<Int>>> {
        val repetitions = repetitions(levels, repeat, repeatsAt)
        fun levelsOf(rep: Int) = levels.withIndex().filter { (_, u) -> repeatsAt(u) > rep - first }
        return if (!sharing) {
            (first until first + repetitions).flatMap { rep ->
                val here = levelsOf(rep).map { it.value }
                if (here.isEmpty()) emptyList() else order(routes, rep - 1, mirrored = false).map { r -> Triple(r, rep, here) }
            }
        } else {
            (first until first + repetitions).flatMap { rep ->
                levelsOf(rep).flatMap { (i, u) ->
                    order(routes, i + (rep - 1) / 2, mirrored = rep % 2 == 0).map { r -> Triple(r, rep, listOf(u)) }
                }
            }
        }
    }

    /** The repetitions a run numbers: the most any level has. */
    fun repetitions(levels: List<Int>, repeat: Int, repeatsAt: (Int) -> Int): Int = levels.maxOfOrNull(repeatsAt) ?: repeat

    /** [routes] rotated left by [shift], then reversed when [mirrored]. */
    fun <T> order(routes: List<T>, shift: Int, mirrored: Boolean): List<T> {
        if (routes.isEmpty()) return routes
        val k = shift % routes.size
        val rotated = routes.drop(k) + routes.take(k)
        return if (mirrored) rotated.reversed() else rotated
    }
}
