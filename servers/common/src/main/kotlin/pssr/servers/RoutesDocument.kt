package pssr.servers

import com.fasterxml.jackson.databind.JsonNode
import pssr.model.Model
import pssr.probe.Jackson
import pssr.views.Engine

/** One route as `GET /routes` lists it: what servers publish and bench, `verify` and the contract tests read. */
data class ListedRoute(
    val model: Model<*>,
    val engine: String,
    val approach: String,
    val path: String,
    val streams: Boolean,
    val settings: Map<String, String>,
    val framework: String,
    /** The bounded pool the route's requests each hold a thread of ([Pool]); null on the others. */
    val pool: Pool? = null,
)

/**
 * The `GET /routes` document, written by every server ([write], from its [RouteTable]) and read by every client
 * ([parse]): a JSON array with one object per route — framework, workload (`pages`), model, engine, approach, path, streams (the
 * server's claim), readAhead, items, itemMarker, pool (`{"name", "threads"}` of the bounded pool a request holds a thread of, or
 * null), and the server's settings (flat values).
 */
object RoutesDocument {
    fun write(table: RouteTable): String = table.routes.joinToString(",\n", "[\n", "\n]\n") { r ->
        Jackson.write(
            linkedMapOf(
                "framework" to table.framework, "workload" to "pages", "model" to r.model.id, "engine" to r.engine.name,
                "approach" to r.approach.id,
                "path" to r.path, "streams" to r.streams,
                "readAhead" to (if (r.engine.readAhead == Engine.ALL_ITEMS) "all" else r.engine.readAhead),
                "items" to r.model.items.size, "itemMarker" to r.model.itemMarker,
                "pool" to r.pool?.let { linkedMapOf("name" to it.name, "threads" to it.threads) }, "settings" to table.settings,
            ),
        )
    }

    /** The routes of a `/routes` answer; settings values as text (`64`, `true`, `per-item: ...`). */
    fun parse(json: String): List<ListedRoute> = Jackson.mapper.readTree(json).map { r ->
        fun field(name: String): String = r.get(name)?.asText() ?: throw IllegalArgumentException("no $name in $r")
        ListedRoute(
            Model.byId(field("model")) ?: throw IllegalArgumentException("unknown model in $r"),
            field("engine"),
            field("approach"),
            field("path"),
            r.get("streams")?.asBoolean() == true,
            settings(r.get("settings")),
            field("framework"),
            r.get("pool")?.takeIf { it.isObject }?.let { Pool(it.get("name").asText(), it.get("threads").asInt()) },
        )
    }

    private fun settings(node: JsonNode?): Map<String, String> =
        node?.properties()?.associateTo(LinkedHashMap()) { (k, v) -> k to (if (v.isValueNode) v.asText() else v.toString()) } ?: emptyMap()
}
