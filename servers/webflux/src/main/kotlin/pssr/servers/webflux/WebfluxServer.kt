package pssr.servers.webflux

import org.slf4j.LoggerFactory
import org.springframework.boot.SpringApplication
import org.springframework.boot.SpringBootVersion
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.web.server.context.WebServerInitializedEvent
import org.springframework.context.ApplicationListener
import org.springframework.context.annotation.Bean
import org.springframework.core.Ordered
import org.springframework.core.annotation.Order
import org.springframework.core.env.Environment
import org.springframework.web.reactive.function.server.RouterFunction
import org.springframework.web.reactive.function.server.RouterFunctions
import org.springframework.web.reactive.function.server.ServerResponse
import pssr.servers.PortAnnouncement
import pssr.servers.ServerStartup

/**
 * The pssr-bench Spring WebFlux server: Spring Boot on Reactor Netty, one functional route for every
 * page (`GET /{model}/{engine}/{approach}`, resolved through the shared RouteTable) plus `GET /routes`.
 * Everything page-related lives in [PageHandler]; this class only wires configuration and startup.
 *
 * `proxyBeanMethods = false`: no CGLIB subclass, so the final Kotlin class needs no allopen plugin.
 */
@SpringBootApplication(proxyBeanMethods = false)
class WebfluxServer {

    @Bean(destroyMethod = "close")
    fun pageHandler(environment: Environment): PageHandler = PageHandler(WebfluxSettings.from(environment))

    @Bean
    fun routes(pages: PageHandler): RouterFunction<ServerResponse> = RouterFunctions.route()
        .GET("/routes", pages::routes)
        .GET("/{model}/{engine}/{approach}", pages::page)
        // Anything else (other paths, other methods): one plain-text line, never Spring's JSON error page.
        .route({ true }, pages::noSuchPath)
        .build()

    /** Seed 002's browser pages at `/demo/...` (not benchmark routes); ordered before [routes], whose last rule answers every path. */
    @Bean(destroyMethod = "close")
    fun demoHandler(pages: PageHandler): DemoHandler = DemoHandler(pages.settings.warmUp)

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    fun demoRoutes(demo: DemoHandler): RouterFunction<ServerResponse> = demo.routes()

    @Bean
    fun portAnnouncer(pages: PageHandler) = PortAnnouncer(pages.settings)
}

/** Once Reactor Netty is bound: the versions, and the recognisable line (and port file) the harness waits for. */
class PortAnnouncer(private val settings: WebfluxSettings) : ApplicationListener<WebServerInitializedEvent> {
    override fun onApplicationEvent(event: WebServerInitializedEvent) {
        log.info(
            "pssr webflux: Spring Boot {}, Reactor Netty {}, JDK {} ({}); blocking pool {} threads, thymeleaf buffer {}, default item " +
                "delay {} ms",
            SpringBootVersion.getVersion(),
            WebfluxSettings.reactorNettyVersion(),
            Runtime.version(),
            System.getProperty("java.vm.name"),
            settings.blockingPoolSize,
            settings.engines.thymeleafDataDriverBufferSize,
            settings.itemDelay.millis,
        )
        PortAnnouncement.announce("webflux", settings.address, event.webServer.port, settings.portFile)
    }

    private companion object {
        val log = LoggerFactory.getLogger(PortAnnouncer::class.java)
    }
}

/** A server that cannot start (port in use or out of range, a bad setting) says why in one line and exits 2. */
fun main(args: Array<String>) = ServerStartup.run(PageHandler.FRAMEWORK, args, ServerStartup.Listen.SPRING) {
    SpringApplication.run(WebfluxServer::class.java, *args)
}
