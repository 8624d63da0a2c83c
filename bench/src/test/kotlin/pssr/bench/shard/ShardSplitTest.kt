package pssr.bench.shard

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.console.UsageError
import pssr.bench.results.Shard
import pssr.model.Model
import pssr.servers.ListedRoute
import java.util.Random

/** `--shard K/N`: every selected route in exactly one shard, the same split every time, equal parts, a reference per model. */
class ShardSplitTest {
    private val engines = listOf("baseline", "jstachio", "htmlflow", "thymeleaf", "rocker", "pebble", "kotlinx")
    private fun routes(framework: String) = Model.all.flatMap { m ->
        engines.flatMap { e ->
            listOf("virtual", "reactive").map { a ->
                ListedRoute(m, e, a, "/${m.id}/$e/$a", true, emptyMap(), framework)
            }
        }
    }

    @Test
    fun `each route is in exactly one shard, the parts within one route of each other`() {
        for (n in 1..5) {
            for (fw in listOf("webflux", "mvc", "quarkus")) {
                val parts = (1..n).map { Shard(it, n).owned(fw, routes(fw)) }
                assertEquals(routes(fw).size, parts.sumOf { it.size }, "$fw in $n shards")
                assertEquals(routes(fw).size, parts.flatten().toSet().size, "no route twice")
                assertTrue(parts.maxOf { it.size } - parts.minOf { it.size } <= 1, "balanced: ${parts.map { it.size }}")
            }
        }
    }

    @Test
    fun `the split does not depend on the order the server lists its routes in`() {
        val listed = routes("webflux")
        assertEquals(Shard(2, 3).owned("webflux", listed), Shard(2, 3).owned("webflux", listed.reversed().shuffled(Random(7))))
    }

    @Test
    fun `the reference of each model is its baseline route`() {
        val refs = Shard.references(routes("webflux"))
        assertEquals(Model.all.map { it.id }.toSet(), refs.map { it.model.id }.toSet())
        assertTrue(refs.all { it.engine == "baseline" && it.approach == "reactive" }, "$refs")
    }

    @Test
    fun `K slash N is checked`() {
        assertEquals(Shard(2, 4), Shard.parse("2/4"))
        for (bad in listOf("0/3", "4/3", "2", "a/b", "1/0")) assertThrows(UsageError::class.java) { Shard.parse(bad) }
    }
}
