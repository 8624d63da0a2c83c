package pssr.bench.results

import java.nio.file.Files
import java.nio.file.Path
import pssr.bench.UsageError
import pssr.bench.measure.LoadDriver
import pssr.bench.process.ServerLaunch
import pssr.bench.project.Project
import pssr.probe.Jackson

/** What a result depends on besides the code: written to environment.json at the start of a run. */
object Environment {
    fun describe(options: Map<String, Any?>, launch: ServerLaunch, loadCpus: String?, driver: LoadDriver, cores: Int): Map<String, Any?> = linkedMapOf(
        "pssrVersion" to "0.1.0",
        "gitCommit" to git("rev-parse", "HEAD"),
        "gitDirty" to (git("status", "--porcelain")?.isNotBlank() ?: false),
        "startedAt" to java.time.Instant.now().toString(),
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
    ) + listOfNotNull(pssr.bench.process.MeasureLock.beside?.let { "measuredBeside" to it })

    fun write(file: Path, env: Map<String, Any?>) {
        Files.createDirectories(file.parent)
        Files.writeString(file, Jackson.writePretty(env))
    }

    private fun git(vararg args: String): String? = try {
        val p = pssr.bench.process.Children.spawn(ProcessBuilder(listOf("git", "-C", Project.root.toString()) + args).redirectErrorStream(true))
        val out = p.inputStream.bufferedReader().readText().trim()
        if (p.waitFor() == 0) out else null
    } catch (e: Exception) { null }

    fun cpuModel(): String = try {
        Files.readAllLines(Path.of("/proc/cpuinfo")).firstOrNull { it.startsWith("model name") }?.substringAfter(":")?.trim() ?: "unknown"
    } catch (e: Exception) { "unknown" }

    private fun memTotal(): String = try {
        Files.readAllLines(Path.of("/proc/meminfo")).first { it.startsWith("MemTotal") }.substringAfter(":").trim()
    } catch (e: Exception) { "unknown" }

    private fun osName(): String = try {
        Files.readAllLines(Path.of("/etc/os-release")).firstOrNull { it.startsWith("PRETTY_NAME=") }?.substringAfter("=")?.trim('"') ?: System.getProperty("os.name")
    } catch (e: Exception) { System.getProperty("os.name") }

    /**
     * `--resume` continues a run only with the options it started with (driver, levels, windows, item
     * delay, selection, ...): otherwise one results.csv would mix two experiments. One line names what differs.
     */
    fun checkSameOptions(environment: Path, options: Map<String, Any?>) {
        if (!Files.exists(environment)) throw UsageError("--resume: $environment is missing, so the options of that run are unknown; start a new run")
        val stored = (Jackson.read(Files.readString(environment)) as? Map<*, *>)?.get("options") as? Map<*, *>
            ?: throw UsageError("--resume: $environment has no options; it was written by an older pssr, start a new run")
        val now = Jackson.read(Jackson.write(options)) as Map<*, *>
        val differ = (stored.keys + now.keys).map { it.toString() }.distinct().filter { stored[it] != now[it] }
        if (differ.isNotEmpty()) throw UsageError("--resume: this run was made with other options (" +
            differ.joinToString(", ") { "$it: ${show(stored[it])} then, ${show(now[it])} now" } + "); give the same options, or start a new run")
    }

    private fun show(v: Any?): String = when (v) {
        null -> "unset"
        is Double -> if (v == Math.floor(v)) v.toLong().toString() else v.toString()
        is List<*> -> v.joinToString(",", "[", "]") { show(it) }
        else -> v.toString()
    }
}
