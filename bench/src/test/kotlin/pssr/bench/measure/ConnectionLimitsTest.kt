package pssr.bench.measure

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertDoesNotThrow
import org.junit.jupiter.api.assertThrows
import pssr.bench.console.UsageError

/** What a level may open: refused before any load with the limit and the setting named. */
class ConnectionLimitsTest {
    private val machine = ConnectionLimits(openFiles = 20_000, openFilesHard = 20_000, portLow = 32768, portHigh = 60999, somaxconn = 4096)

    @Test
    fun `a level within the open files and the local ports passes`() {
        assertDoesNotThrow { machine.check("--users", listOf(1024, 16_384)) }
        assertEquals(19_488, machine.maxUsers)
    }

    @Test
    fun `a level beyond the open files limit names it and how to raise it`() {
        val e = assertThrows<UsageError> { machine.check("--users", listOf(19_600)) }
        assertTrue(e.message!!.startsWith("--users 19600: each user is a file descriptor"), e.message)
        assertTrue("ulimit -n" in e.message!! && "at most 19,488 users" in e.message!!, e.message)
    }

    @Test
    fun `a level beyond loopback's local ports names the port range and the sysctl`() {
        val wide = machine.copy(openFiles = 1_000_000, openFilesHard = 1_000_000)
        val e = assertThrows<UsageError> { wide.check("--users", listOf(30_000)) }
        assertTrue("net.ipv4.ip_local_port_range 32768 60999" in e.message!!, e.message)
        assertTrue("at most 28,104 users" in e.message!!, e.message)
    }

    @Test
    fun `more users than the listen backlog is a note, not a refusal`() {
        assertNull(machine.backlogNote(listOf(4096)))
        assertNotNull(machine.backlogNote(listOf(8192)))
    }

    @Test
    fun `users outside 1 to 65536 are refused whatever the machine`() {
        val e = assertThrows<UsageError> { ConnectionLimits.checkUsers("--users", listOf(0, 5), machine) }
        assertEquals("--users must be numbers from 1 to 65536, was [0, 5]", e.message)
    }

    @Test
    fun `this machine's limits are read from proc`() {
        val here = ConnectionLimits.read()
        assertTrue(here.openFiles > 0 && here.ports > 0, "$here")
    }
}
