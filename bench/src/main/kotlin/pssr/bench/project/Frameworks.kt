package pssr.bench.project

import pssr.bench.console.UsageError
import pssr.servers.LaunchDescriptor
import java.nio.file.Path

/**
 * The servers pssr-bench can start: a name, and how to start it, as its module's `launch.properties` says
 * ([LaunchDescriptor]). The harness knows nothing else about a server: it starts the artifact with the
 * descriptor's properties and reads `GET /routes`. [launch] is null for a server found at `--target`.
 */
data class Framework(val name: String, val description: String, val launch: LaunchDescriptor?) {
    fun launchable(): Path? = launch?.artifact()
    fun isBuilt() = launchable() != null
}

object Frameworks {
    /** The page servers (the students server has its own descriptor, read by its workload). */
    val all: List<Framework> by lazy {
        LaunchDescriptor.all(Project.root).filter { it.workload == "pages" }.map { Framework(it.framework, it.description, it) }
    }

    /** The server module that serves [workload] (e.g. `students`; a descriptor may list several, `products,forward`), or null when none is
     * in this tree. */
    fun forWorkload(workload: String): LaunchDescriptor? = LaunchDescriptor.all(Project.root).firstOrNull {
        workload in it.workload.split(',').map(String::trim)
    }
    val names get() = all.map { it.name }

    fun byName(name: String) = all.firstOrNull { it.name == name }
        ?: throw UsageError("unknown framework '$name'; valid frameworks: ${names.joinToString(", ")}")
}

/** The page frameworks' names, in their order, for picocli's `${COMPLETION-CANDIDATES}` in help (none when the tree is not found). */
class FrameworkNames : Iterable<String> {
    override fun iterator(): Iterator<String> = runCatching { Frameworks.names }.getOrDefault(emptyList()).iterator()
}
