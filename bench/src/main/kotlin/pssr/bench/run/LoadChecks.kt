package pssr.bench.run

import pssr.bench.console.UsageError
import pssr.bench.measure.EngineAddress
import pssr.bench.measure.RemoteEngines

/** `--repeat-at 32,64,128:6`: each listed level (one of [levels]) and its repetitions. */
internal fun parseRepeatAt(text: String, levels: List<Int>): Map<Int, Int> {
    fun wrong(why: String): Nothing =
        throw UsageError("--repeat-at must be USERS:N with USERS among --users and N from 1 to 100, e.g. 32,64,128:6; $why, was $text")
    val (users, n) = text.split(":").takeIf { it.size == 2 } ?: wrong("one colon between the levels and N")
    val count = n.trim().toIntOrNull()?.takeIf { it in 1..100 } ?: wrong("N is not 1 to 100")
    val at = users.split(",").map { u -> u.trim().toIntOrNull() ?: wrong("'$u' is not a number of users") }
    at.firstOrNull { it !in levels }?.let { wrong("$it users is not a level of this run (${levels.joinToString(",")})") }
    return at.associateWith { count }
}

/**
 * `--load-engines`: only with `--driver jmeter` and user levels that split evenly; every engine must answer on
 * its RMI registry now, so a typo is one line before anything starts.
 */
fun LoadOptions.engines(plan: RunPlan): List<EngineAddress> {
    val text = loadEngines ?: return emptyList()
    if (driver != "jmeter" || plan.levels.isEmpty()) {
        throw UsageError("--load-engines runs JMeter's remote engines: use it with --driver jmeter and --users")
    }
    val list = try {
        EngineAddress.parseList(text)
    } catch (e: IllegalArgumentException) {
        throw UsageError("--load-engines must be HOST:PORT[,HOST:PORT...]: ${e.message}")
    }
    val uneven = plan.levels.filter { it % list.size != 0 }
    if (uneven.isNotEmpty()) {
        throw UsageError(
            "--users with ${list.size} load engines must be multiples of ${list.size} (each engine runs the same share), not $uneven",
        )
    }
    val silent = list.filterNot(RemoteEngines::alive)
    if (silent.isNotEmpty()) {
        throw UsageError(
            "load engine ${silent.joinToString(", ")} does not answer; start it there with ./pssr " +
                "load-engine --port PORT --bind ADDRESS (docs/HARNESS.md)",
        )
    }
    return list
}
