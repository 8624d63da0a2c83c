package pssr.servers

import io.reactivex.rxjava3.core.Observable
import pssr.model.ItemDelay
import pssr.model.Model
import pssr.views.Approach
import pssr.views.Engine
import pssr.views.Engines
import pssr.views.Rendering

/** One page a server serves: `GET /{model}/{engine}/{approach}`, whether it claims to stream, and the bounded pool it runs on. */
data class Route(val model: Model<*>, val engine: Engine, val approach: Approach, val streams: Boolean, val pool: Pool? = null) {
    val path: String get() = "/${model.id}/${engine.name}/${approach.id}"
}

/** A bounded thread pool a request holds a thread of for its whole page ([Approach.pooled]): its name and size, as it runs. */
data class Pool(val name: String, val threads: Int) {
    init {
        require(threads >= 1) { "a pool has at least one thread, $name had $threads" }
    }
}

/**
 * The matrix one server serves, derived from the engine registry and the server's own list of
 * approaches: a route exists for every model x engine x approach the engine has a view for and can render. Servers stay
 * thin adapters: they resolve a request here and hand the route to their render code.
 *
 * [approachStreams] is the server's claim per approach (e.g. MVC without flushing: false); an engine that
 * reads its whole Iterable first ([Engine.ALL_ITEMS]) never streams its items, whatever the server does.
 */
class RouteTable(
    val framework: String,
    val approaches: List<Approach>,
    val settings: Map<String, Any>,
    /** The registry's engines, with the server's engine settings applied ([Engines.configured]). */
    val engines: List<Engine> = Engines.all,
    /** The bounded pool the server runs its [Approach.pooled] approaches on; required when it serves one. */
    val pool: Pool? = null,
    approachStreams: (Approach) -> Boolean = { true },
) {
    init {
        require(pool != null || approaches.none { it.pooled }) { "$framework serves ${approaches.filter { it.pooled }}: name their pool" }
    }

    val routes: List<Route> = Model.all.flatMap { model ->
        engines.flatMap { engine ->
            approaches.filter { engine.supports(model, it) }.map { approach ->
                val streams = approachStreams(approach) &&
                    (approach.rendering != Rendering.ITERABLE || engine.readAhead != Engine.ALL_ITEMS)
                Route(model, engine, approach, streams, pool.takeIf { approach.pooled })
            }
        }
    }
    private val byPath = routes.associateBy { it.path }

    /** The route for these path segments, or a one-line reason naming the valid values. */
    fun resolve(model: String, engine: String, approach: String): Lookup {
        byPath["/$model/$engine/$approach"]?.let { return Lookup.Found(it) }
        val message = when {
            Model.byId(model) == null -> "unknown model '$model'; valid models: ${Model.all.joinToString(", ") { it.id }}"

            engines.none { it.name == engine } -> "unknown engine '$engine'; valid engines: ${engines.joinToString(", ") { it.name }}"

            approaches.none { it.id == approach } ->
                "unknown approach '$approach' on $framework; valid approaches: ${approaches.joinToString(", ") { it.id }}"

            else ->
                "engine '$engine' has no '$approach' rendering on $framework; it serves: " +
                    routes.filter { it.engine.name == engine && it.model.id == model }.joinToString(", ") { it.approach.id }
        }
        return Lookup.NotFound(message)
    }

    sealed interface Lookup {
        data class Found(val route: Route) : Lookup
        data class NotFound(val message: String) : Lookup
    }

    /** `GET /routes`: one JSON object per route, with this server's settings in each ([RoutesDocument]). */
    fun toJson(): String = RoutesDocument.write(this)
}
