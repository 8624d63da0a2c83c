package pssr.views

import io.reactivex.rxjava3.core.Observable
import kotlinx.coroutines.flow.Flow
import pssr.model.Model
import java.io.IOException
import java.io.Writer
import java.util.concurrent.CompletionStage

/** Renders a page while pulling its items from a blocking [Iterable] (blocking and virtual-thread approaches). */
fun interface IterableRender<T : Any> {
    @Throws(IOException::class)
    fun render(items: Iterable<T>, out: Writer)
}

/** Renders a page from an asynchronous source without blocking; completes when the page is written. */
fun interface AsyncRender<T : Any> {
    fun render(items: Observable<T>, out: Writer): CompletionStage<*>
}

/** Renders a page inside a coroutine that suspends while it waits for items. */
fun interface SuspendingRender<T : Any> {
    suspend fun render(items: Flow<T>, out: Writer)
}

/**
 * One model's page in one engine. Every engine can render from an [Iterable]; engines that consume
 * asynchronous data natively also offer [async] and/or [suspending].
 */
class PageView<T : Any>(val iterable: IterableRender<T>, val async: AsyncRender<T>? = null, val suspending: SuspendingRender<T>? = null) {
    fun supports(rendering: Rendering): Boolean = when (rendering) {
        Rendering.ITERABLE -> true
        Rendering.ASYNC -> async != null
        Rendering.SUSPENDING -> suspending != null
    }
}

/**
 * An engine's pages, one [PageView] per model it renders, keyed by the model. A new model adds an entry in
 * the engines that render it; an engine without one simply serves no route for that model.
 */
class ModelViews private constructor(private val byModel: Map<Model<*>, PageView<*>>) {
    /** The models this engine renders, in the order they were added. */
    val models: Set<Model<*>> get() = byModel.keys

    @Suppress("UNCHECKED_CAST")
    operator fun <T : Any> get(model: Model<T>): PageView<T>? = byModel[model] as PageView<T>?

    class Builder {
        private val views = LinkedHashMap<Model<*>, PageView<*>>()

        fun <T : Any> add(model: Model<T>, view: PageView<T>): Builder = apply {
            require(views.put(model, view) == null) { "two views for model $model" }
        }

        fun build() = ModelViews(views.toMap())
    }

    companion object {
        @JvmStatic fun builder() = Builder()
        fun of(block: Builder.() -> Unit): ModelViews = Builder().apply(block).build()
    }
}

/**
 * A template engine: its pages ([views], one per model) rendered item by item into a [Writer]. One file per
 * engine; register it in [Engines].
 */
abstract class Engine(val name: String, val description: String) {
    /**
     * How many items the engine's loop reads ahead of the one it renders, when it renders from an
     * Iterable. Engines that expose "is this the last item?" to templates call `hasNext()` before they
     * render the current item, so each item's markup leaves only when the next item has arrived (or the
     * source ended). Declared per engine and proved by ProgressiveRenderingTest.
     */
    open val readAhead: Int get() = 0

    companion object {
        /** [readAhead] of an engine that reads the whole Iterable before it renders the first item. */
        const val ALL_ITEMS = Int.MAX_VALUE
    }

    /** This engine's page for each model it renders. */
    abstract val views: ModelViews

    /** The page for [model]; an engine that does not render it is refused with the models it does render. */
    fun <T : Any> view(model: Model<T>): PageView<T> = views[model]
        ?: throw IllegalArgumentException("engine $name has no $model page; it renders: ${views.models.joinToString(", ")}")

    fun renders(model: Model<*>): Boolean = views[model] != null

    /** Whether this engine renders [model] through [approach]. */
    fun supports(model: Model<*>, approach: Approach): Boolean = views[model]?.supports(approach.rendering) == true

    /**
     * This engine with a server's [settings] applied: a new instance when a setting concerns it, else itself.
     * Settings are configuration passed in, so no server changes an engine another server (or test) uses.
     */
    open fun configured(settings: EngineSettings): Engine = this

    /** Whether every model this engine renders can be rendered through [approach]. */
    fun supports(approach: Approach): Boolean = views.models.all { supports(it, approach) }

    override fun toString() = name
}

/** Engine options a server may set; each engine reads the ones that concern it in [Engine.configured]. */
data class EngineSettings(
    /** Thymeleaf's reactive data-driver: items gathered before a chunk is rendered (Thymeleaf's own default: 10). */
    val thymeleafDataDriverBufferSize: Int = 1,
) {
    init {
        require(thymeleafDataDriverBufferSize >= 1) {
            "the Thymeleaf data-driver buffer must be >= 1 item, was $thymeleafDataDriverBufferSize"
        }
    }

    companion object {
        @JvmField val DEFAULT = EngineSettings()
    }
}
