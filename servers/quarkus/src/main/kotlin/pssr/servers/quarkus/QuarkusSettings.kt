package pssr.servers.quarkus

import io.quarkus.runtime.LaunchMode
import io.quarkus.runtime.Quarkus
import io.quarkus.runtime.configuration.ConfigUtils
import io.quarkus.runtime.configuration.MemorySize
import io.vertx.core.Vertx
import org.eclipse.microprofile.config.Config
import pssr.model.ItemDelay
import pssr.servers.SettingsReader
import java.util.Properties

/**
 * This server's configuration, read once at startup from MicroProfile Config (application.properties,
 * `-D` system properties, environment) by the shared [SettingsReader] and validated: a bad value stops the server with a one-line reason.
 * Every value that shapes a measurement is reported by `GET /routes` ([report]).
 */
data class QuarkusSettings(
    /** `quarkus.http.host`: the interface Vert.x binds (announced in the port line). */
    val host: String,
    /**
     * `quarkus.rest.output-buffer-size`: bytes Quarkus REST buffers before it sends a chunk (paper: 512).
     * Fixed at build time: a different value at run time is ignored (Quarkus logs a warning), so this is
     * the value the running application really uses.
     */
    val outputBufferBytes: Long,
    /**
     * `quarkus.thread-pool.max-threads`, which application.properties maps from `pssr.blocking-pool-size`: the worker pool
     * that runs the `blocking` approach.
     */
    val workerPoolSize: Int,
    /** `quarkus.thread-pool.core-threads`: worker threads kept alive when idle. */
    val workerCoreThreads: Int,
    /** `quarkus.vertx.event-loops-pool-size` (unset: 2 x CPUs, Vert.x's default). */
    val eventLoops: Int,
    /** `pssr.flush-per-item`: flush the StreamingOutput after the head and after each item. */
    val flushPerItem: Boolean,
    /** `pssr.item-delay-ms`: the source's delay between items when a request has no `?itemDelayMs=`. */
    val itemDelay: ItemDelay,
    /** `pssr.warmup-renders`: renders of every page at startup, before the port is announced. */
    val warmupRenders: Int,
    /** `pssr.port-file`: where to write the bound port, or null. */
    val portFile: String?,
) {
    init {
        require(outputBufferBytes >= 1) { "quarkus.rest.output-buffer-size must be >= 1 byte, was $outputBufferBytes" }
        require(workerPoolSize >= 1) { "${SettingsReader.BLOCKING_POOL_SIZE} must be >= 1, was $workerPoolSize" }
        require(warmupRenders >= 0) { "pssr.warmup-renders must be >= 0, was $warmupRenders" }
    }

    /** What `/routes` reports in every route's `settings` (flat values). */
    fun report(): Map<String, Any> = linkedMapOf(
        "quarkus" to quarkusVersion(),
        "vertx" to vertxVersion(),
        "profile" to ConfigUtils.getProfiles().joinToString("+"),
        "launchMode" to LaunchMode.current().name.lowercase(),
        "outputBufferBytes" to outputBufferBytes,
        "outputBufferFixedAtBuild" to true,
        "flushPerItem" to flushPerItem,
        "flushPolicy" to if (flushPerItem) {
            "blocking and virtual: OutputStream.flush() after the head and after each item (one chunk per item, split at the output " +
                "buffer size); reactive: one Multi item per chunk"
        } else {
            "blocking and virtual: no flush until the end, chunks leave when the output buffer fills; reactive: one Multi item per chunk"
        },
        "workerPoolSize" to workerPoolSize,
        "workerCoreThreads" to workerCoreThreads,
        "blockingThreads" to "Quarkus worker pool (executor-thread-N), max $workerPoolSize platform threads; StreamingOutput written on it",
        "virtualThreads" to "@RunOnVirtualThread: one new virtual thread per request; StreamingOutput written on it",
        "reactiveThreads" to
            "Multi<String> subscribed on the Vert.x event loop; items rendered on the RxJava timer thread that delivers them",
        "eventLoops" to eventLoops,
        "itemDelayMsDefault" to itemDelay.millis,
        "warmupRendersPerPage" to warmupRenders,
        "jdk" to Runtime.version().toString(),
    )

    companion object {
        fun from(config: Config): QuarkusSettings {
            val read = SettingsReader { name -> config.getOptionalValue(name, String::class.java).orElse(null) }
            return QuarkusSettings(
                host = read.text("quarkus.http.host") ?: "127.0.0.1",
                outputBufferBytes = config.getOptionalValue("quarkus.rest.output-buffer-size", MemorySize::class.java)
                    .map { it.asLongValue() }.orElse(8191L),
                workerPoolSize = read.int("quarkus.thread-pool.max-threads", -1),
                workerCoreThreads = read.int("quarkus.thread-pool.core-threads", 1),
                eventLoops = read.int("quarkus.vertx.event-loops-pool-size", 2 * Runtime.getRuntime().availableProcessors()),
                flushPerItem = read.bool("pssr.flush-per-item", true),
                itemDelay = read.itemDelay(),
                warmupRenders = read.int(SettingsReader.WARMUP_RENDERS, 3, min = 0),
                portFile = read.portFile(),
            )
        }

        fun quarkusVersion(): String = Quarkus::class.java.`package`?.implementationVersion
            ?: readVersion("META-INF/maven/io.quarkus/quarkus-core/pom.properties") ?: "unknown"

        fun vertxVersion(): String = readVersion("META-INF/maven/io.vertx/vertx-core/pom.properties")
            ?: Vertx::class.java.`package`?.implementationVersion ?: "unknown"

        private fun readVersion(resource: String): String? =
            QuarkusSettings::class.java.classLoader.getResourceAsStream(resource)?.use { stream ->
                Properties().apply { load(stream) }.getProperty("version")
            }
    }
}
