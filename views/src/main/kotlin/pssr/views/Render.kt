package pssr.views

import io.reactivex.rxjava3.core.Observable
import kotlinx.coroutines.runBlocking
import pssr.model.ItemDelay
import pssr.model.ItemFeed
import pssr.model.Model
import java.io.Writer

/**
 * Runs one render of [view] through [rendering], pulling items from [source] via an [ItemFeed] whose
 * per-item flush goes to [out]. Blocks the calling thread until the page is written; servers do the same
 * steps on their own threads. Used by tests, JMH and the CLI.
 */
object Render {
    fun <T : Any> page(view: PageView<T>, rendering: Rendering, source: Observable<T>, out: Writer) {
        ItemFeed(source) { out.flush() }.use { feed -> render(view, rendering, feed, out) }
        out.flush()
    }

    private fun <T : Any> render(view: PageView<T>, rendering: Rendering, feed: ItemFeed<T>, out: Writer) {
        when (rendering) {
            Rendering.ITERABLE -> view.iterable.render(feed.iterable(), out)

            Rendering.ASYNC -> requireNotNull(view.async) { "no async render" }
                .render(feed.observable(), out).toCompletableFuture().join()

            Rendering.SUSPENDING -> runBlocking {
                requireNotNull(view.suspending) { "no suspending render" }.render(feed.flow(), out)
            }
        }
    }

    /** The whole page as one string, with items from the model's repository at [delay]. */
    fun <T : Any> toString(
        engine: Engine,
        model: Model<T>,
        rendering: Rendering = Rendering.ITERABLE,
        delay: ItemDelay = ItemDelay.NONE,
    ): String {
        val page = StringBuilder(16 * 1024)
        page(engine.view(model), rendering, model.repository.findAll(delay), ChunkWriter { page.append(it) })
        return page.toString()
    }
}
