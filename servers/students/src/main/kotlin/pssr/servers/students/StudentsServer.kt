package pssr.servers.students

import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.SpringApplication
import org.springframework.boot.WebApplicationType
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration
import org.springframework.boot.autoconfigure.r2dbc.R2dbcAutoConfiguration
import org.springframework.boot.autoconfigure.web.ServerProperties
import org.springframework.boot.autoconfigure.web.servlet.error.ErrorMvcAutoConfiguration
import org.springframework.boot.web.context.WebServerInitializedEvent
import org.springframework.boot.web.embedded.netty.NettyReactiveWebServerFactory
import org.springframework.context.ApplicationListener
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import pssr.servers.PortAnnouncement
import pssr.servers.ServerStartup

/**
 * Seed 003's student portal: `GET /api/students` returns a page of the students table as JSON, in one of
 * four variants chosen at launch ([Variant]). One jar, so every variant runs the same SQL and writes the
 * same bytes; only the thread model and the access layer differ.
 *
 * Boot's own DataSource and R2DBC auto-configuration is off: [StudentsConfig] builds exactly the pool the
 * variant needs, with every size and timeout from a named setting.
 */
@SpringBootApplication(proxyBeanMethods = false, exclude = [DataSourceAutoConfiguration::class, R2dbcAutoConfiguration::class, ErrorMvcAutoConfiguration::class])
class StudentsServer {
    /** Netty for WebFlux: with Tomcat also on the classpath, Boot would otherwise serve WebFlux from Tomcat. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    class Netty {
        @Bean fun netty() = NettyReactiveWebServerFactory()
    }

    @Bean
    fun portAnnouncer(server: ServerProperties, settings: StudentSettings, @Value("\${pssr.port-file:}") portFile: String) =
        ApplicationListener<WebServerInitializedEvent> { event ->
            // the same line and file format as the page servers, so the harness starts both alike
            PortAnnouncement.announce(settings.variant.framework, server.address?.hostAddress ?: "127.0.0.1", event.webServer.port, portFile)
        }
}

/** The four servers seed 003 compares (and the two it left out). */
enum class Variant(val id: String, val framework: String, val threads: String, val access: String) {
    MVC_PLATFORM("mvc-platform", "mvc", "platform", "jdbc"),
    MVC_VIRTUAL("mvc-virtual", "mvc", "virtual", "jdbc"),
    MVC_VIRTUAL_R2DBC("mvc-virtual-r2dbc", "mvc", "virtual", "r2dbc"),
    WEBFLUX_R2DBC("webflux-r2dbc", "webflux", "reactive", "r2dbc");

    val reactive: Boolean get() = framework == "webflux"

    companion object {
        fun of(id: String): Variant = entries.firstOrNull { it.id == id }
            ?: throw IllegalArgumentException("unknown pssr.students.variant '$id'; valid: ${entries.joinToString(", ") { it.id }}")
    }
}

/** A server that cannot start (port in use or out of range, a bad setting) says why in one line and exits 2. */
fun main(args: Array<String>) = ServerStartup.run("students", args, ServerStartup.Listen.SPRING) {
    val variantArg = args.lastOrNull { it.startsWith("--pssr.students.variant=") }?.substringAfter("=") ?: System.getProperty("pssr.students.variant")
    val variant = Variant.of(variantArg ?: "mvc-platform")
    SpringApplication(StudentsServer::class.java).apply {
        // The thread model is the variant: Tomcat's request threads are virtual only for mvc-virtual*.
        setWebApplicationType(if (variant.reactive) WebApplicationType.REACTIVE else WebApplicationType.SERVLET)
        setDefaultProperties(mapOf("spring.threads.virtual.enabled" to (variant.threads == "virtual").toString()))
    }.run(*args)
}
