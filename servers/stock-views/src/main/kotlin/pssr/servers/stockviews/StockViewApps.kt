package pssr.servers.stockviews

import org.springframework.boot.SpringBootConfiguration
import org.springframework.boot.autoconfigure.EnableAutoConfiguration
import org.springframework.context.annotation.Bean
import org.springframework.http.MediaType
import pssr.model.ItemDelay
import pssr.model.ItemFeed
import pssr.model.Model
import org.springframework.web.reactive.function.server.RouterFunction as ReactiveRoutes
import org.springframework.web.reactive.function.server.ServerResponse as ReactiveResponse
import org.springframework.web.reactive.function.server.router as reactiveRouter
import org.springframework.web.servlet.function.RouterFunction as ServletRoutes
import org.springframework.web.servlet.function.ServerResponse as ServletResponse
import org.springframework.web.servlet.function.router as servletRouter

/** The source's delay per item for these applications: `./pssr verify`'s. */
const val DELAY_MS = 100L

private const val TOMCAT_REACTIVE = "org.springframework.boot.tomcat.autoconfigure.reactive.TomcatReactiveWebServerAutoConfiguration"

/**
 * The Presentations page as the engine's Spring view renders it (`render("presentations", model)`), from the registry's
 * blocking view of the source, one item every [DELAY_MS]: the view is all that differs from the servers' `jte` routes.
 */
private fun slowItems(): Iterable<*> = ItemFeed(Model.Presentations.repository.findAll(ItemDelay(DELAY_MS))).iterable()

private const val PAGE = "presentations"

/**
 * WebFlux on Reactor Netty, as Boot's WebFlux starter runs it (Tomcat is on this module's classpath for [ServletApp]), with
 * JTE's starter configured as its README says: `gg.jte.usePrecompiledTemplates=true` (the registry's precompiled templates).
 */
@SpringBootConfiguration
@EnableAutoConfiguration(excludeName = [TOMCAT_REACTIVE])
open class ReactiveApp {
    @Bean
    open fun page(): ReactiveRoutes<ReactiveResponse> = reactiveRouter {
        GET("/$PAGE") { ReactiveResponse.ok().contentType(MediaType.TEXT_HTML).render(PAGE, mapOf("items" to slowItems())) }
    }
}

/** Spring MVC on Tomcat with JTE's starter, configured the same way. */
@SpringBootConfiguration
@EnableAutoConfiguration
open class ServletApp {
    @Bean
    open fun page(): ServletRoutes<ServletResponse> = servletRouter {
        GET("/$PAGE") { ServletResponse.ok().contentType(MediaType.TEXT_HTML).render(PAGE, mapOf("items" to slowItems())) }
    }
}
