package pssr.bench.cli

import org.openjdk.jmh.results.RunResult
import org.openjdk.jmh.runner.Runner
import org.openjdk.jmh.runner.options.CommandLineOptions
import org.openjdk.jmh.runner.options.OptionsBuilder
import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.console.Fmt
import pssr.bench.console.UsageError
import pssr.bench.markup.Table
import pssr.bench.project.Project
import pssr.views.Engines

@Command(
    name = "jmh",
    mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "Render microbenchmark: every engine x model, zero delay, into a discarding sink (ops/s and B/op).",
        "Default is short (1 fork, 2x1 s warm-up, 3x1 s measurement, -prof gc). Arguments after '--' go to JMH, " +
            "e.g. ./pssr jmh -- -f 3 -wi 5 -i 10 -p engine=jstachio,htmlflow",
    ],
)
class JmhCommand : Runnable {
    @Option(
        names = ["--engines"],
        split = ",",
        description = ["Engines to run (default: all). Valid: \${COMPLETION-CANDIDATES}"],
        completionCandidates = EngineNames::class,
    )
    var engines: List<String> = emptyList()

    @Option(names = ["--out"], paramLabel = "FILE", description = ["Where JMH's results go as JSON (default results/jmh-<time>.json)"])
    var out: java.nio.file.Path? = null

    @Parameters(description = ["JMH options (after --)"], arity = "0..*")
    var jmhArgs: List<String> = emptyList()

    override fun run() {
        engines.forEach {
            if (Engines.byName(it) ==
                null
            ) {
                throw UsageError("unknown engine '$it'; valid engines: ${Engines.names.joinToString(", ")}")
            }
        }
        val base = OptionsBuilder()
            .include("pssr.jmh.RenderBenchmark")
            .forks(1).warmupIterations(2).warmupTime(org.openjdk.jmh.runner.options.TimeValue.seconds(1))
            .measurementIterations(3).measurementTime(org.openjdk.jmh.runner.options.TimeValue.seconds(1))
            .addProfiler("gc")
            .jvmArgsAppend("-Xms512m", "-Xmx512m")
        val json = out ?: Project.resultsPath("jmh-", ".json")
        json.toAbsolutePath().parent?.let { java.nio.file.Files.createDirectories(it) }
        base.resultFormat(org.openjdk.jmh.results.format.ResultFormatType.JSON).result(json.toString())
        if (engines.isNotEmpty()) base.param("engine", *engines.toTypedArray())
        val options = if (jmhArgs.isEmpty()) {
            base.build()
        } else {
            OptionsBuilder().parent(CommandLineOptions(*jmhArgs.toTypedArray())).parent(base.build()).build()
        }
        val results = Runner(options).run()
        println()
        println(table(results))
        println("pssr jmh: results as JSON in ${json.toAbsolutePath().normalize()}")
    }

    companion object {
        fun table(results: Collection<RunResult>): String {
            val rows = results.map { r ->
                val p = r.params
                val alloc = r.secondaryResults["·gc.alloc.rate.norm"] ?: r.secondaryResults["gc.alloc.rate.norm"]
                listOf(
                    p.getParam("engine"),
                    p.getParam("model"),
                    Fmt.grouped(r.primaryResult.score, missing = Fmt.NAN),
                    "± " + Fmt.grouped(r.primaryResult.scoreError.takeIf { !it.isNaN() } ?: 0.0),
                    alloc?.let { Fmt.grouped(it.score, missing = Fmt.NAN) } ?: "n/a",
                )
            }.sortedWith(compareBy({ it[1] }, { -(it[2].replace(",", "").toDoubleOrNull() ?: 0.0) }))
            return Table(listOf("engine", "model", "ops/s", "error (99.9%)", "B/op"), rows).render()
        }
    }
}

class EngineNames : Iterable<String> {
    override fun iterator() = Engines.names.iterator()
}
