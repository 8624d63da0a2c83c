package pssr.servers.helidon

import io.helidon.webserver.WebServer
import pssr.servers.PagePipeline
import pssr.servers.PortAnnouncement
import pssr.servers.ServerStartup

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
        val server = WebServer.builder()
            .host(settings.host)
            .port(settings.port)
            .writeBufferSize(settings.writeBufferBytes)
            .routing(pages::routing)
            .build()
            .start()
        PortAnnouncement.announce(PageHandler.FRAMEWORK, settings.host, server.port(), settings.portFile)
    }
}

private const val LOG_FORMAT = "java.util.logging.SimpleFormatter.format"
