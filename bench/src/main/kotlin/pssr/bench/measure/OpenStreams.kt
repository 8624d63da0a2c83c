package pssr.bench.measure

/**
 * What a level's open streams cost the server (a long page's level, whose driver holds its connections past the window):
 * [held] read at the window's end with every stream open, [after] once the driver closed them and the server's work for
 * them ended, [idleRssMb] the server's RSS before any load. [streams] is the requests in flight over the window by Little's
 * law (throughput x mean latency), at most the users.
 *
 * Per stream: the live heap's difference (both after a full GC, so garbage is not counted; a virtual thread's stack lives
 * in the heap, a platform thread's does not) and the RSS over the idle server's (an upper bound: it also holds what the
 * JIT and the heap's growth added, which the JVM keeps), each divided by [streams].
 */
data class OpenStreams(val streams: Double, val held: MemoryReading, val after: MemoryReading, val idleRssMb: Double) {
    val heapKbPerStream: Double get() = perStream(held.liveHeapMb - after.liveHeapMb)
    val rssKbPerStream: Double get() = perStream(held.rssMb - idleRssMb)

    private fun perStream(mb: Double) = if (streams < 1 || mb.isNaN()) Double.NaN else mb * 1024 / streams

    companion object {
        val NONE = OpenStreams(Double.NaN, MemoryReading.NONE, MemoryReading.NONE, Double.NaN)

        /** Requests in flight over a window ([throughput] req/s, [meanLatencyMs]), at most [users]. */
        fun inFlight(throughput: Double, meanLatencyMs: Double, users: Int): Double =
            if (throughput.isNaN() || meanLatencyMs.isNaN()) Double.NaN else minOf(users.toDouble(), throughput * meanLatencyMs / 1000)
    }
}
