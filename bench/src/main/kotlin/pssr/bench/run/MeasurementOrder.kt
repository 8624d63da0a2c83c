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
    /** (route, repetition, levels) in measuring order. */
    fun <R> slots(routes: List<R>, levels: List<Int>, repeat: Int, sharing: Boolean, first: Int = 1): List<Triple<R, Int, List<Int>>> =
        if (!sharing) {
            (first until first + repeat).flatMap { rep -> order(routes, rep - 1, mirrored = false).map { r -> Triple(r, rep, levels) } }
        } else {
            (first until first + repeat).flatMap { rep ->
                levels.withIndex().flatMap { (i, u) ->
                    order(routes, i + (rep - 1) / 2, mirrored = rep % 2 == 0).map { r -> Triple(r, rep, listOf(u)) }
                }
            }
        }

    /** [routes] rotated left by [shift], then reversed when [mirrored]. */
    fun <T> order(routes: List<T>, shift: Int, mirrored: Boolean): List<T> {
        if (routes.isEmpty()) return routes
        val k = shift % routes.size
        val rotated = routes.drop(k) + routes.take(k)
        return if (mirrored) rotated.reversed() else rotated
    }
}
