package pssr.bench.run

import java.nio.file.Files
import java.nio.file.Path
import pssr.bench.UsageError

/**
 * The servers pssr-bench can start: a name, and where its build puts the runnable artifact. The harness
 * knows nothing else about a server: it starts the artifact and reads `GET /routes`.
 */
data class Framework(val name: String, val description: String, private val artifact: (Path) -> Path?) {
    fun launchable(root: Path = Project.root): Path? = artifact(root)?.takeIf { Files.isRegularFile(it) }
    fun isBuilt(root: Path = Project.root) = launchable(root) != null
}

object Frameworks {
    private fun bootJar(module: String) = { root: Path ->
        val dir = root.resolve("servers/$module/target")
        if (!Files.isDirectory(dir)) null
        else Files.list(dir).use { s -> s.filter { it.fileName.toString().matches(Regex("pssr-server-$module-.*\\.jar")) && !it.fileName.toString().endsWith("-plain.jar") }.findFirst().orElse(null) }
    }

    val all = listOf(
        Framework("webflux", "Spring WebFlux on Reactor Netty", bootJar("webflux")),
        Framework("mvc", "Spring MVC on Tomcat (StreamingResponseBody)", bootJar("mvc")),
        Framework("quarkus", "Quarkus REST on Vert.x", { root -> root.resolve("servers/quarkus/target/quarkus-app/quarkus-run.jar") }),
    )
    val names get() = all.map { it.name }

    fun byName(name: String) = all.firstOrNull { it.name == name }
        ?: throw UsageError("unknown framework '$name'; valid frameworks: ${names.joinToString(", ")}")
}

object Project {
    /** The repository root: `pssr.root` (set by ./pssr), else the working directory. */
    val root: Path by lazy { Path.of(System.getProperty("pssr.root") ?: ".").toAbsolutePath().normalize() }
}
