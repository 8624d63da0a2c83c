package pssr.bench.measure

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.time.Duration
import kotlin.io.path.listDirectoryEntries

/** The seeds' load profile: a level is a number of requests from every user, not a time (real HTTP on loopback). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RequestsPerUserTest {
    private val server = PageServer(delayMs = 2)

    @AfterAll
    fun stop() = server.close()

    @Test
    fun `JMeter sends exactly that many requests from each user and measures the part when all were sending`(@TempDir jtl: Path) {
        val jmeter = JmeterDriver(Duration.ofSeconds(5), jtl)
        assertTrue(jmeter.countsRequests && jmeter.name in LoadDriver.COUNTING)
        val r = jmeter.runRequests(server.target, 4, 50)
        val samples = JmeterDriver.readJtl(jtl.listDirectoryEntries("*.jtl").single())
        assertEquals(List(4) { 50 }, samples.groupBy { it.thread }.values.map { it.size }, "50 requests from each of 4 users")
        // each user's first request is its own warm-up, and the window closes when the first user is done
        assertTrue(r.completed in 100..196, "measured ${r.completed} of 200")
        assertEquals(Errors(), r.errors)
    }

    @Test
    fun `ab sends users times that many requests`() {
        val ab = AbDriver(AbDriver.locate() ?: error(AbDriver.INSTALL_HINT), Duration.ofSeconds(5))
        assertTrue(ab.countsRequests && ab.name in LoadDriver.COUNTING)
        val r = ab.runRequests(server.target, 4, 25)
        assertEquals(100, r.completed)
        assertEquals(Errors(), r.errors)
    }

    @Test
    fun `wrk cannot, and says so (its duration is its wall clock whenever its threads stop)`() {
        val wrk = WrkDriver(WrkDriver.required(null), 1, Duration.ofSeconds(5))
        assertFalse(wrk.countsRequests)
        assertFalse(wrk.name in LoadDriver.COUNTING)
        assertTrue(assertThrows<UnsupportedOperationException> { wrk.runRequests(server.target, 1, 1) }.message!!.contains("for a time"))
    }
}
