package pssr.servers

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.model.ItemDelay
import pssr.model.Model
import pssr.views.Approach
import pssr.views.Engine
import pssr.views.Engines
import pssr.views.ModelViews

class RouteTableTest {
    private val table = RouteTable("test", listOf(Approach.REACTIVE, Approach.VIRTUAL), mapOf("poolSize" to 4))

    @Test
    fun `routes come from the registry - every engine has a virtual route, only async engines a reactive one`() {
        assertEquals(Engines.all.size * 2, table.routes.count { it.approach == Approach.VIRTUAL })
        val reactive = table.routes.filter { it.approach == Approach.REACTIVE }.map { it.engine.name }.toSet()
        assertEquals(setOf("baseline", "htmlflow", "thymeleaf"), reactive)
    }

    @Test
    fun `an engine that reads its whole Iterable first never claims to stream`() {
        assertFalse(table.routes.first { it.engine.name == "trimou" }.streams)
        assertTrue(table.routes.first { it.engine.name == "jstachio" }.streams)
    }

    @Test
    fun `unknown names get a one-line message listing the valid ones`() {
        val miss = table.resolve("presentations", "mustache", "virtual") as RouteTable.Lookup.NotFound
        assertTrue(miss.message.contains("valid engines: baseline, htmlflow"), miss.message)
        assertFalse(miss.message.contains("\n"))
        val noReactive = table.resolve("stocks", "pebble", "reactive") as RouteTable.Lookup.NotFound
        assertTrue(noReactive.message.contains("it serves: virtual"), noReactive.message)
    }

    @Test
    fun `item delay is bounded to 0-1000 ms`() {
        assertEquals(ItemDelay(7), PageRequest.itemDelay("7", ItemDelay.DEFAULT).getOrThrow())
        assertEquals(ItemDelay.DEFAULT, PageRequest.itemDelay(null, ItemDelay.DEFAULT).getOrThrow())
        for (bad in listOf("-1", "5000", "abc", "")) assertTrue(PageRequest.itemDelay(bad, ItemDelay.DEFAULT).isFailure, bad)
    }

    @Test
    fun `routes json has one object per route with its settings`() {
        val json = table.toJson()
        assertEquals(table.routes.size, Regex("\"path\":").findAll(json).count())
        assertTrue(json.contains(""""path":"/presentations/jstachio/virtual","streams":true"""), json.take(400))
        assertTrue(json.contains(""""settings":{"poolSize":4}"""))
    }

    @Test
    fun `a pooled approach's routes name the server's pool with its threads, the others none, and the listing reads them back`() {
        val pool = Pool("the test pool", 8)
        val pooled = RouteTable("test", listOf(Approach.BLOCKING, Approach.VIRTUAL), emptyMap(), pool = pool)
        assertTrue(pooled.routes.filter { it.approach == Approach.BLOCKING }.all { it.pool == pool })
        assertTrue(pooled.routes.filter { it.approach == Approach.VIRTUAL }.all { it.pool == null })
        val listed = RoutesDocument.parse(pooled.toJson()).associate { it.path to it.pool }
        assertEquals(pool, listed["/presentations/jstachio/blocking"])
        assertEquals(null, listed["/presentations/jstachio/virtual"])
    }

    @Test
    fun `a server that serves a pooled approach must name its pool`() {
        val e = org.junit.jupiter.api.assertThrows<IllegalArgumentException> { RouteTable("test", listOf(Approach.BLOCKING), emptyMap()) }
        assertTrue(e.message!!.contains("name their pool"), e.message)
    }

    @Test
    fun `every page route names its workload`() {
        val json = table.toJson()
        assertEquals(table.routes.size, Regex("\"workload\":\"pages\"").findAll(json).count())
    }
}

class RoutesPerModelTest {
    /** An engine with a page for one model only: what a new model looks like in the engines that do not render it. */
    private object PresentationsOnly : Engine("presentations-only", "test engine") {
        override val views = ModelViews.of {
            add(Model.Presentations, Engines.byName("baseline")!!.view(Model.Presentations))
        }
    }

    @Test
    fun `an engine serves routes only for the models it has views for`() {
        val table = RouteTable("test", listOf(Approach.VIRTUAL), emptyMap(), engines = listOf(PresentationsOnly))
        assertEquals(listOf("/presentations/presentations-only/virtual"), table.routes.map { it.path })
        val miss = table.resolve("stocks", "presentations-only", "virtual") as RouteTable.Lookup.NotFound
        assertTrue(miss.message.contains("presentations-only"), miss.message)
    }
}
