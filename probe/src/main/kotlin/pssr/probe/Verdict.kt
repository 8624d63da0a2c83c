package pssr.probe

/** Whether a page really streamed, judged from the wire, not from what the server claims. */
enum class Verdict(val label: String) {
    STREAMS("streams"),
    BUFFERED("buffered"),
    MALFORMED("malformed"),
    ;

    override fun toString() = label

    companion object {
        /**
         * A page of [items] items, [itemDelayMillis] apart at the source, *streams* when its first item
         * reached the client at least 70% of the source's span ((items - 1) x delay) before the last byte —
         * i.e. the client saw content while most of the data was still arriving. It is *malformed* when the
         * body is incomplete, has the wrong status, or fails [bodyOk]; otherwise *buffered*.
         */
        fun of(result: ProbeResult, items: Int, itemDelayMillis: Long, bodyOk: Boolean = true): Verdict {
            if (result.status != 200 || !result.complete || !bodyOk) return MALFORMED
            val firstItem = result.firstItemMillis ?: return MALFORMED
            val lead = result.lastByteMillis - firstItem
            return if (lead >= 0.7 * (items - 1) * itemDelayMillis) STREAMS else BUFFERED
        }
    }
}
