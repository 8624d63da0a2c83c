package pssr.bench.run

import picocli.CommandLine.Option
import pssr.bench.console.UsageError
import pssr.bench.project.Framework
import pssr.bench.project.Frameworks
import pssr.model.Model
import pssr.servers.ListedRoute
import pssr.views.Approach
import pssr.views.Engines

/** The matrix filters shared by `run` and `verify`: which frameworks, models, engines and approaches. Every name is checked. */
class Selection {
    @Option(
        names = ["--frameworks"],
        split = ",",
        paramLabel = "NAME",
        description = ["Frameworks (default: every one that is built): webflux, mvc, quarkus"],
    )
    var frameworks: List<String> = emptyList()

    @Option(names = ["--models"], split = ",", paramLabel = "NAME", description = ["Models (default: all): presentations, stocks"])
    var models: List<String> = emptyList()

    @Option(
        names = ["--engines"],
        split = ",",
        paramLabel = "NAME",
        description = ["Engines (default: all in the registry; see ./pssr list)"],
    )
    var engines: List<String> = emptyList()

    @Option(
        names = ["--approaches"],
        split = ",",
        paramLabel = "NAME",
        description = ["Approaches (default: all a server serves): reactive, suspending, virtual, blocking, virtual-flush, blocking-flush"],
    )
    var approaches: List<String> = emptyList()

    @Option(
        names = ["--also"],
        split = ",",
        paramLabel = "ENGINE/APPROACH/MODEL",
        description = ["Routes measured besides the filters' selection, in the same run (e.g. pebble/blocking/presentations)"],
    )
    var also: List<String> = emptyList()

    /** Approaches per framework, when the approach filter depends on the framework (the quick slice). */
    private var approachesByFramework: Map<String, List<String>> = emptyMap()

    /**
     * `--quick`: the core slice, for whatever the user did not choose: Presentations; the zero-template
     * baseline, JStachio (a blocking template) and HtmlFlow (async and suspending views); per framework the
     * approaches that stream there (WebFlux virtual and reactive, MVC virtual threads with per-item flush,
     * Quarkus virtual and reactive). Each engine route has its baseline at the same approach beside it.
     */
    fun applyQuickSlice() {
        if (models.isEmpty()) models = listOf("presentations")
        if (engines.isEmpty()) engines = listOf("baseline", "jstachio", "htmlflow")
        if (approaches.isEmpty()) approachesByFramework = QUICK_APPROACHES
    }

    /** Validates every name; unknown ones are a [UsageError] listing the valid names. */
    fun validate() {
        frameworks.forEach { Frameworks.byName(it) }
        models.forEach {
            if (Model.byId(it) ==
                null
            ) {
                throw UsageError("unknown model '$it'; valid models: ${Model.all.joinToString(", ") { m -> m.id }}")
            }
        }
        engines.forEach {
            if (Engines.byName(it) ==
                null
            ) {
                throw UsageError("unknown engine '$it'; valid engines: ${Engines.names.joinToString(", ")}")
            }
        }
        also.forEach { a ->
            val parts = a.split("/")
            if (parts.size != 3 || Engines.byName(parts[0]) == null || Approach.byId(parts[1]) == null || Model.byId(parts[2]) == null) {
                throw UsageError("--also $a: give ENGINE/APPROACH/MODEL with names from ./pssr list, e.g. pebble/blocking/presentations")
            }
        }
        approaches.forEach {
            if (Approach.byId(it) ==
                null
            ) {
                throw UsageError("unknown approach '$it'; valid approaches: ${Approach.entries.joinToString(", ")}")
            }
        }
    }

    /** The frameworks to run: the named ones (each must be built), or every built one. */
    fun frameworks(): List<Framework> {
        val chosen = if (frameworks.isEmpty()) Frameworks.all.filter { it.isBuilt() } else frameworks.map { Frameworks.byName(it) }
        if (chosen.isEmpty()) throw UsageError("no server is built; build them with ./mvnw install (or run ./pssr, which builds first)")
        return chosen
    }

    fun accepts(route: ListedRoute) = "${route.engine}/${route.approach}/${route.model.id}" in also ||
        (
            (models.isEmpty() || route.model.id in models) && (engines.isEmpty() || route.engine in engines) &&
                (approaches.isEmpty() || route.approach in approaches) &&
                (approachesByFramework[route.framework]?.let { route.approach in it } ?: true)
            )

    fun asMap() = mapOf(
        "frameworks" to frameworks,
        "models" to models,
        "engines" to engines,
        "approaches" to (approaches.ifEmpty { null } ?: approachesByFramework.ifEmpty { null } ?: emptyList<String>()),
    ) + (if (also.isEmpty()) emptyMap() else mapOf("also" to also))

    companion object {
        val QUICK_APPROACHES = mapOf(
            "webflux" to listOf("virtual", "reactive"),
            "mvc" to listOf("virtual-flush"),
            "quarkus" to listOf("virtual", "reactive"),
        )
    }
}
