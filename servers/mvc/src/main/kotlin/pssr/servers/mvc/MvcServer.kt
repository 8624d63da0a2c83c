package pssr.servers.mvc

import org.apache.catalina.connector.OutputBuffer
import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.runApplication
import org.springframework.boot.tomcat.autoconfigure.TomcatServerProperties
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory
import org.springframework.boot.web.server.WebServerFactoryCustomizer
import org.springframework.boot.web.server.autoconfigure.ServerProperties
import org.springframework.boot.web.server.context.WebServerInitializedEvent
import org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration
import org.springframework.context.ApplicationListener
import org.springframework.context.annotation.Bean
import org.springframework.core.SpringProperties
import org.springframework.core.env.Environment
import org.springframework.core.task.SimpleAsyncTaskExecutor
import org.springframework.http.server.ServletServerHttpResponse
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor
import org.springframework.web.servlet.config.annotation.AsyncSupportConfigurer
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer
import pssr.model.ItemDelay
import pssr.servers.PagePipeline
import pssr.servers.Pool
import pssr.servers.PortAnnouncement
import pssr.servers.RouteTable
import pssr.servers.ServerStartup
import pssr.servers.SettingsReader
import pssr.views.Approach

/**
 * Spring MVC on embedded Tomcat. Every page is a `StreamingResponseBody` rendered from the blocking
 * `Iterable` of an [pssr.model.ItemFeed]; approaches differ only in the thread that renders (a fixed
 * platform-thread pool or a virtual thread per request) and in whether the response is flushed after
 * each item (see [PageController]).
 *
 * `proxyBeanMethods = false` everywhere: Kotlin classes are final and this module needs no CGLIB proxies,
 * so it does without the Kotlin allopen/spring compiler plugin.
 *
 * Boot's `/error` page is excluded: every answer comes from [PageController] (pages, one-line 404/400/500),
 * and none of them goes through an error page.
 */
@SpringBootApplication(proxyBeanMethods = false, exclude = [ErrorMvcAutoConfiguration::class])
class MvcServer {

    /**
     * Platform threads for `blocking` and `blocking-flush`: exactly [size] threads (core = max), tasks
     * beyond that wait in the (unbounded) queue. A ThreadPoolTaskExecutor never grows past its core size
     * while its queue accepts work, so the size is the core size, set on purpose.
     */
    @Bean(destroyMethod = "shutdown")
    fun platformRenderPool(@Value("\${pssr.blocking-pool-size}") size: Int): ThreadPoolTaskExecutor = ThreadPoolTaskExecutor().apply {
        require(size > 0) { "pssr.blocking-pool-size must be > 0, was $size" }
        corePoolSize = size
        maxPoolSize = size
        setThreadNamePrefix("mvc-blocking-")
        setWaitForTasksToCompleteOnShutdown(false)
        initialize()
    }

    /** One new virtual thread per render for `virtual` and `virtual-flush` (no limit, no pooling). */
    @Bean
    fun virtualRenderExecutor(): SimpleAsyncTaskExecutor = SimpleAsyncTaskExecutor("mvc-virtual-").apply { setVirtualThreads(true) }

    @Bean
    fun renderExecutors(platformRenderPool: ThreadPoolTaskExecutor, virtualRenderExecutor: SimpleAsyncTaskExecutor) =
        RenderExecutors(platformRenderPool, virtualRenderExecutor)

    /**
     * MVC runs every `StreamingResponseBody` on its async executor: ours picks the approach's executor per
     * request. The async timeout bounds one page (20 items at the maximum 1000 ms delay take 20 s).
     */
    @Bean
    fun asyncSupport(renderExecutors: RenderExecutors, @Value("\${pssr.async-timeout-ms}") timeoutMs: Long) = object : WebMvcConfigurer {
        override fun configureAsyncSupport(configurer: AsyncSupportConfigurer) {
            configurer.setTaskExecutor(renderExecutors)
            configurer.setDefaultTimeout(timeoutMs)
        }
    }

    /** Closes the connection of a page that failed after its response was committed (see [AbortValve]). */
    @Bean
    fun abortValve() = WebServerFactoryCustomizer<TomcatServletWebServerFactory> { it.addContextValves(AbortValve()) }

