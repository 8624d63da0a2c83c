package pssr.bench.measure

import jdk.jfr.Recording
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.time.Duration

/** A class whose initialiser blocks: a virtual thread that waits inside `<clinit>` pins its carrier on every JDK so far. */
private object SlowInit {
    init {
        Thread.sleep(30)
    }
    fun touch() = Unit
}

class PinningTest {
    @Test
    fun `a virtual thread blocking in a class initialiser is counted, with the initialiser in its stack`(@TempDir dir: Path) {
        val file = dir.resolve("pinned.jfr")
        Recording().use { r ->
            r.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace()
            r.start()
            Thread.ofVirtual().start { SlowInit.touch() }.join()
            r.stop()
            r.dump(file)
        }
        val pinning = Pinning.read(file, requests = 4)
        assertEquals(1L, pinning.events, "one pin: the sleep inside <clinit>")
        assertEquals(0.25, pinning.perRequest)
        assertTrue("SlowInit.<clinit>" in pinning.topStack) { pinning.topStack }
    }

    @Test
    fun `a window without pins reads as zero, not as missing`(@TempDir dir: Path) {
        val file = dir.resolve("none.jfr")
        Recording().use { r ->
            r.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO)
            r.start()
            Thread.ofVirtual().start { Thread.sleep(5) }.join()
            r.stop()
            r.dump(file)
        }
        val pinning = Pinning.read(file, requests = 10)
        assertEquals(0L, pinning.events)
        assertEquals(0.0, pinning.perRequest)
    }
}
