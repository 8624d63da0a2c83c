package pssr.bench.results

import pssr.bench.console.UsageError
import pssr.bench.csv.DamagedFolder
import pssr.bench.csv.JsonFile
import pssr.bench.csv.WriteFailed
import pssr.bench.measure.LoadDriver
import pssr.bench.process.Children
import pssr.bench.process.MeasureLock
import pssr.bench.process.ServerLaunch
import pssr.bench.project.Project
import pssr.bench.setup.FrameworkVersions
import pssr.probe.Jackson
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

/** What a result depends on besides the code: written to environment.json at the start of a run. */
object Environment {
    /**
     * The version of the results folder's files, written as environment.json's `resultsFormat`: raised when a file's
     * meaning changes so that an older pssr refuses a newer folder instead of misreading it. Folders written before
     * the key are format 1.
     */
    const val RESULTS_FORMAT = 1

    fun describe(options: Map<String, Any?>, launch: ServerLaunch, loadCpus: String?, driver: LoadDriver, cores: Int): Map<String, Any?> =
        linkedMapOf(
            "pssrVersion" to "0.1.0",
            "resultsFormat" to RESULTS_FORMAT,
            "gitCommit" to git("rev-parse", "HEAD"),
            "frameworkVersions" to FrameworkVersions.ofThisBuild,
            "gitDirty" to (git("status", "--porcelain")?.isNotBlank() ?: false),
            "startedAt" to Instant.now().toString(),
            "jdkVendor" to System.getProperty("java.vendor"),
            "jdkVersion" to System.getProperty("java.runtime.version"),
            "javaHome" to System.getProperty("java.home"),
            "serverJvmFlags" to launch.jvmFlags().joinToString(" "),
            "serverCpus" to (launch.cpus ?: "all (not pinned)"),
            "loadGeneratorCpus" to (loadCpus ?: "all (not pinned)"),
            "driver" to driver.name,
            "loadGenerator" to driver.description,
            "cpuModel" to cpuModel(),
            "cores" to cores,
            "memoryTotal" to memTotal(),
            "os" to osName(),
            "kernel" to System.getProperty("os.version"),
            "options" to options,
        ) + listOfNotNull(MeasureLock.beside?.let { "measuredBeside" to it })

    fun write(file: Path, env: Map<String, Any?>) = WriteFailed.guard(file) {
        Files.createDirectories(file.parent)
        Files.writeString(file, Jackson.writePretty(env))
    }

    private fun git(vararg args: String): String? = try {
        val p = Children.spawn(
            ProcessBuilder(listOf("git", "-C", Project.root.toString()) + args).redirectErrorStream(true),
        )
        val out = p.inputStream.bufferedReader().readText().trim()
        if (p.waitFor() == 0) out else null
    } catch (e: Exception) {
        null
    }

    fun cpuModel(): String = try {
        Files.readAllLines(Path.of("/proc/cpuinfo")).firstOrNull { it.startsWith("model name") }?.substringAfter(":")?.trim() ?: "unknown"
    } catch (e: Exception) {
        "unknown"
    }

    private fun memTotal(): String = try {
        Files.readAllLines(Path.of("/proc/meminfo")).first { it.startsWith("MemTotal") }.substringAfter(":").trim()
    } catch (e: Exception) {
        "unknown"
    }

    private fun osName(): String = try {
        Files.readAllLines(Path.of("/etc/os-release")).firstOrNull { it.startsWith("PRETTY_NAME=") }?.substringAfter("=")?.trim('"')
            ?: System.getProperty("os.name")
    } catch (e: Exception) {
        System.getProperty("os.name")
    }

    /**
     * `--resume` continues a run only with the options it started with (driver, levels, windows, item
     * delay, selection, ...): otherwise one results.csv would mix two experiments. One line names what differs.
     */
    fun checkSameOptions(environment: Path, options: Map<String, Any?>) {
        if (!Files.exists(environment)) {
            throw DamagedFolder(environment, null, "is missing, so the options of that run are unknown: --resume cannot continue it")
        }
        val stored = read(environment)?.get("options") as? Map<*, *>
            ?: throw UsageError("--resume: $environment has no options; it was written by an older pssr, start a new run")
        val now = Jackson.read(Jackson.write(options)) as Map<*, *>
        val differ = (stored.keys + now.keys).map { it.toString() }.distinct().filter { stored[it] != now[it] }
        if (differ.isNotEmpty()) {
            throw UsageError(
                "--resume: these options would change what this run measured (" +
                    differ.joinToString(", ") { "$it: ${show(stored[it])} then, ${show(now[it])} now" } +
                    "); leave them out (--resume DIR alone takes the run's own), or start a new run",
            )
        }
    }

    /** The options run folder [dir] was started with (environment.json's `args`), or null where it stores none. */
    fun args(dir: Path): List<String>? = (read(RunDirectory(dir).environment)?.get("args") as? List<*>)?.map { it.toString() }

    /**
     * [file] as a JSON object, or null when there is none; [DamagedFolder] when it is not one, or names a results format this
     * pssr does not know, or its `options` are not an object (never read as the tool's own setup: a setup misread turns verdicts).
     */
    fun read(file: Path): Map<*, *>? {
        if (!Files.exists(file)) return null
        val env = JsonFile.readObject(file)
        if (env.containsKey("resultsFormat")) {
            val format = env["resultsFormat"]
            if (!(format is Number && format.toDouble() == Math.floor(format.toDouble()) && format.toInt() in 1..RESULTS_FORMAT)) {
                throw DamagedFolder(
                    file,
                    JsonFile.lineOf(file, "resultsFormat"),
                    "resultsFormat ${JsonFile.kind(format)} is unknown to this pssr, " +
                        "which reads format 1${if (RESULTS_FORMAT > 1) " to $RESULTS_FORMAT" else ""} (a folder written by a newer pssr?)",
                )
            }
        }
        if (env.containsKey("options") && env["options"] !is Map<*, *>) {
            throw DamagedFolder(file, JsonFile.lineOf(file, "options"), "'options' holds ${JsonFile.kind(env["options"])}, not an object")
        }
        return env
    }

    private fun show(v: Any?): String = when (v) {
        null -> "unset"
        is Double -> if (v == Math.floor(v)) v.toLong().toString() else v.toString()
        is List<*> -> v.joinToString(",", "[", "]") { show(it) }
        else -> v.toString()
    }
}
