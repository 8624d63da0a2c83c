package pssr.views

import pssr.views.engines.*

/** The registry: every engine pssr-bench knows. Adding an engine = one file in `engines/` + one line here. */
object Engines {
    val all: List<Engine> by lazy {
        listOf(
            Baseline,
            HtmlFlowEngine,
            ThymeleafEngine.DEFAULT,
            JStachioEngine.INSTANCE,
            KotlinxHtmlEngine,
            RockerEngine,
            PebbleEngine,
            FreeMarkerEngine,
            TrimouEngine,
            VelocityEngine,
            QuteEngine,
            JteEngine,
        )
    }

    val names: List<String> get() = all.map { it.name }

    fun byName(name: String): Engine? = all.firstOrNull { it.name == name }

    /** Every engine with a server's [settings] applied (see [Engine.configured]). */
    fun configured(settings: EngineSettings): List<Engine> = all.map { it.configured(settings) }
}
