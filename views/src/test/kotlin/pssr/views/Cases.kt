package pssr.views

import pssr.model.Model

/** Every engine x model x rendering the registry offers: what each test below runs over. */
data class Case(val engine: Engine, val model: Model<*>, val rendering: Rendering) {
    override fun toString() = "${engine.name} ${model.id} ${rendering.name.lowercase()}"

    companion object {
        fun all(): List<Case> = Engines.all.flatMap { engine ->
            Model.all.filter { engine.renders(it) }.flatMap { model ->
                Rendering.entries.filter { engine.view(model).supports(it) }.map { Case(engine, model, it) }
            }
        }
    }
}
