package pssr.model

/** Simulated I/O latency between two items of a model's source: the time each item takes to "arrive". */
data class ItemDelay(val millis: Long) {
    init {
        require(millis >= 0) { "item delay must be >= 0 ms, was $millis" }
    }

    override fun toString() = "${millis}ms"

    companion object {
        /** The seed paper's delay: 1 ms per item. */
        @JvmField val DEFAULT = ItemDelay(1)
        @JvmField val NONE = ItemDelay(0)
    }
}
