package pssr.views

import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import pssr.model.ItemDelay
import pssr.model.Model
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CopyOnWriteArrayList

/**
 * PSSR at the engine level: with a slow source (50 ms per item), item 1's markup has reached the sink
 * before item 2 is even emitted — for every engine and every way it renders. An engine that collects the
 * items first, or keeps them in its own buffer, fails here. Engines that declare [Engine.readAhead] get
 * exactly that many items of slack when rendering from an Iterable, and must really need it.
 */
class ProgressiveRenderingTest {
    companion object {
        @JvmStatic fun cases() = Case.all()
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    fun `item 1 reaches the sink before item 2 is emitted`(case: Case) {
        @Suppress("UNCHECKED_CAST")
        val model = case.model as Model<Any>
        val emitted = ConcurrentHashMap<Int, Long>()
        var index = 0
        val source = model.repository.findAll(ItemDelay(50)).doOnNext { emitted[++index] = System.nanoTime() }
        val chunks = CopyOnWriteArrayList<Pair<Long, String>>()
        Render.page(case.engine.view(model), case.rendering, source, ChunkWriter { chunks += System.nanoTime() to it })

        var seen = ""
        val firstItemAt = chunks.firstOrNull { (_, chunk) ->
            seen += chunk
            seen.contains(model.itemMarker)
        }?.first
            ?: fail("$case: no item markup at all")
        // Engines that read ahead (Engine.readAhead) can only send item 1 once item 2 is in hand.
        val declared = if (case.rendering == Rendering.ITERABLE) case.engine.readAhead else 0
        val lag = declared.coerceAtMost(model.items.size - 1)
        val deadline = if (declared == Engine.ALL_ITEMS) {
            Long.MAX_VALUE
        } else {
            emitted[2 + lag] ?: fail("$case: item ${2 + lag} never emitted")
        }
        assertTrue(
            firstItemAt < deadline,
            "$case: item 1 reached the sink ${(firstItemAt - deadline) / 1_000_000} ms after item ${2 + lag} was emitted",
        )
        if (lag > 0) {
            assertTrue(
                firstItemAt > emitted[1 + lag]!!,
                "$case: declares readAhead=$lag but sent item 1 before item ${1 + lag} arrived: the declaration is wrong",
            )
        }
        // An engine that holds the page until the source ends (Qute) may hand it over in one piece; the others send a chunk per item.
        if (declared != Engine.ALL_ITEMS) {
            assertTrue(chunks.size >= model.items.size, "$case: ${chunks.size} chunks for ${model.items.size} items")
        }
    }
}
