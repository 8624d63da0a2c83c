package pssr.servers

import io.reactivex.rxjava3.core.Observable
import pssr.model.ItemDelay
import pssr.model.Model
import pssr.views.Approach
import pssr.views.Engine
import pssr.views.Engines

/** One page a server serves: `GET /{model}/{engine}/{approach}`, and whether it claims to stream. */
data class Route(val model: Model<*>, val engine: Engine, val approach: Approach, val streams: Boolean) {
    val path: String get() = "/${model.id}/${engine.name}/${approach.id}"
}

/**
 * The matrix one server serves, derived from the engine registry and the server's own list of
 * approaches: a route exists for every model x engine x approach the engine can render. Servers stay
 * thin adapters: they resolve a request here and hand the route to their render code.
 *
 * [approachStreams] is the server's claim per approach (e.g. MVC without flushing: false); an engine that
 * reads its whole Iterable first ([Engine.ALL_ITEMS]) never streams its items, whatever the server does.
 */
class RouteTable(
    val framework: String,
    val approaches: List<Approach>,
    val settings: Map<String, Any>,
    approachStreams: (Approach) -> Boolean = { true },
) {
    val routes: List<Route> = Model.all.flatMap { model ->
        Engines.all.flatMap { engine ->
            approaches.filter { engine.supports(it) }.map { approach ->
                val streams = approachStreams(approach) &&
                    (approach.rendering != pssr.views.Rendering.ITERABLE || engine.readAhead != Engine.ALL_ITEMS)
                Route(model, engine, approach, streams)
            }
        }
    }
    private val byPath = routes.associateBy { it.path }

    /** The route for these path segments, or a one-line reason naming the valid values. */
    fun resolve(model: String, engine: String, approach: String): Lookup {
        byPath["/$model/$engine/$approach"]?.let { return Lookup.Found(it) }
        val message = when {
            Model.byId(model) == null -> "unknown model '$model'; valid models: ${Model.all.joinToString(", ") { it.id }}"
            Engines.byName(engine) == null -> "unknown engine '$engine'; valid engines: ${Engines.names.joinToString(", ")}"
            approaches.none { it.id == approach } ->
                "unknown approach '$approach' on $framework; valid approaches: ${approaches.joinToString(", ") { it.id }}"
            else -> "engine '$engine' has no '$approach' rendering on $framework; it serves: " +
                routes.filter { it.engine.name == engine && it.model.id == model }.joinToString(", ") { it.approach.id }
        }
        return Lookup.NotFound(message)
    }

    sealed interface Lookup {
        data class Found(val route: Route) : Lookup
        data class NotFound(val message: String) : Lookup
    }

    /** `GET /routes`: one JSON object per route, with its workload (`pages`; the students server lists `students`) and this server's settings. */
    fun toJson(): String = routes.joinToString(",\n", "[\n", "\n]\n") { r ->
        """{"framework":${Json.str(framework)},"workload":"pages","model":${Json.str(r.model.id)},"engine":${Json.str(r.engine.name)},""" +
            """"approach":${Json.str(r.approach.id)},"path":${Json.str(r.path)},"streams":${r.streams},""" +
            """"readAhead":${if (r.engine.readAhead == Engine.ALL_ITEMS) "\"all\"" else r.engine.readAhead},""" +
            """"items":${r.model.items.size},"itemMarker":${Json.str(r.model.itemMarker)},"settings":${Json.obj(settings)}}"""
    }
}

/** The per-request query parameters every server accepts, validated the same way everywhere. */
object PageRequest {
    const val MAX_ITEM_DELAY_MS = 1000L

    /** `?itemDelayMs=N` (0..1000) or the server's default; Left is a one-line reason for a 400. */
    fun itemDelay(raw: String?, default: ItemDelay): Result<ItemDelay> {
        if (raw == null) return Result.success(default)
        val ms = raw.toLongOrNull()
        return if (ms == null || ms < 0 || ms > MAX_ITEM_DELAY_MS)
            Result.failure(IllegalArgumentException("itemDelayMs must be an integer from 0 to $MAX_ITEM_DELAY_MS, was '$raw'"))
        else Result.success(ItemDelay(ms))
    }

    /**
     * `?failAfterItems=N`: the source fails after N items — how tests and `verify` check that a page that
     * breaks mid-way is aborted instead of looking complete. Absent: the normal source.
     */
    fun failAfter(raw: String?): Result<Int?> {
        if (raw == null) return Result.success(null)
        val n = raw.toIntOrNull()
        return if (n == null || n < 0) Result.failure(IllegalArgumentException("failAfterItems must be an integer >= 0, was '$raw'"))
        else Result.success(n)
    }

    /** The model's source for one request. */
    fun <T : Any> source(model: Model<T>, delay: ItemDelay, failAfter: Int?): Observable<T> {
        val items = model.repository.findAll(delay)
        return if (failAfter == null) items
        else items.take(failAfter.toLong()).concatWith(Observable.error(IllegalStateException("source failed after $failAfter items (failAfterItems)")))
    }
}

/** Tiny JSON writer for the flat documents servers publish (no JSON library shared across frameworks). */
object Json {
    fun str(s: String): String = buildString {
        append('"')
        for (c in s) when (c) {
            '"' -> append("\\\""); '\\' -> append("\\\\"); '\n' -> append("\\n"); '\r' -> append("\\r"); '\t' -> append("\\t")
            else -> if (c < ' ') append("\\u%04x".format(c.code)) else append(c)
        }
        append('"')
    }

    fun value(v: Any?): String = when (v) {
        null -> "null"
        is Number, is Boolean -> v.toString()
        is Map<*, *> -> obj(v.entries.associate { it.key.toString() to it.value })
        is Collection<*> -> v.joinToString(",", "[", "]") { value(it) }
        else -> str(v.toString())
    }

    fun obj(map: Map<String, Any?>): String = map.entries.joinToString(",", "{", "}") { "${str(it.key)}:${value(it.value)}" }
}

/** How a server tells the harness where it listens: one recognisable log line, and a file when asked. */
object PortAnnouncement {
    const val PREFIX = "pssr-server listening:"

    fun announce(framework: String, host: String, port: Int, portFile: String?) {
        println("$PREFIX $framework http://$host:$port")
        if (!portFile.isNullOrBlank()) {
            val target = java.nio.file.Path.of(portFile)
            val tmp = target.resolveSibling(target.fileName.toString() + ".tmp")
            java.nio.file.Files.writeString(tmp, port.toString())
            java.nio.file.Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE)
        }
    }
}
