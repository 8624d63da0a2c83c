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

        /** The most any page asks for (`?itemDelayMs=`, `--item-delay`, `pssr.item-delay-ms`): 20 items take 20 s. */
        const val MAX_MILLIS = 1000L

        /**
         * The one spelling of an item delay on a command line: `1ms` or `0` (milliseconds, 0 to [MAX_MILLIS]);
         * a failure is a one-line reason naming what is valid.
         */
        fun parse(text: String, min: Long = 0): Result<ItemDelay> {
            val ms = Regex("^(\\d+)\\s*(ms)?$").find(text.trim())?.groupValues?.get(1)?.toLongOrNull()
            return if (ms == null || ms < min || ms > MAX_MILLIS) {
                Result.failure(IllegalArgumentException("must look like 1ms or 0, from ${min}ms to ${MAX_MILLIS}ms, was '$text'"))
            } else {
                Result.success(ItemDelay(ms))
            }
        }
    }
}
