package pssr.servers.spring

import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.SpringApplication
import org.springframework.boot.WebApplicationType
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication
import org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory
import org.springframework.boot.web.server.autoconfigure.ServerProperties
import org.springframework.boot.web.server.context.WebServerInitializedEvent
import org.springframework.boot.web.server.reactive.ReactiveWebServerFactory
import org.springframework.context.ApplicationListener
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import pssr.servers.PortAnnouncement
import pssr.servers.ServerStartup

/**
 * What every Spring API server of pssr shares (servers/students, servers/api), imported by each application class:
 * Netty for WebFlux (with Tomcat also on the classpath Boot would otherwise serve WebFlux from Tomcat), and the port
 * announced as the page servers announce theirs (the same line and file), so the harness starts them all alike.
 */
@Configuration(proxyBeanMethods = false)
class SpringServer {
    /** A variant's stack: [framework] mvc (Tomcat) or webflux (Netty), request threads virtual or not. */
    data class Stack(val framework: String, val virtualThreads: Boolean)

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    class Netty {
        // the servers declared this factory themselves before this module: a checkout built then may still hold that
        // class in target/, and it comes first (member classes before imports); one factory either way
        @Bean
        @ConditionalOnMissingBean(ReactiveWebServerFactory::class)
        fun pssrNettyServerFactory() = NettyReactiveWebServerFactory()
    }

    @Bean
    fun portAnnouncer(
        server: ServerProperties,
        @Value("\${$FRAMEWORK}") framework: String,
        @Value("\${pssr.port-file:}") portFile: String,
    ) = ApplicationListener<WebServerInitializedEvent> { event ->
        PortAnnouncement.announce(framework, server.address?.hostAddress ?: "127.0.0.1", event.webServer.port, portFile)
    }

    companion object {
        /** The property that carries the variant's framework (mvc, webflux) from [start] to the port announcement. */
        const val FRAMEWORK = "pssr.framework"

        /**
         * `GET /routes`' "server" setting of a Spring API server: Boot's version and the stack, WebFlux on Reactor Netty or MVC
         * on Tomcat with its version (read only where Tomcat serves).
         */
        fun describe(reactive: Boolean): String = "Spring Boot ${org.springframework.boot.SpringBootVersion.getVersion()}, " +
            if (reactive) "WebFlux on Reactor Netty" else "MVC on Tomcat ${org.apache.catalina.util.ServerInfo.getServerNumber()}"

        /** `--name=value` from the command line, else the system property [name]. */
        fun arg(args: Array<String>, name: String): String? =
            args.lastOrNull { it.startsWith("--$name=") }?.substringAfter("=") ?: System.getProperty(name)

        /**
         * Starts [application] as [kind] on the stack [choose] returns (webflux: Netty, reactive; mvc: Tomcat, servlet;
         * request threads virtual or not). [choose] runs inside [ServerStartup]'s guard, like the start itself: a bad
         * variant, a port in use or out of range, a bad setting is one line and exit code 2.
         */
        fun start(kind: String, args: Array<String>, application: Class<*>, choose: () -> Stack) =
            ServerStartup.run(kind, args, ServerStartup.Listen.SPRING) { application(application, choose()).run(*args) }

        /** [application] set up for [stack] (the servers' tests start it in their own JVM this way). */
        fun application(application: Class<*>, stack: Stack): SpringApplication = SpringApplication(application).apply {
            setWebApplicationType(if (stack.framework == "webflux") WebApplicationType.REACTIVE else WebApplicationType.SERVLET)
            setDefaultProperties(mapOf("spring.threads.virtual.enabled" to stack.virtualThreads.toString(), FRAMEWORK to stack.framework))
        }
    }
}
