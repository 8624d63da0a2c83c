package pssr.servers.helidon

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.BeforeAll
import pssr.servers.RouteTable
import pssr.servers.contract.ServerContract

/**
 * The contract again on a server with a 512-byte write buffer (`-Dserver.write-buffer-size=512`): there the unflushed
 * `virtual` routes claim to stream too, and the contract's probe at 100 ms per item checks every claim against its
 * verdict (Trimou's routes excepted, as always). The start-up failure checks ran in [HelidonServerIT].
 */
class SmallWriteBufferIT : ServerContract() {
    override val port: Int get() = app.port
    override val routeTable = RouteTable(PageHandler.FRAMEWORK, PageHandler.APPROACHES, emptyMap())
    override fun serverLog() = app.logText()

    companion object {
        private lateinit var app: HelidonApp

        @BeforeAll @JvmStatic
        fun start() {
            app = HelidonApp.start("write-buffer-512", "pssr.warmup-renders=1", "${HelidonSettings.WRITE_BUFFER}=512")
        }

        @AfterAll @JvmStatic
        fun stop() {
            if (::app.isInitialized) app.close()
        }
    }
}
