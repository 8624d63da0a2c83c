package pssr.bench.run

import pssr.model.Model
import pssr.servers.RouteKey
import pssr.views.Approach
import pssr.views.Engines

/**
 * A page route family the claims need: on [framework], these engines under these approaches, both models; and [also]
 * (`run --also`), single routes one claim reads, measured in the same JVM.
 */
data class PagesPhase(
    val framework: String,
    val engines: List<String>,
    val approaches: List<Approach>,
    val why: String,
    val also: List<AlsoRoute> = emptyList(),
) {
    /** Routes the selection gives: every engine x approach x model the engine renders (the server serves all of [approaches]). */
    val routes: Int get() = engines.sumOf { e ->
        val engine = Engines.byName(e)!!
        Model.all.sumOf { m -> approaches.count { a -> engine.supports(m, a) } }
    } + also.count { it !in crossProduct() }

    /** The routes this phase selects, as the claims' reads name them ([ClaimLevels]). */
    fun keys(): List<RouteKey> = (
        engines.flatMap { e ->
            val engine = Engines.byName(e)!!
            Model.all.flatMap { m -> approaches.filter { engine.supports(m, it) }.map { a -> RouteKey(framework, m.id, e, a.id) } }
        } + also.map { RouteKey(framework, it.model, it.engine, it.approach.id) }
        ).distinct()

    private fun crossProduct() = engines.flatMap { e -> approaches.flatMap { a -> Model.all.map { m -> AlsoRoute(e, a, m.id) } } }
}

/** One route of `run --also`: ENGINE/APPROACH/MODEL. */
data class AlsoRoute(val engine: String, val approach: Approach, val model: String) {
    override fun toString() = "$engine/${approach.id}/$model"
}
