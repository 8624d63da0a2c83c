
package pssr.bench.run

import picocli.CommandLine.Mixin
import picocli.CommandLine.Option
import pssr.bench.console.HelpSection
import pssr.bench.console.UsageError
import pssr.bench.project.Project
import pssr.bench.project.Workloads
import pssr.bench.results.Environment
import pssr.bench.results.FolderCheck
import pssr.bench.results.NewerFolder
import pssr.bench.results.RunDirectory
import pssr.bench.results.Shard
import pssr.model.ItemDelay
import java.nio.file.Files
import java.nio.file.Path

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
                "compute-bound and network-bound APIs; docs/SEED004.md)",
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
            "The core slice (presentations; each framework's quick.routes: webflux htmlflow/suspending, jstachio/virtual, " +
                "thymeleaf/reactive and a baseline; mvc virtual-flush; quarkus virtual and reactive; helidon virtual-flush) at 256 " +
                "users 4 times in mirrored order (the ranking, with intervals), 2s route warm-up, 1s+2s per level, one server JVM " +
                "per framework",
        ],
    )
    var quick: Boolean = false

    @Option(
        names = ["--answer"],
        description = [
            "The reference run of the whole matrix (every framework, engine, approach and both models) that answer.md ranks: " +
                "128 and 256 users, 3 shared server JVMs per framework with one window each per level, 1s+2s per level " +
                "(about 2.5 hours on 2 cores; --shard K/3 splits it into sittings, ./pssr merge joins them; docs/RESULTS.md)",
        ],
    )
    var answer: Boolean = false

    /** One server JVM per framework shared by its routes (--quick, --answer), not a fresh JVM per route and repetition. */
    val sharesJvms: Boolean get() = quick || answer
}

class OutputOptions : HelpSection {
    override val heading = "Output"

    @Option(
        names = ["--out"],
        paramLabel = "DIR",
        description = ["Results directory (default results/<run-id>); must not hold a run unless --resume"],
    )
    var out: Path? = null

    @Option(
        names = ["--resume"],
        paramLabel = "DIR",
        description = [
            "Continue an interrupted run in DIR with the levels that have no row, with the options it was started with " +
                "(read from DIR; an option given beside it that would change what was measured is refused)",
        ],
    )
    var resume: Path? = null

    @Option(
        names = ["--profile"],
        paramLabel = "USERS",
        description = [
            "After each route's levels, a CPU and an allocation profile " +
                "(async-profiler, or JFR where its agent cannot load) at USERS users, each one measured window long: flame graphs in " +
                "profiles/, top frames in profiles.csv and the report",
        ],
    )
    var profileUsers: Int? = null

    fun validate() {
        out?.let {
            if (Files.exists(it) && !Files.isDirectory(it)) {
                throw UsageError("--out $it is a file; name a directory (it is created if missing)")
            }
        }
    }

    /** The run's folder: --resume's (its options must match [options]), else a new one that holds no run. */
    fun resultsDirectory(options: Map<String, Any?>): Path {
        resume?.let {
            if (out != null && out!!.toAbsolutePath() != it.toAbsolutePath()) {
                throw UsageError("--resume and --out name different directories; give only --resume DIR")
            }
            if (!Files.isDirectory(it)) throw UsageError("--resume: no run directory at $it")
            Environment.checkSameOptions(RunDirectory(it).environment, options)
            // the whole folder is read before anything in it changes; a line cut mid-write is the one damage resume mends
            FolderCheck.check(it, resuming = true)
            val folder = RunDirectory(it)
            folder.repair().forEach { dropped -> System.err.println("pssr: --resume: $dropped") }
            try {
                folder.upgrade().forEach { upgraded -> System.err.println("pssr: --resume: $upgraded") }
            } catch (e: NewerFolder) {
                throw UsageError("--resume: ${e.message}")
            }
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

    val itemDelayMs: Long get() = ItemDelay.parse(itemDelay).getOrElse { throw UsageError("--item-delay ${it.message}") }.millis
}
