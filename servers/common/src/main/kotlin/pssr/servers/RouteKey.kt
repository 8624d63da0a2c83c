package pssr.servers

/**
 * One route of one server, as results, checks and failures name it: `framework/model/engine/approach`
 * (framework may carry a runtime label, `webflux@jdk21`). The one place that spelling is made and read.
 */
data class RouteKey(val framework: String, val model: String, val engine: String, val approach: String) {
    override fun toString() = "$framework/$model/$engine/$approach"

    companion object {
        /** `webflux/presentations/jstachio/virtual`, or null when [text] has not four non-empty parts. */
        fun parse(text: String): RouteKey? =
            text.split('/').takeIf { parts -> parts.size == 4 && parts.none { it.isEmpty() } }?.let { (f, m, e, a) -> RouteKey(f, m, e, a) }
    }
}

/** This listed route's key on [framework]. */
fun ListedRoute.key(framework: String) = RouteKey(framework, model.id, engine, approach)
