package pssr.servers.quarkus

import io.quarkus.runtime.StartupEvent
import io.quarkus.runtime.configuration.ConfigUtils
import io.quarkus.vertx.http.HttpServerStart
import jakarta.enterprise.event.Observes
import jakarta.enterprise.event.ObservesAsync
import jakarta.inject.Singleton
import org.eclipse.microprofile.config.ConfigProvider
import org.jboss.logging.Logger
import pssr.servers.PortAnnouncement
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/**
 * Startup: warms every engine up, then announces the port once Vert.x listens.
 *
 * Vert.x fires [HttpServerStart] asynchronously once the HTTP server is bound; with
 * `quarkus.http.port=0` Quarkus has by then made the config value `quarkus.http.port` the port actually
 * bound, which is what is announced (the event's options say -1, and the `-D` system property stays 0). The announcement
 * waits for the warm-up, so the harness never measures a cold engine.
 */
@Singleton
class Lifecycle(private val pages: Pages) {
    private val log = Logger.getLogger(Lifecycle::class.java)
    private val warmedUp = CountDownLatch(1)

    fun onStart(@Observes event: StartupEvent) {
        log.infof(
            "pssr-server-quarkus: profile %s, Quarkus %s, output buffer %d bytes, flush per item %s, worker pool %d threads, JDK %s",
            ConfigUtils.getProfiles().joinToString("+"),
            QuarkusSettings.quarkusVersion(),
            pages.settings.outputBufferBytes,
            pages.settings.flushPerItem,
            pages.settings.workerPoolSize,
            Runtime.version(),
        )
        try {
            pages.warmUp()
        } finally {
            warmedUp.countDown()
        }
    }

    fun onHttpStart(@ObservesAsync event: HttpServerStart) {
        warmedUp.await(5, TimeUnit.MINUTES)
        val port = ConfigProvider.getConfig().getValue("quarkus.http.port", Int::class.javaObjectType)
        PortAnnouncement.announce(Pages.FRAMEWORK, pages.settings.host, port, pages.settings.portFile)
    }
}
