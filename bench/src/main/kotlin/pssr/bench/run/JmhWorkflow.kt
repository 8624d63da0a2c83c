package pssr.bench.run

import org.openjdk.jmh.results.RunResult
import org.openjdk.jmh.results.format.ResultFormatType
import org.openjdk.jmh.runner.Runner
import org.openjdk.jmh.runner.options.CommandLineOptions
import org.openjdk.jmh.runner.options.OptionsBuilder
import org.openjdk.jmh.runner.options.TimeValue
import pssr.bench.console.Fmt
import pssr.bench.markup.Table
import pssr.bench.project.Project
import pssr.views.Engines
import java.nio.file.Files
import java.nio.file.Path

/**
 * `./pssr jmh`: JMH's Runner on the jmh module's RenderBenchmark in forked JVMs (short by default: 1 fork, 2 x 1 s warm-up,
 * 3 x 1 s measurement, the gc profiler), [jmhArgs] on top; the results as a table, by model and then fastest first, and as
 * JSON in [out] (default results/jmh-<time>.json).
 */
object JmhWorkflow {
    fun execute(engines: List<String>, out: Path?, jmhArgs: List<String>) {
        val base = OptionsBuilder()
            .include("pssr.jmh.RenderBenchmark")
            .forks(1).warmupIterations(2).warmupTime(TimeValue.seconds(1))
            .measurementIterations(3).measurementTime(TimeValue.seconds(1))
            .addProfiler("gc")
            .jvmArgsAppend("-Xms512m", "-Xmx512m")
        val json = out ?: Project.resultsPath("jmh-", ".json")
        json.toAbsolutePath().parent?.let { Files.createDirectories(it) }
        base.resultFormat(ResultFormatType.JSON).result(json.toString())
        // RenderBenchmark has no default engine list: the registry is the one list (a JMH -p engine=... still wins).
        base.param("engine", *engines.ifEmpty { Engines.names }.toTypedArray())
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

    /** One row per engine and model, by model and then by ops/s, highest first (sorted on the scores, then formatted). */
    fun table(results: Collection<RunResult>): String {
        val sorted = results.sortedWith(
            compareBy<RunResult>({ it.params.getParam("model") }, { -(it.primaryResult.score.takeUnless(Double::isNaN) ?: 0.0) }),
        )
        val rows = sorted.map { r ->
            val p = r.params
            val alloc = r.secondaryResults["·gc.alloc.rate.norm"] ?: r.secondaryResults["gc.alloc.rate.norm"]
            listOf(
                p.getParam("engine"),
                p.getParam("model"),
                Fmt.grouped(r.primaryResult.score, missing = Fmt.NAN),
                "± " + Fmt.grouped(r.primaryResult.scoreError.takeIf { !it.isNaN() } ?: 0.0),
                alloc?.let { Fmt.grouped(it.score, missing = Fmt.NAN) } ?: "n/a",
            )
        }
        return Table(listOf("engine", "model", "ops/s", "error (99.9%)", "B/op"), rows).render()
    }
}
