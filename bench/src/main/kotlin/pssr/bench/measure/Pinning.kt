package pssr.bench.measure

import jdk.jfr.consumer.RecordedEvent
import jdk.jfr.consumer.RecordingFile
import jdk.management.jfr.FlightRecorderMXBean
import java.nio.file.Files
import java.nio.file.Path
import javax.management.MBeanServerConnection

/**
 * What JFR saw of virtual threads pinned to their carrier during one window: `jdk.VirtualThreadPinned`
 * events at threshold 0 (every pin, however short), how many requests the window completed, and the
 * most frequent stack (top frames). On JDK 21 a virtual thread blocking inside `synchronized` pins; JDK 24+
 * (JEP 491) no longer does, so the same route can differ by runtime.
 */
data class Pinning(val events: Long, val requests: Long, val topStack: String, val topStackEvents: Long) {
    val perRequest: Double get() = if (requests <= 0) Double.NaN else events.toDouble() / requests

    companion object {
        val NONE = Pinning(-1, 0, "", 0)
        private const val EVENT = "jdk.VirtualThreadPinned"
        private const val FRAMES = 8

        /** Counts the pinned events of a recording file and finds the most frequent stack. */
        fun read(file: Path, requests: Long): Pinning {
            val events = RecordingFile.readAllEvents(file).filter { it.eventType.name == EVENT }
            val stacks = events.groupingBy(::stackOf).eachCount()
            val top = stacks.maxByOrNull { it.value }
            return Pinning(events.size.toLong(), requests, top?.key ?: "", top?.value?.toLong() ?: 0)
        }

        /** The frames that say who pinned: the JDK's own parking frames on top are skipped (they are the same for every pin). */
        private fun stackOf(e: RecordedEvent): String {
            val frames = e.stackTrace?.frames.orEmpty()
            val jdk = { f: jdk.jfr.consumer.RecordedFrame ->
                f.method.type.name.let {
                    it.startsWith("java.") || it.startsWith("jdk.") ||
                        it.startsWith("sun.")
                }
            }
            val caller = frames.indexOfFirst { !jdk(it) }
            return frames.drop(if (caller > 0) caller - 1 else 0).take(FRAMES)
                .joinToString(" < ") { f ->
                    "${f.method.type.name.substringAfterLast('.')}.${f.method.name}" +
                        (if (f.lineNumber > 0) ":${f.lineNumber}" else "")
                }
        }
    }
}

/**
 * Records `jdk.VirtualThreadPinned` in a server JVM through its FlightRecorder MXBean, over the JMX
 * connection the resource sampler already holds (no flag at server start, no file written by the server):
 * [start] before a window, [stop] after it; the recording is streamed into [dir] and read here.
 */
class PinningRecorder(connection: MBeanServerConnection, private val dir: Path) {
    private val jfr: FlightRecorderMXBean = FlightRecording.of(connection)

    fun start(): Long {
        val id = jfr.newRecording()
        jfr.setRecordingSettings(
            id,
            mapOf(
                "jdk.VirtualThreadPinned#enabled" to "true",
                "jdk.VirtualThreadPinned#threshold" to "0 ms",
                "jdk.VirtualThreadPinned#stackTrace" to "true",
            ),
        )
        jfr.startRecording(id)
        return id
    }

    /**
     * Stops recording [id] and streams it out as [stop] does, keeping nothing: a warm-up's recording, so that the server's
     * JFR and JMX streaming code is compiled before a measured window records.
     */
    fun discard(id: Long) {
        val file = Files.createTempFile("pssr-warmup-", ".jfr")
        try {
            FlightRecording.save(jfr, id, file)
        } finally {
            Files.deleteIfExists(file)
        }
    }

    /** Stops recording [id], keeps it as `<dir>/<name>.jfr` and returns what it holds. */
    fun stop(id: Long, name: String, requests: Long): Pinning {
        val file = dir.resolve("$name.jfr")
        FlightRecording.save(jfr, id, file)
        return Pinning.read(file, requests)
    }
}
