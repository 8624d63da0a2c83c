package pssr.views

/** How a template receives its data. */
enum class Rendering { ITERABLE, ASYNC, SUSPENDING }

/**
 * The ways a server runs a template without tying one OS thread to each slow request (and the
 * blocking baseline). Each server lists which of these it serves.
 */
enum class Approach(
    val id: String,
    val rendering: Rendering,
    val description: String,
    /**
     * A request holds one thread of a bounded pool for as long as its page takes, item delays included: a level with more
     * users than the pool's threads can be held by the pool, not the cores (the harness's pool-bound regime).
     */
    val pooled: Boolean = false,
) {
    REACTIVE("reactive", Rendering.ASYNC, "subscribes to the async source, never blocks"),
    SUSPENDING("suspending", Rendering.SUSPENDING, "Kotlin coroutine suspending on a Flow"),
    VIRTUAL("virtual", Rendering.ITERABLE, "blocking Iterable on a Java virtual thread"),
    BLOCKING("blocking", Rendering.ITERABLE, "blocking Iterable on a bounded platform-thread pool", pooled = true),
    VIRTUAL_FLUSH("virtual-flush", Rendering.ITERABLE, "virtual thread, response flushed after every item"),
    BLOCKING_FLUSH("blocking-flush", Rendering.ITERABLE, "platform-thread pool, response flushed after every item", pooled = true),
    ;

    override fun toString() = id

    companion object {
        fun byId(id: String): Approach? = entries.firstOrNull { it.id == id }
    }
}
