package pssr.bench.report

import pssr.bench.csv.DamagedFolder
import pssr.bench.results.Environment
import pssr.probe.Jackson
import java.nio.file.Files
import java.nio.file.Path

/**
 * The settings of a run that must match before `compare` can say a difference comes from the code: the cores the
 * harness saw, the JDK, the load driver and the per-item delay. Read from the run's environment.json (the flat
 * object Environment.kt writes) with the project's JSON reader. A key that is missing, or a file that is missing,
 * gives [UNKNOWN] (an unreadable file is a DamagedFolder); a readable file without "driver" is an older run, and every older run used
 * JMeter.
 */
data class RunEnvironment(val cores: String, val jdk: String, val driver: String, val itemDelayMs: String) {
    /** Label and value of each setting, in the order the refusal names them. */
    val settings: List<Pair<String, String>> get() = listOf(
        "cores" to cores,
        "JDK" to jdk,
        "driver" to driver,
        "item delay" to if (itemDelayMs == UNKNOWN) UNKNOWN else "$itemDelayMs ms",
    )

    companion object {
        const val UNKNOWN = "unknown"

        /** What a readable environment.json without a "driver" key means: runs before the key existed all used JMeter. */
        const val DRIVER_BEFORE_THE_KEY = "jmeter"

        val NOTHING_KNOWN = RunEnvironment(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN)

        /** From parsed environment.json (a Map from [Jackson.read]); anything else knows nothing. */
        fun of(json: Any?): RunEnvironment {
            if (json !is Map<*, *>) return NOTHING_KNOWN
            val options = json["options"] as? Map<*, *>
            return RunEnvironment(
                cores = text(json["cores"]),
                jdk = text(json["jdkVersion"]),
                driver = if (json.containsKey("driver")) text(json["driver"]) else DRIVER_BEFORE_THE_KEY,
                itemDelayMs = text(options?.get("itemDelayMs")),
            )
        }

        /** Nothing known without the file; a file that is not a readable environment is a DamagedFolder, never "unknown". */
        fun read(file: Path): RunEnvironment = Environment.read(file)?.let(::of) ?: NOTHING_KNOWN

        private fun text(v: Any?): String = when (v) {
            null -> UNKNOWN
            is Double -> if (v.isFinite() && v == Math.floor(v)) v.toLong().toString() else v.toString()
            is Map<*, *>, is List<*> -> UNKNOWN
            else -> v.toString().ifBlank { UNKNOWN }
        }
    }
}

/**
 * Whether runs A and B were measured under the same [RunEnvironment]. A setting differs when its values differ,
 * including known on one side and unknown on the other (nothing shows they match); unknown on both sides cannot be
 * checked and is listed in [unchecked] instead.
 */
class EnvironmentCheck(val a: RunEnvironment, val b: RunEnvironment) {
    /** "cores (2 vs 4)", one per differing setting. */
    val differences: List<String> = a.settings.zip(b.settings)
        .filter { (x, y) -> x.second != y.second }
        .map { (x, y) -> "${x.first} (${x.second} vs ${y.second})" }

    /** Settings unknown in both runs. */
    val unchecked: List<String> = a.settings.zip(b.settings)
        .filter { (x, y) -> x.second == RunEnvironment.UNKNOWN && y.second == RunEnvironment.UNKNOWN }
        .map { it.first.first }

    val matches: Boolean get() = differences.isEmpty()

    /** The one line `compare` refuses with (exit code 2). */
    val refusal: String get() = "runs differ in ${differences.joinToString(", ")}; compare them anyway with --allow-different-env"

    /** The line printed first, and at the top of the Markdown, when the runs were compared anyway. */
    val warning: String? get() = if (matches) {
        null
    } else {
        "WARNING: runs differ in ${differences.joinToString(", ")}; compared anyway (--allow-different-env): " +
            "a change below may measure the setup, not the code."
    }

    /** A quieter line for settings neither run recorded. */
    val note: String? get() = if (unchecked.isEmpty()) null else "Not checked (unknown in both runs): ${unchecked.joinToString(", ")}."

    companion object {
        fun of(a: RunData, b: RunData) = EnvironmentCheck(RunEnvironment.read(a.run.environment), RunEnvironment.read(b.run.environment))
    }
}
