package pssr.servers.webflux

import org.springframework.core.env.Environment
import pssr.model.ItemDelay
import pssr.servers.PageRequest

/**
 * This server's configuration (Spring properties; see application.properties for each one's meaning).
 * Read once at startup and validated: a bad value stops the server with a one-line reason.
 */
data class WebfluxSettings(
    /** `server.address`: the interface Reactor Netty binds (announced in the port line). */
    val address: String,
    /** `pssr.item-delay-ms`: the source's delay between items when a request has no `?itemDelayMs=`. */
    val itemDelay: ItemDelay,
    /** `pssr.blocking-pool-size`: platform threads of the `blocking` approach's fixed pool. */
    val blockingPoolSize: Int,
    /** `pssr.thymeleaf-buffer`: items Thymeleaf's reactive data-driver gathers before it renders a chunk. */
    val thymeleafBuffer: Int,
    /** `pssr.port-file`: where to write the bound port, or null. */
    val portFile: String?,
    /** `pssr.warm-up`: render every route once at startup, before the port is announced. */
    val warmUp: Boolean = true,
) {
    init {
        require(blockingPoolSize >= 1) { "pssr.blocking-pool-size must be >= 1, was $blockingPoolSize" }
        require(thymeleafBuffer >= 1) { "pssr.thymeleaf-buffer must be >= 1, was $thymeleafBuffer" }
    }

    companion object {
        fun from(env: Environment): WebfluxSettings {
            val delay = PageRequest.itemDelay(env.getProperty("pssr.item-delay-ms"), ItemDelay.DEFAULT)
                .getOrElse { throw IllegalArgumentException("pssr.item-delay-ms: ${it.message}") }
            return WebfluxSettings(
                address = env.getProperty("server.address") ?: "127.0.0.1",
                itemDelay = delay,
                blockingPoolSize = intProperty(env, "pssr.blocking-pool-size", 64),
                thymeleafBuffer = intProperty(env, "pssr.thymeleaf-buffer", 1),
                portFile = env.getProperty("pssr.port-file")?.takeIf { it.isNotBlank() },
                warmUp = when (val raw = env.getProperty("pssr.warm-up")?.trim()) {
                    null, "", "true" -> true
                    "false" -> false
                    else -> throw IllegalArgumentException("pssr.warm-up must be true or false, was '$raw'")
                },
            )
        }

        private fun intProperty(env: Environment, name: String, default: Int): Int {
            val raw = env.getProperty(name) ?: return default
            return raw.trim().toIntOrNull() ?: throw IllegalArgumentException("$name must be an integer, was '$raw'")
        }

        fun reactorNettyVersion(): String =
            reactor.netty.http.server.HttpServer::class.java.`package`?.implementationVersion ?: "unknown"
    }
}
