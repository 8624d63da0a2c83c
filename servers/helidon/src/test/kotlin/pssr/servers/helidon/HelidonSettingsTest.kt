package pssr.servers.helidon

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.views.Approach

/** The settings as the command line and system properties give them, and the streaming claims that follow from them. */
class HelidonSettingsTest {
    private fun settings(vararg args: String, properties: Map<String, String> = emptyMap()) =
        HelidonSettings.from(arrayOf(*args)) { properties[it] }

    @Test
    fun `defaults are loopback, port 8080, Helidon's 4096-byte write buffer`() {
        val s = settings()
        assertEquals("127.0.0.1", s.host)
        assertEquals(8080, s.port)
        assertEquals(4096, s.writeBufferBytes)
        assertEquals(1, s.itemDelay.millis)
        assertEquals(3, s.warmupRenders)
        assertFalse(s.unflushedStreams)
        assertTrue(s.tcpNoDelay, "TCP_NODELAY on, as Reactor Netty, Tomcat and Vert.x set it (Helidon's own default is off)")
        assertEquals(false, settings("--server.connection-options.tcp-no-delay=false").tcpNoDelay)
    }

    @Test
    fun `the command line wins over system properties, the last one over earlier ones`() {
        val s =
            settings("--server.port=1", "--server.port=0", properties = mapOf("server.port" to "9", "server.write-buffer-size" to "512"))
        assertEquals(0, s.port)
        assertEquals(512, s.writeBufferBytes)
        assertTrue(s.unflushedStreams)
    }

    @Test
    fun `bad values are refused with a one-line reason naming the setting`() {
        for ((name, value) in listOf(
            "server.write-buffer-size" to "0",
            "pssr.item-delay-ms" to "5000",
            "pssr.warmup-renders" to "x",
            "server.connection-options.tcp-no-delay" to "yes",
        )) {
            val e = assertThrows(IllegalArgumentException::class.java) { settings("--$name=$value") }
            assertTrue(e.message!!.contains(name) && !e.message!!.contains("\n"), e.message)
        }
    }

    @Test
    fun `virtual claims to stream only with a small write buffer, virtual-flush always`() {
        fun claims(vararg args: String) = PageHandler(settings(*args)).routeTable.routes
            .filter { it.engine.name == "jstachio" }.associate { it.approach to it.streams }
        assertEquals(mapOf(Approach.VIRTUAL to false, Approach.VIRTUAL_FLUSH to true), claims())
        assertEquals(mapOf(Approach.VIRTUAL to true, Approach.VIRTUAL_FLUSH to true), claims("--server.write-buffer-size=512"))
    }
}
