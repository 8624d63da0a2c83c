package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test
import pssr.bench.console.UsageError
import pssr.model.Model
import pssr.servers.ListedRoute

/** `--also`: single routes besides the filters' cross product, in the same run. */
class SelectionTest {
    private fun route(engine: String, approach: String, model: String = "presentations") =
        ListedRoute(Model.byId(model)!!, engine, approach, "/$engine/$approach", true, emptyMap(), "webflux")

    @Test
    fun `--also adds its routes and nothing else of their engine`() {
        val s = Selection().apply {
            engines = listOf("htmlflow")
            approaches = listOf("suspending", "blocking")
            also = listOf("pebble/blocking/presentations")
        }
        s.validate()
        val all = listOf(
            route("htmlflow", "blocking"),
            route("htmlflow", "virtual"),
            route("pebble", "blocking"),
            route("pebble", "virtual"),
            route("pebble", "blocking", "stocks"),
        )
        assertEquals(listOf("htmlflow/blocking", "pebble/blocking"), all.filter(s::accepts).map { "${it.engine}/${it.approach}" })
        assertEquals(listOf("pebble/blocking/presentations"), s.asMap()["also"])
    }

    @Test
    fun `an --also route with an unknown name is refused`() {
        for (bad in listOf("pebble/blocking", "nope/blocking/presentations", "pebble/nope/presentations", "pebble/blocking/nope")) {
            assertThrows(UsageError::class.java) { Selection().apply { also = listOf(bad) }.validate() }
        }
    }
}
