package pssr.bench

import java.nio.file.Files
import java.nio.file.Path
import pssr.servers.Json

/** What a result depends on besides the code: written to environment.json at the start of a run. */
object Environment {
    fun describe(options: Map<String, Any?>, launch: ServerLaunch, loadCpus: String?): Map<String, Any?> = linkedMapOf(
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
        "loadGenerator" to "JMeter via jmeter-java-dsl ${jmeterDslVersion()} (in the harness JVM), HTTP keep-alive, closed loop",
        "cpuModel" to cpuModel(),
        "cores" to Runtime.getRuntime().availableProcessors(),
        "memoryTotal" to memTotal(),
        "os" to osName(),
        "kernel" to System.getProperty("os.version"),
        "options" to options,
    )

    fun write(file: Path, env: Map<String, Any?>) {
        Files.createDirectories(file.parent)
        Files.writeString(file, env.entries.joinToString(",\n  ", "{\n  ", "\n}\n") { "${Json.str(it.key)}: ${Json.value(it.value)}" })
    }

    private fun git(vararg args: String): String? = try {
        val p = ProcessBuilder(listOf("git", "-C", Project.root.toString()) + args).redirectErrorStream(true).start()
        val out = p.inputStream.bufferedReader().readText().trim()
        if (p.waitFor() == 0) out else null
    } catch (e: Exception) { null }

    private fun cpuModel(): String = try {
        Files.readAllLines(Path.of("/proc/cpuinfo")).firstOrNull { it.startsWith("model name") }?.substringAfter(":")?.trim() ?: "unknown"
    } catch (e: Exception) { "unknown" }

    private fun memTotal(): String = try {
        Files.readAllLines(Path.of("/proc/meminfo")).first { it.startsWith("MemTotal") }.substringAfter(":").trim()
    } catch (e: Exception) { "unknown" }

    private fun osName(): String = try {
        Files.readAllLines(Path.of("/etc/os-release")).firstOrNull { it.startsWith("PRETTY_NAME=") }?.substringAfter("=")?.trim('"') ?: System.getProperty("os.name")
    } catch (e: Exception) { System.getProperty("os.name") }

    private fun jmeterDslVersion(): String =
        us.abstracta.jmeter.javadsl.JmeterDsl::class.java.`package`?.implementationVersion ?: "2.2"
}
