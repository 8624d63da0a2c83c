package pssr.bench.run

import picocli.CommandLine.Option
import pssr.bench.console.UsageError
import pssr.bench.project.Framework
import pssr.bench.project.FrameworkNames
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
        completionCandidates = FrameworkNames::class,
        description = ["Frameworks (default: every one that is built): \${COMPLETION-CANDIDATES}"],
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

    /** Routes (engine to approach) per framework, when the quick slice chose them. */
    private var routesByFramework: Map<String, List<Pair<String, String>>> = emptyMap()

    /**
     * `--quick`: the core slice, for whatever the user did not choose: Presentations; per framework the routes that answer
     * "which stack?" where the stacks differ ([QUICK_ROUTES]: the paper's three named WebFlux routes, HtmlFlow suspending,
     * JStachio virtual and Thymeleaf reactive, and the zero-template baseline at the approaches they use; MVC's and Quarkus's
     * streaming approaches with the same engines). With engines or approaches named, their product as before: engines
     * default to [QUICK_ENGINES], approaches to the ones that stream on each framework.
     */
    fun applyQuickSlice() {
        if (models.isEmpty()) models = listOf("presentations")
        if (engines.isEmpty() && approaches.isEmpty()) {
            routesByFramework = QUICK_ROUTES
            return
        }
        if (engines.isEmpty()) engines = QUICK_ENGINES
        if (approaches.isEmpty()) approachesByFramework = QUICK_APPROACHES
    }

    /** Validates every name; unknown ones are a [UsageError] listing the valid names. */
    fun validate() {
        frameworks.forEach { Frameworks.byName(it) }
        models.forEach {
            if (Model.byId(it) == null) {
                throw UsageError("unknown model '$it'; valid models: ${Model.all.joinToString(", ") { m -> m.id }}")
            }
        }
        engines.forEach {
            if (Engines.byName(it) == null) {
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
            if (Approach.byId(it) == null) {
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
                (approachesByFramework[route.framework]?.let { route.approach in it } ?: true) &&
                (routesByFramework[route.framework]?.let { (route.engine to route.approach) in it } ?: true)
            )

    fun asMap() = mapOf(
        "frameworks" to frameworks,
        "models" to models,
        "engines" to engines,
        "approaches" to (approaches.ifEmpty { null } ?: approachesByFramework.ifEmpty { null } ?: emptyList<String>()),
    ) + (if (also.isEmpty()) emptyMap() else mapOf("also" to also)) +
        if (routesByFramework.isEmpty()) {
            emptyMap()
        } else {
            mapOf("routes" to routesByFramework.mapValues { (_, rs) -> rs.map { "${it.first}/${it.second}" } })
        }

    companion object {
        /**
         * The quick run's routes, per framework, from its module's `launch.properties` (`quick.routes`, with the reason there):
         * WebFlux the paper's named three and the no-engine baseline on the event loop (one baseline per framework: a baseline
         * per approach made 12 routes and 6 min 6 s, over the quick run's 5.5 min); MVC virtual threads with a flush per item
         * (its approach that streams); Quarkus virtual and reactive; Helidon virtual threads with a flush per item. Thymeleaf
         * reactive is where the engines differ once the cores are busy (2.4x the baseline's CPU per request at 128 users here).
         */
        val QUICK_ROUTES: Map<String, List<Pair<String, String>>> get() =
            Frameworks.all.mapNotNull { fw -> fw.launch?.quickRoutes?.ifEmpty { null }?.let { fw.name to it } }.toMap()

        /** Engines of a quick run that named approaches only. */
        val QUICK_ENGINES = listOf("baseline", "jstachio", "htmlflow", "thymeleaf")

        /** The approaches of a quick run that named engines only, per framework (`quick.approaches` in its `launch.properties`). */
        val QUICK_APPROACHES: Map<String, List<String>> get() =
            Frameworks.all.mapNotNull { fw -> fw.launch?.quickApproaches?.ifEmpty { null }?.let { fw.name to it } }.toMap()
    }
}
