package pssr.model.demo

import kotlinx.coroutines.future.await
import java.util.concurrent.CompletableFuture

/**
 * The single-value counterpart of [pssr.model.ItemFeed]: one asynchronous value as a template consumes it,
 * suspending ([await]) or blocking ([join], for a virtual thread). Before it waits for a value that has not
 * arrived yet, it calls [markupReady] (the sink's flush), so everything rendered so far reaches the
 * browser while the template waits. A value that is already there is returned without a flush.
 */
class Pending<T>(private val future: CompletableFuture<T>, private val markupReady: Runnable = Runnable {}) {
    suspend fun await(): T {
        if (!future.isDone) markupReady.run()
        return future.await()
    }

    fun join(): T {
        if (!future.isDone) markupReady.run()
        return future.join()
    }
}
