package pssr.views

import java.io.Writer

/**
 * A [Writer] that gathers markup and hands it over as one chunk on [flush]. Engines make many small
 * `write` calls per item; sending each as its own network write costs far more than rendering
 * (see ../docs/ARCHITECTURE.md), so chunks are item-sized: the [pssr.model.ItemFeed] flushes once per item.
 * Not thread-safe: one render writes from one thread at a time.
 */
class ChunkWriter(initialCapacity: Int = 1024, private val onChunk: (String) -> Unit) : Writer() {
    private val buffer = StringBuilder(initialCapacity)

    override fun write(c: Int) {
        buffer.append(c.toChar())
    }
    override fun write(cbuf: CharArray, off: Int, len: Int) {
        buffer.appendRange(cbuf, off, off + len)
    }
    override fun write(str: String) {
        buffer.append(str)
    }
    override fun write(str: String, off: Int, len: Int) {
        buffer.append(str, off, off + len)
    }
    override fun append(csq: CharSequence?): Writer {
        buffer.append(csq)
        return this
    }
    override fun append(csq: CharSequence?, start: Int, end: Int): Writer {
        buffer.append(csq, start, end)
        return this
    }
    override fun append(c: Char): Writer {
        buffer.append(c)
        return this
    }

    /** Hands the pending markup, if any, to the consumer as one chunk. */
    override fun flush() {
        if (buffer.isEmpty()) return
        val chunk = buffer.toString()
        buffer.setLength(0)
        onChunk(chunk)
    }

    override fun close() = flush()
}
