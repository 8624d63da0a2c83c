package pssr.model

import io.reactivex.rxjava3.core.Observable
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.lang.management.ManagementFactory
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

class ItemFeedTest {
    private val repository = Repository(listOf("a", "b", "c", "d", "e"))

    @Test
    fun `the source is emitted one item per delay, in order`() {
        val start = System.nanoTime()
        val items = repository.findAll(ItemDelay(20)).toList().blockingGet()
        val elapsedMs = (System.nanoTime() - start) / 1_000_000
        assertEquals(listOf("a", "b", "c", "d", "e"), items)
        assertTrue(elapsedMs >= 5 * 20 - 5, "5 items x 20 ms took only $elapsedMs ms")
    }

    @Test
    fun `nothing is subscribed before the consumer asks for the first item`() {
        var subscribed = false
        val feed = ItemFeed(repository.findAll(ItemDelay.NONE).doOnSubscribe { subscribed = true })
        val iterator = feed.iterable().iterator()
        assertFalse(subscribed)
        assertTrue(iterator.hasNext())
        assertTrue(subscribed)
    }

    @Test
    fun `markup is handed over after the head and after every item, before each wait`() {
        val ready = AtomicInteger()
        val items = ItemFeed(repository.findAll(ItemDelay(1)), Runnable { ready.incrementAndGet() }).iterable().toList()
        assertEquals(5, items.size)
        assertEquals(6, ready.get(), "head + one per item (the last wait finds the end)")
    }

    @Test
    fun `iterating twice replays the same items from one subscription`() {
        val subscriptions = AtomicInteger()
        val iterable = ItemFeed(repository.findAll(ItemDelay(1)).doOnSubscribe { subscriptions.incrementAndGet() }).iterable()
        assertEquals(iterable.toList(), iterable.toList())
        assertEquals(1, subscriptions.get())
    }

    @Test
    fun `a failing source surfaces as an exception in the iterating thread`() {
        val failing = Observable.just("a").concatWith(Observable.error(IllegalStateException("disk on fire")))
        val iterator = ItemFeed(failing).iterable().iterator()
        assertEquals("a", iterator.next())
        val e = runCatching { iterator.hasNext() }.exceptionOrNull()
        assertTrue(e is SourceFailedException && e.message!!.contains("disk on fire"), "$e")
    }

    @Test
    fun `closing the feed of an abandoned render stops its source`() {
        val emitted = AtomicInteger()
        val feed = ItemFeed(Repository((1..50).toList()).findAll(ItemDelay(5)).doOnNext { emitted.incrementAndGet() })
        val iterator = feed.iterable().iterator()
        iterator.next()
        feed.close()
        Thread.sleep(60)
        val after = emitted.get()
        Thread.sleep(60)
        assertEquals(after, emitted.get(), "no more items after close")
        assertTrue(after < 50)
    }

    /** The simulated I/O is a timer: 200 requests waiting for their items do not hold 200 platform threads. */
    @Test
    fun `two hundred in-flight renders on virtual threads add no platform thread per request`() {
        val threads = ManagementFactory.getThreadMXBean()
        val before = threads.threadCount
        var peak = before
        Executors.newVirtualThreadPerTaskExecutor().use { pool ->
            val done = (1..200).map { pool.submit<Int> { ItemFeed(repository.findAll(ItemDelay(30))).iterable().count() } }
            repeat(10) {
                peak = maxOf(peak, threads.threadCount)
                Thread.sleep(10)
            }
            assertTrue(done.all { it.get(10, TimeUnit.SECONDS) == 5 })
        }
        assertTrue(peak - before < 20, "platform threads grew from $before to $peak for 200 in-flight renders")
    }
}
