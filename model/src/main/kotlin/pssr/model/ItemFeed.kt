package pssr.model

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.disposables.Disposable
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.rx3.asFlow
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.LinkedBlockingQueue

/**
 * One render's view of a model's source, in the shape each approach consumes: a blocking [iterable]
 * (blocking and virtual-thread rendering), a Kotlin [flow] (suspending) or an [observable] (reactive). Nothing is subscribed before the
 * consumer asks for the first item.
 *
 * [markupReady] is called whenever everything rendered so far is complete and the renderer is about to
 * wait for the next item: after the page head, then after each item. The caller passes its sink's
 * flush, so every engine streams exactly one chunk per item without knowing about flushing (an engine
 * asks for item k+1 only after it has written item k).
 */
class ItemFeed<T : Any>(private val source: Observable<T>, private val markupReady: Runnable = Runnable {}) : AutoCloseable {
    private val subscriptions = CopyOnWriteArrayList<Disposable>()

    /**
     * Stops the source for a render that ends early (client gone, template error): the blocking
     * iterators' subscriptions are disposed, so no timer keeps emitting into a queue nobody reads.
     * Reactive consumers cancel through their own subscription.
     */
    override fun close() {
        subscriptions.forEach { it.dispose() }
        subscriptions.clear()
    }

    /** Blocking view: each `hasNext()` that has to wait first calls [markupReady], then blocks (virtual-thread friendly). */
    fun iterable(): Iterable<T> {
        // Some engines call iterator() more than once (e.g. an emptiness check, then the loop): all
        // iterators share one subscription, replaying what has arrived so far.
        val shared = source.replay().autoConnect(1) { upstream -> subscriptions += upstream }
        return Iterable { BlockingIterator(shared) }
    }

    fun observable(): Observable<T> = source.doOnSubscribe { markupReady.run() }.doAfterNext { markupReady.run() }

    fun flow(): Flow<T> = flow {
        markupReady.run()
        source.asFlow().collect {
            emit(it)
            markupReady.run()
        }
    }

    private inner class BlockingIterator(private val items: Observable<T>) : Iterator<T> {
        private val arrivals = LinkedBlockingQueue<Any>()
        private var subscription: Disposable? = null
        private var next: Any? = null

        override fun hasNext(): Boolean {
            if (next == null) {
                markupReady.run()
                if (subscription == null) {
                    subscription = items.subscribe(arrivals::put, { arrivals.put(Failure(it)) }, { arrivals.put(End) })
                        .also { subscriptions += it }
                }
                next = arrivals.take()
            }
            val n = next
            if (n is Failure) throw SourceFailedException(n.error)
            return n !== End
        }

        override fun next(): T {
            if (!hasNext()) throw NoSuchElementException()
            @Suppress("UNCHECKED_CAST")
            val item = next as T
            next = null
            return item
        }
    }

    private object End
    private class Failure(val error: Throwable)
}

/** The data source failed while a page was being rendered. */
class SourceFailedException(cause: Throwable) : RuntimeException("item source failed: ${cause.message}", cause)
