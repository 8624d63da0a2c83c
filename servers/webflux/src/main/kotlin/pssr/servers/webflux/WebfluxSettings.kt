package pssr.servers.webflux

import org.springframework.core.env.Environment
import pssr.model.ItemDelay
import pssr.servers.SettingsReader
import pssr.views.EngineSettings

/**
 * This server's configuration (Spring properties; see application.properties for each one's meaning).
 * Read once at startup by the shared [SettingsReader] and validated: a bad value stops the server with a
 * one-line reason.
 */
data class WebfluxSettings(
    /** `server.address`: the interface Reactor Netty binds (announced in the port line). */
    val address: String,
    /** `pssr.item-delay-ms`: the source's delay between items when a request has no `?itemDelayMs=`. */
    val itemDelay: ItemDelay,
    /** `pssr.blocking-pool-size`: platform threads of the `blocking` approach's fixed pool. */
    val blockingPoolSize: Int,
    /** Engine options; `pssr.thymeleaf-buffer`: items Thymeleaf's reactive data-driver gathers before it renders a chunk. */
    val engines: EngineSettings,
    /** `pssr.port-file`: where to write the bound port, or null. */
    val portFile: String?,
    /** `pssr.warm-up`: render every route once at startup, before the port is announced. */
    val warmUp: Boolean = true,
) {
    init {
        require(blockingPoolSize >= 1) { "${SettingsReader.BLOCKING_POOL_SIZE} must be >= 1, was $blockingPoolSize" }
    }

    companion object {
        fun from(env: Environment): WebfluxSettings {
            val read = SettingsReader(env::getProperty)
            return WebfluxSettings(
                address = read.text("server.address") ?: "127.0.0.1",
                itemDelay = read.itemDelay(),
                blockingPoolSize = read.int(SettingsReader.BLOCKING_POOL_SIZE, 64, min = 1),
                engines = EngineSettings(thymeleafDataDriverBufferSize = read.int(SettingsReader.THYMELEAF_BUFFER, 1, min = 1)),
                portFile = read.portFile(),
                warmUp = read.bool("pssr.warm-up", true),
            )
        }

        fun reactorNettyVersion(): String = reactor.netty.http.server.HttpServer::class.java.`package`?.implementationVersion ?: "unknown"
    }
}
