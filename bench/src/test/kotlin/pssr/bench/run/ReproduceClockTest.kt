package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.attribute.FileTime

/** A resumed reproduce counts the time its earlier invocations spent, so its rounds get only what is left of the budget. */
class ReproduceClockTest {
    @TempDir
    lateinit var dir: Path

    private fun file(path: String, epochSecond: Long) {
        val f = dir.resolve(path)
        Files.createDirectories(f.parent)
        Files.writeString(f, "x")
        Files.setLastModifiedTime(f, FileTime.fromMillis(epochSecond * 1000))
    }

    @Test
    fun `a new reproduce has spent nothing, and what it saves is read back by the next invocation`() {
        val clock = ReproduceClock(dir)
        assertEquals(0, clock.earlier)
        Files.writeString(dir.resolve(ReproduceClock.FILE), "1234\n")
        assertEquals(1234, ReproduceClock(dir).earlier)
        ReproduceClock(dir).save()
        assertTrue(Files.readString(dir.resolve(ReproduceClock.FILE)).trim().toLong() >= 1234)
    }

    @Test
    fun `a folder without the file counts each phase folder's span, not the gaps between them`() {
        file("pages-webflux/environment.json", 1_000)
        file("pages-webflux/results.csv", 1_900)
        file("pages-mvc/environment.json", 5_000) // a day later, after a --resume
        file("pages-mvc/logs/server.log", 5_300)
        assertEquals(900 + 300, ReproduceClock(dir).earlier)
    }

    @Test
    fun `the rounds' start is kept by the invocation that reached them, and a resume reads it back`() {
        Files.writeString(dir.resolve(ReproduceClock.FILE), "6000\n")
        val first = ReproduceClock(dir).roundsStarted()
        assertTrue(first >= 6000, "$first")
        Files.writeString(dir.resolve(ReproduceClock.FILE), "7000\n") // a round ran, then the reproduce was cut and resumed
        assertEquals(first, ReproduceClock(dir).roundsStarted())
    }
}