    @Bean
    fun routeTable(
        tomcat: TomcatServerProperties,
        @Value("\${pssr.blocking-pool-size}") poolSize: Int,
        itemDelay: ItemDelay,
        @Value("\${pssr.async-timeout-ms}") asyncTimeoutMs: Long,
        @Value("\${pssr.warmup-renders}") warmupRenders: Int,
    ): RouteTable {
        val settings = linkedMapOf<String, Any>(
            "server" to
                "Spring Boot ${org.springframework.boot.SpringBootVersion.getVersion()}, " +
                "Tomcat ${org.apache.catalina.util.ServerInfo.getServerNumber()}",
            "responseBody" to "StreamingResponseBody on the MVC async executor, chunks written to the response OutputStream",
            "blockingExecutor" to "ThreadPoolTaskExecutor, platform threads, core=max=$poolSize, unbounded queue",
            "blockingPoolSize" to poolSize,
            "virtualExecutor" to "SimpleAsyncTaskExecutor, one virtual thread per render, unbounded",
            "flushPerItem" to "blocking-flush and virtual-flush only: OutputStream.flush() after each item; others flush once at the end",
            // Spring Framework 7 ignores a StreamingResponseBody's flush() unless this is true (src/main/resources/spring.properties)
            "springResponseFlushEnabled" to SpringProperties.getFlag(ServletServerHttpResponse.FLUSH_ENABLED_PROPERTY_NAME),
            // Tomcat's servlet response buffer: no Boot property; Spring and this server leave it at the default.
            "responseBufferBytes" to OutputBuffer.DEFAULT_BUFFER_SIZE,
            "tomcatMaxThreads" to tomcat.threads.max,
            "tomcatMinSpareThreads" to tomcat.threads.minSpare,
            "tomcatAcceptCount" to tomcat.acceptCount,
            "tomcatMaxConnections" to tomcat.maxConnections,
            "tomcatMaxKeepAliveRequests" to tomcat.maxKeepAliveRequests,
            "tomcatKeepAliveTimeoutMs" to (tomcat.keepAliveTimeout?.toMillis() ?: -1),
            "asyncTimeoutMs" to asyncTimeoutMs,
            "itemDelayMsDefault" to itemDelay.millis,
            "warmupRendersPerPage" to warmupRenders,
            "jdk" to Runtime.version().toString(),
        )
        return RouteTable("mvc", APPROACHES, settings, pool = Pool("the platform render pool (mvc-blocking-N)", poolSize)) {
            it in FLUSHING
        }
    }

    /** The shared pipeline's warm-up, while the context starts: before Tomcat accepts connections and before the port is announced. */
    @Bean
    fun engineWarmup(routeTable: RouteTable, env: Environment): WarmedUp {
        PagePipeline.warmUp(routeTable, SettingsReader(env::getProperty).int(SettingsReader.WARMUP_RENDERS, 3, min = 0))
        return WarmedUp()
    }

    /** `pssr.item-delay-ms`, with the same 0..1000 ms bounds as every server and `?itemDelayMs=`. */
    @Bean
    fun defaultItemDelay(env: Environment): ItemDelay = SettingsReader(env::getProperty).itemDelay()

    /** Tells the harness the port once Tomcat listens (port 0 resolves to the real one here), after the warm-up. */
    @Bean
    fun portAnnouncer(server: ServerProperties, @Suppress("UNUSED_PARAMETER") engineWarmup: WarmedUp, env: Environment) =
        ApplicationListener<WebServerInitializedEvent> { event ->
            PortAnnouncement.announce(
                "mvc",
                server.address?.hostAddress ?: "127.0.0.1",
                event.webServer.port,
                SettingsReader(env::getProperty).portFile(),
            )
        }

    /** Marks the warm-up as done (the port announcer depends on it). */
    class WarmedUp

    companion object {
        val APPROACHES = listOf(Approach.BLOCKING, Approach.VIRTUAL, Approach.BLOCKING_FLUSH, Approach.VIRTUAL_FLUSH)

        /** Approaches that flush after each item. The others stay in Tomcat's 8 KB buffer: not streaming. */
        val FLUSHING = setOf(Approach.BLOCKING_FLUSH, Approach.VIRTUAL_FLUSH)
    }
}

/** A server that cannot start (port in use or out of range, a bad setting) says why in one line and exits 2. */
fun main(args: Array<String>) = ServerStartup.run("mvc", args, ServerStartup.Listen.SPRING) {
    runApplication<MvcServer>(*args)
}
