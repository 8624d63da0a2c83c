package pssr.bench.setup

import pssr.bench.console.UsageError

/**
 * How a paper's value of one setting reaches a run. A setting the tool cannot apply says why, so the ledger can name
 * it as a difference that was not tried.
 */
sealed interface Applied {
    /** A JVM flag (usually `-Dname=value`) on the server JVM of [framework]. */
    data class ServerFlag(val framework: String, val flag: String) : Applied

    /** Another build of [framework]'s server, as its launch.properties names it (`artifact.variant.<name>`). */
    data class LaunchVariant(val framework: String, val variant: String) : Applied

    /** Arguments of `./pssr run` that `reproduce` adds to the phase of [workload] (e.g. seed 004's `--preset paper`). */
    data class RunArgs(val workload: String, val args: List<String>) : Applied

    /**
     * A default of `./pssr run` under this setup ([option] `--driver`, `--jdk` or `--requests-per-user` with [value]): what the
     * run uses when the user did not give that option (their own choice is a one-factor change of its own). [notInReproduce]:
     * why `reproduce` gives its own value instead (its rows then hold the tool's value: the ledger says so, and no one-factor
     * run turns it back); null when reproduce applies it too.
     */
    data class RunDefault(val option: String, val value: String, val notInReproduce: String? = null) : Applied

    /** Not applied by the tool: why (the ledger lists it among the settings that differ and were not tried). */
    data class NotApplied(val why: String) : Applied
}

/**
 * One setting a paper ran with: its value there and in the tool's own runs, where the paper's value comes from (the
 * paper's section, or file:line@commit of the seeds' repository), how it is applied, and which routes it acts on.
 * [factor] names it in `run --ours FACTOR` (this one setting back at the tool's value) and in the ledger's cause lines.
 */
data class Setting(
    val factor: String,
    val what: String,
    val paper: String,
    val ours: String,
    val source: String,
    val applied: Applied,
    /** The pages approaches it changes (null: every route of its framework); a one-factor run measures only these. */
    val approaches: List<String>? = null,
    /** The key of `GET /routes` settings that shows the value the server really runs with, and the paper's value there. */
    val reported: Pair<String, String>? = null,
    /** For a value the paper's machine decided (hardware threads, cores): which machine's figure it is. */
    val machine: String? = null,
) {
    val framework: String? get() = when (applied) {
        is Applied.ServerFlag -> applied.framework
        is Applied.LaunchVariant -> applied.framework
        else -> null
    }

    /** Whether it changes the pages routes of [framework] (a label such as `webflux@jdk21` counts as its framework) under [approach]. */
    fun actsOn(framework: String, approach: String): Boolean =
        (this.framework == null || this.framework == Setup.ALL || this.framework == framework.substringBefore('@')) &&
            (approaches == null || approach in approaches)

    /** The paper's value differs from ours and the tool can apply it: a factor a one-factor run can turn back. */
    val tryable: Boolean get() = applied !is Applied.NotApplied && paper != ours
}

/** A named setup: every setting of one seed's runs (docs/SETUPS.md). [ours] lists the factors turned back to the tool's value. */
data class Setup(
    val name: String,
    val seed: String,
    val description: String,
    val settings: List<Setting>,
    val ours: List<String> = emptyList(),
    /** Another setup whose runs stand for this one's routes that no run of its own measured (the settings they share: [measuredWhy]). */
    val measuredAs: String? = null,
    val measuredWhy: String = "",
) {
    /** The settings in force: the paper's, except those in [ours]. */
    private val inForce: List<Setting> get() = settings.filter { it.applied !is Applied.NotApplied && it.factor !in ours }

    /** The server JVM flags of [framework] under this setup (after the tool's own, so a later `-Xmx` wins). */
    fun serverFlags(framework: String): List<String> =
        inForce.mapNotNull { (it.applied as? Applied.ServerFlag)?.takeIf { a -> a.framework == framework || a.framework == ALL }?.flag }

    /** The build of [framework]'s server to start, or null for the default one. */
    fun variant(framework: String): String? =
        inForce.mapNotNull { (it.applied as? Applied.LaunchVariant)?.takeIf { a -> a.framework == framework }?.variant }.lastOrNull()

    /** The value this setup gives `./pssr run`'s [option] (`--driver`, `--jdk`) when the user gave none; null for the tool's own. */
    fun runDefault(option: String): String? =
        inForce.mapNotNull { (it.applied as? Applied.RunDefault)?.takeIf { a -> a.option == option }?.value }.lastOrNull()

    /** `./pssr run` arguments this setup adds for [workload]. */
    fun runArgs(workload: String): List<String> = inForce.flatMap {
        (it.applied as? Applied.RunArgs)?.takeIf { a -> a.workload == workload }?.args
            ?: emptyList()
    }

    /**
     * What [framework]'s `GET /routes` [settings] say against what this setup sets: one line per setting whose reported
     * value differs (empty when every applied setting shows).
     */
    fun mismatches(framework: String, settings: Map<String, String>): List<String> = settings().filter {
        it.framework == framework ||
            it.framework == ALL
    }
        .mapNotNull { s ->
            val (key, want) = s.reported ?: return@mapNotNull null
            val expected = if (s.factor in ours) oursReported(s) ?: return@mapNotNull null else want
            val got = settings[key]
            if (got == expected) null else "${s.factor}: GET /routes reports $key=${got ?: "nothing"}, the setup sets $expected"
        }

    private fun settings() = settings.filter { it.applied !is Applied.NotApplied }

    /** The reported value under the tool's own setting: the same key with [Setting.ours] when it is a plain value. */
    private fun oursReported(s: Setting): String? = s.ours.takeIf { v -> v.all { it.isLetterOrDigit() } }

    /** The factors a one-factor run can turn back, in the order they are listed. */
    val factors: List<Setting> get() = settings.filter { it.tryable }

    /** The factors `reproduce` measures at the tool's value although `run` applies them ([Applied.RunDefault.notInReproduce]). */
    val notInReproduce: List<Setting> get() = factors.filter { (it.applied as? Applied.RunDefault)?.notInReproduce != null }

    /** This setup with [factors] turned back to the tool's values (`run --ours`); an unknown factor is a [UsageError]. */
    fun withOurs(factors: List<String>): Setup {
        val unknown = factors.filter { f -> this.factors.none { it.factor == f } }
        if (unknown.isNotEmpty()) {
            throw UsageError(
                "--ours ${unknown.joinToString(",")}: not a factor of $name; valid: ${this.factors.joinToString(", ") {
                    it.factor
                }}",
            )
        }
        return copy(ours = factors.distinct())
    }

    /** How rows and the environment name it: `paper-000`, `paper-000 with ours: webflux-blocking-threads`. */
    val label: String get() = if (ours.isEmpty()) name else "$name with ours: ${ours.joinToString(",")}"

    companion object {
        /** A [Applied.ServerFlag] for every framework's server. */
        const val ALL = "*"
    }
}
