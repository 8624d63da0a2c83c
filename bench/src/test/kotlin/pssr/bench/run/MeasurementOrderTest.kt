package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** The order routes are measured in: alternating, so that order and drift cancel over the repetitions. */
class MeasurementOrderTest {
    private val routes = listOf("A", "B", "C")

    private fun orderAt(level: Int, rep: Int, sharing: Boolean = true) =
        MeasurementOrder.slots(routes, listOf(1, 32, 128), 4, sharing).filter { it.second == rep && level in it.third }.map { it.first }

    @Test
    fun `on a shared JVM the second repetition of a level runs the mirrored order of the first (A B C, C B A)`() {
        assertEquals(listOf("A", "B", "C"), orderAt(1, 1))
        assertEquals(listOf("C", "B", "A"), orderAt(1, 2))
    }

    @Test
    fun `on a shared JVM the route that comes first after a level change differs from level to level`() {
        assertEquals(listOf("A", "B", "C"), listOf(1, 32, 128).map { orderAt(it, 1).first() })
    }

    @Test
    fun `over a mirrored pair every route's places add up to the same, so a place's cost is shared alike`() {
        for (level in listOf(1, 32, 128)) {
            val places = routes.associateWith { r -> orderAt(level, 1).indexOf(r) + orderAt(level, 2).indexOf(r) }
            assertEquals(setOf(2), places.values.toSet(), "level $level: $places")
        }
    }

    @Test
    fun `on a shared JVM every repetition measures all routes at a level before the next level`() {
        val slots = MeasurementOrder.slots(routes, listOf(1, 32), 2, sharing = true)
        assertEquals(listOf(1, 1, 1, 32, 32, 32, 1, 1, 1, 32, 32, 32), slots.map { it.third.single() })
    }

    @Test
    fun `with fresh JVMs each repetition measures every route once, rotated by one`() {
        val slots = MeasurementOrder.slots(routes, listOf(1, 32), 3, sharing = false)
        assertEquals(listOf("A", "B", "C", "B", "C", "A", "C", "A", "B"), slots.map { it.first })
        assertEquals(listOf(1, 1, 1, 2, 2, 2, 3, 3, 3), slots.map { it.second })
        assertEquals(setOf(listOf(1, 32)), slots.map { it.third }.toSet())
    }

    @Test
    fun `--repeat-at measures its levels in the extra repetitions only, after every level's own, on a shared JVM`() {
        val slots = MeasurementOrder.slots(listOf("A", "B"), listOf(1, 32, 128), 1, sharing = true) { if (it >= 32) 3 else 1 }
        assertEquals(listOf(1, 1, 32, 32, 128, 128, 32, 32, 128, 128, 32, 32, 128, 128), slots.map { it.third.single() })
        assertEquals(List(6) { 1 } + List(4) { 2 } + List(4) { 3 }, slots.map { it.second })
        fun at(level: Int, rep: Int) = slots.filter { it.second == rep && it.third.single() == level }.map { it.first }
        assertEquals(at(32, 1).reversed(), at(32, 2), "the extra repetition mirrors the first, A B B A")
    }

    @Test
    fun `--repeat-at with fresh JVMs gives the extra repetitions only the levels that have them`() {
        val slots = MeasurementOrder.slots(routes, listOf(1, 32), 1, sharing = false) { if (it == 32) 2 else 1 }
        assertEquals(listOf(listOf(1, 32), listOf(1, 32), listOf(1, 32), listOf(32), listOf(32), listOf(32)), slots.map { it.third })
        assertEquals(listOf(1, 1, 1, 2, 2, 2), slots.map { it.second })
    }
}
