package pssr.probe.page

import pssr.probe.ProbeResult
import java.io.ByteArrayOutputStream
import java.nio.charset.Charset
import java.util.zip.DataFormatException
import java.util.zip.Inflater

/**
 * The body as the browser sees it — decompressed and decoded — and, for each chunk that came off the
 * wire, how many characters of it were readable once that chunk had arrived. That mapping is what lets a
 * compressed page be timed by its content, not by its compressed bytes.
 */
class DecodedBody(val text: String, val encoding: String?, private val charsAfterChunk: IntArray, private val chunkMillis: DoubleArray) {

    /** When the character at [index] (0-based) had arrived; null if it never did. */
    fun arrivalOf(index: Int): Double? {
        var lo = 0
        var hi = charsAfterChunk.size - 1
        var found = -1
        while (lo <= hi) {
            val mid = (lo + hi) ushr 1
            if (charsAfterChunk[mid] > index) {
                found = mid
                hi = mid - 1
            } else {
                lo = mid + 1
            }
        }
        return if (found < 0) null else chunkMillis[found]
    }

    companion object {
        fun of(result: ProbeResult): DecodedBody {
            val encoding = result.header("content-encoding")?.trim()?.lowercase()?.takeIf { it.isNotEmpty() && it != "identity" }
            val charset = charset(result.header("content-type"))
            val sizes = result.chunks.map { it.bytes }
            val (bytes, bytesAfter) = when (encoding) {
                null -> result.raw to cumulative(sizes)

                "gzip", "x-gzip" -> inflate(result.raw, sizes, gzipHeaderLength(result.raw), nowrap = true)

                "deflate" -> inflate(result.raw, sizes, 0, nowrap = false)

                else -> throw ProbeFailure(
                    "the page is compressed with '$encoding', which the probe cannot decode (it asked for gzip or deflate only)",
                )
            }
            val text = String(bytes, charset)
            val chars = charCounts(bytes, bytesAfter, charset)
            return DecodedBody(text, encoding, chars, result.chunks.map { it.atMillis }.toDoubleArray())
        }

        private fun charset(contentType: String?): Charset =
            Regex("charset=\"?([\\w.:-]+)", RegexOption.IGNORE_CASE).find(contentType ?: "")?.groupValues?.get(1)
                ?.let { runCatching { Charset.forName(it) }.getOrNull() } ?: Charsets.UTF_8

        private fun cumulative(sizes: List<Int>): IntArray {
            var sum = 0
            return IntArray(sizes.size) { i ->
                sum += sizes[i]
                sum
            }
        }

        /** Inflates chunk by chunk, so each chunk's boundary is known in decompressed bytes. */
        private fun inflate(raw: ByteArray, sizes: List<Int>, skip: Int, nowrap: Boolean): Pair<ByteArray, IntArray> {
            val inflater = Inflater(nowrap)
            val out = ByteArrayOutputStream()
            val buffer = ByteArray(16 * 1024)
            val after = IntArray(sizes.size)
            var offset = 0
            try {
                for ((i, size) in sizes.withIndex()) {
                    val start = maxOf(offset, skip)
                    val end = offset + size
                    offset = end
                    if (end > start && !inflater.finished()) {
                        inflater.setInput(raw, start, end - start)
                        while (!inflater.finished()) {
                            val n = inflater.inflate(buffer)
                            if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) break
                            out.write(buffer, 0, n)
                        }
                    }
                    after[i] = out.size()
                }
            } catch (e: DataFormatException) {
                throw ProbeFailure("the page says Content-Encoding gzip/deflate but its body does not inflate: ${e.message}")
            } finally {
                inflater.end()
            }
            return out.toByteArray() to after
        }

        /** RFC 1952: 10 fixed bytes, then the optional extra field, file name, comment and header CRC. */
        private fun gzipHeaderLength(b: ByteArray): Int {
            if (b.size < 10 || b[0] != 0x1f.toByte() || b[1] != 0x8b.toByte()) {
                throw ProbeFailure("the page says Content-Encoding gzip but its body is not gzip")
            }
            val flags = b[3].toInt()
            var pos = 10
            if (flags and 4 != 0) pos += 2 + ((b[pos].toInt() and 0xff) or ((b[pos + 1].toInt() and 0xff) shl 8))
            if (flags and 8 != 0) {
                while (pos < b.size && b[pos] != 0.toByte()) pos++
                pos++
            }
            if (flags and 16 != 0) {
                while (pos < b.size && b[pos] != 0.toByte()) pos++
                pos++
            }
            if (flags and 2 != 0) pos += 2
            return pos
        }

        /** Characters readable after each boundary: UTF-8 counted without decoding (one per lead byte, two for 4-byte sequences). */
        private fun charCounts(bytes: ByteArray, boundaries: IntArray, charset: Charset): IntArray = when {
            charset == Charsets.UTF_8 -> {
                var c = 0
                var i = 0
                IntArray(boundaries.size) { k ->
                    while (i < boundaries[k]) {
                        val b = bytes[i++].toInt() and 0xff
                        if (b and 0xC0 != 0x80) c++
                        if (b >= 0xF0) c++
                    }
                    c
                }
            }

            charset.newEncoder().maxBytesPerChar() == 1f -> boundaries.copyOf()

            else -> IntArray(boundaries.size) { k -> String(bytes, 0, boundaries[k], charset).length }
        }
    }
}
