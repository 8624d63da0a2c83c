package pssr.servers.helidon

import io.helidon.common.socket.SocketOptions
import io.helidon.webserver.WebServer
import pssr.servers.PagePipeline
import pssr.servers.PortAnnouncement
import pssr.servers.ServerStartup
import java.util.logging.Handler
import java.util.logging.Level
import java.util.logging.LogRecord
import java.util.logging.Logger

/** Where this server listens, as `launch.properties` and [HelidonSettings] name it (Helidon's own config keys). */
val LISTEN = ServerStartup.Listen(HelidonSettings.HOST, HelidonSettings.PORT)

/**
 * Helidon SE's WebServer, built in code (no config file, no service registry start-up): the routing of [PageHandler],
 * the host, port and write buffer of [HelidonSettings]. The engines are warmed up before the server starts and the
 * port is announced once it listens ([PortAnnouncement]); a server that cannot start (port in use or out of range, a
 * bad setting) says why in one line and exits 2 ([ServerStartup]). Helidon's shutdown hook stops the server on SIGTERM,
 * and [ServerStartup]'s watchdog halts the JVM if that takes longer than the grace.
 */
fun main(args: Array<String>) {
    // JUL (Helidon's System.Logger and the pipeline's) in one line per record, unless the command line chose a format.
    if (System.getProperty(LOG_FORMAT) == null) System.setProperty(LOG_FORMAT, "%1\$tT.%1\$tL %4\$s [%3\$s] %5\$s%6\$s%n")
    ServerStartup.run(PageHandler.FRAMEWORK, args, LISTEN) {
        val settings = HelidonSettings.from(args)
        val pages = PageHandler(settings)
        PagePipeline.warmUp(pages.routeTable, settings.warmupRenders)
        val server = StartFailure.capture {
            WebServer.builder()
                .host(settings.host)
                .port(settings.port)
                .writeBufferSize(settings.writeBufferBytes)
                .connectionOptions(SocketOptions.builder().tcpNoDelay(settings.tcpNoDelay).build())
                .routing(pages::routing)
                .build()
                .start()
        }
        PortAnnouncement.announce(PageHandler.FRAMEWORK, settings.host, server.port(), settings.portFile)
    }
}

/**
 * Helidon's start does not throw when a listener cannot bind: `LoomServer` logs the failure as an ERROR with its stack
 * trace, stops and returns a server that is not running. While it starts, that logger's records go here instead of the
 * console; a start that did not run is thrown with the failure it logged (a `BindException` for a taken port), which
 * [ServerStartup] turns into its one line and exit code 2.
 */
private object StartFailure {
    private val logger: Logger = Logger.getLogger("io.helidon.webserver.LoomServer")

    fun capture(start: () -> WebServer): WebServer {
        var failure: Throwable? = null
        val handler = object : Handler() {
            override fun publish(record: LogRecord) {
                if (record.thrown != null && record.level.intValue() >= Level.SEVERE.intValue()) {
                    failure = failure ?: record.thrown
                } else {
                    Logger.getLogger("").handlers.forEach { it.publish(record) }
                }
            }

            override fun flush() {}

            override fun close() {}
        }
        logger.useParentHandlers = false
        logger.addHandler(handler)
        val server = try {
            start()
        } finally {
            logger.removeHandler(handler)
            logger.useParentHandlers = true
        }
        if (!server.isRunning) throw failure ?: IllegalStateException("Helidon WebServer did not start (see its log)")
        return server
    }
}

private const val LOG_FORMAT = "java.util.logging.SimpleFormatter.format"
