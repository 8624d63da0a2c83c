package pssr.servers.mvc

import org.slf4j.LoggerFactory
import pssr.model.ItemDelay
import pssr.model.Model
import pssr.servers.RouteTable
import pssr.views.ChunkWriter
import pssr.views.Engine
import pssr.views.Render
import pssr.views.Rendering

/**
 * Renders every engine's pages [renders] times (no item delay, output discarded) while the application
 * starts, before Tomcat accepts connections and before the port is announced.
 *
 * Why: an engine's first render pays template parsing and expression compilation. Thymeleaf's first page
 * took ~800 ms before its head and held item 1 back by ~100-300 ms (measured), so a route probed first
 * with `?itemDelayMs=100` (the contract test, `./pssr verify`) looked less progressive than it is.
 * Warming is framework-neutral (engine code only, no HTTP) and the same for every approach.
 */
class EngineWarmup(routes: RouteTable, val renders: Int) {
    init {
        val started = System.nanoTime()
        val pages = routes.routes.map { it.model to it.engine }.distinct()
        repeat(renders) {
            for ((model, engine) in pages) warm(model, engine)
        }
        LoggerFactory.getLogger(EngineWarmup::class.java)
            .info("warmed {} pages x {} renders in {} ms", pages.size, renders, (System.nanoTime() - started) / 1_000_000)
    }

    private fun <T : Any> warm(model: Model<T>, engine: Engine) =
        Render.page(engine.view(model), Rendering.ITERABLE, model.repository.findAll(ItemDelay.NONE), ChunkWriter {})
}
