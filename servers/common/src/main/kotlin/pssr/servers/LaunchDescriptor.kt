package pssr.servers

import java.nio.file.FileSystems
import java.nio.file.Files
import java.nio.file.Path
import java.util.Properties

/**
 * How one server is started, as its module describes it in `servers/<module>/launch.properties`: its
 * framework name, the runnable jar its build makes, the system properties that set the address and port, and
 * any flags it needs. bench reads these and holds no framework-specific flag; adding a server module adds a
 * descriptor, not code in bench.
 */
data class LaunchDescriptor(
    val framework: String,
    val description: String,
    /** Where the framework appears in lists (`./pssr list`, verify, run). */
    val order: Int,
    /** The module's directory. */
    val module: Path,
    /** The runnable jar, a glob relative to [module] (`target/pssr-server-webflux-*.jar`). */
    val artifactGlob: String,
    /** Jars the glob also matches that are not runnable (`*-plain.jar`, `*-tests.jar`). */
    val excludeSuffixes: List<String>,
    val addressProperty: String,
    val portProperty: String,
    /** More `-Dname=value` flags the server needs on every start. */
    val flags: List<String>,
    /** What the server serves: `pages` (the PSSR matrix, listed as a framework) or the API workloads it serves, comma-separated
     * (`students`, `products,forward`). */
    val workload: String = "pages",
    /** Other builds of the same server (`artifact.variant.<name>=<glob>`), e.g. Quarkus's `8k`: its output buffer is fixed at build time.
     * */
    val variants: Map<String, String> = emptyMap(),
    /** The quick run's routes on this framework (`quick.routes`: `ENGINE/APPROACH` pairs, `./pssr` and `run --quick`); empty: every
     * route of the quick slice's model. */
    val quickRoutes: List<Pair<String, String>> = emptyList(),
    /** The approaches a quick run that names engines only measures here (`quick.approaches`); empty: every approach. */
    val quickApproaches: List<String> = emptyList(),
) {
    /** The built runnable jar ([variant]'s build when given), or null when the module is not built. */
    fun artifact(variant: String? = null): Path? {
        val glob = if (variant == null) {
            artifactGlob
        } else {
            variants[variant]
                ?: throw IllegalArgumentException(
                    "$framework has no build '$variant'; its builds: ${variants.keys.joinToString(", ").ifEmpty {
                        "none but the default"
                    }}",
                )
        }
        val matcher = FileSystems.getDefault().getPathMatcher("glob:$glob")
        val dir = module.resolve(glob.substringBeforeLast('/', "."))
        if (!Files.isDirectory(dir)) return null
        return Files.list(dir).use { files ->
            files.filter { f ->
                matcher.matches(module.relativize(f)) && excludeSuffixes.none { f.fileName.toString().endsWith(it) } &&
                    Files.isRegularFile(f)
            }
                .sorted().findFirst().orElse(null)
        }
    }

    /** The system properties that make it listen on [address]:[port] (0: any free port) and write the bound port to [portFile]. */
    fun systemProperties(address: String, port: Int, portFile: Path? = null): List<String> =
        listOf("-D$addressProperty=$address", "-D$portProperty=$port") +
            listOfNotNull(portFile?.let { "-D${SettingsReader.PORT_FILE}=$it" }) + flags

    companion object {
        const val FILE = "launch.properties"
        private const val VARIANT = "artifact.variant."

        /** Every `servers/<module>/launch.properties` under [root], in their declared order. */
        fun all(root: Path): List<LaunchDescriptor> {
            val servers = root.resolve("servers")
            if (!Files.isDirectory(servers)) return emptyList()
            return Files.list(servers).use { dirs -> dirs.map { it.resolve(FILE) }.filter { Files.isRegularFile(it) }.toList() }
                .map { load(it) }.sortedBy { it.order }
        }

        fun load(file: Path): LaunchDescriptor {
            val p = Properties().apply { Files.newBufferedReader(file).use { load(it) } }
            fun required(name: String): String = p.getProperty(name)?.trim()?.takeIf { it.isNotEmpty() }
                ?: throw IllegalArgumentException("$file: '$name' is missing")
            fun list(name: String) = p.getProperty(name)?.trim()?.split(Regex("\\s+"))?.filter { it.isNotEmpty() } ?: emptyList()
            return LaunchDescriptor(
                required("framework"), required("description"), required("order").toInt(), file.parent,
                required("artifact"), list("artifact.exclude"), required("address.property"), required("port.property"), list("flags"),
                p.getProperty("workload")?.trim()?.ifEmpty { null } ?: "pages",
                p.stringPropertyNames().filter {
                    it.startsWith(VARIANT)
                }.associate { it.removePrefix(VARIANT) to p.getProperty(it).trim() },
                list("quick.routes").map { r ->
                    require(r.count { it == '/' } == 1) { "$file: quick.routes takes ENGINE/APPROACH pairs, was '$r'" }
                    r.substringBefore('/') to r.substringAfter('/')
                },
                list("quick.approaches"),
            )
        }
    }
}
