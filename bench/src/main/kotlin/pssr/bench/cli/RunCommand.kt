package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Mixin
import picocli.CommandLine.Model.CommandSpec
import picocli.CommandLine.Spec
import pssr.bench.api.ApiOptions
import pssr.bench.process.ConcurrencyOption
import pssr.bench.process.MeasureLock
import pssr.bench.process.Stopping
import pssr.bench.run.LoadOptions
import pssr.bench.run.OutputOptions
import pssr.bench.run.PagesOptions
import pssr.bench.run.RunWorkflow
import pssr.bench.run.RuntimeOptions
import pssr.bench.run.WhatToRun
import pssr.bench.students.StudentsOptions
import java.util.concurrent.Callable

@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = ["pssr run [OPTIONS]  (in sections below)"],
    description = [
        "Verify every route, then load it level by level.",
        "Each level is a warm-up window, then a measured window in which the driver",
        "(wrk by default) checks every response,",
        "the CPU per request of server and driver is read from /proc, and a side probe",
        "times first byte, first item and last byte. Writes results/<run-id>/",
        "(docs/RESULTS.md). Default: 1..128 users, 5 repetitions, a fresh server JVM",
        "per route and repetition (a day on 2 cores); --quick: about 5.5 minutes.",
        "",
        "Most used:",
        "  ./pssr run --quick                        # the core slice (what ./pssr runs)",
        "  ./pssr run --frameworks webflux --repeat 1          # one framework's sweep",
        "  ./pssr run --quick --engines jstachio --approaches virtual,reactive",
        "  ./pssr run --rate 200,500,1000 --frameworks webflux # the open model",
        "  ./pssr run --resume results/<run-id>      # continue an interrupted run",
        "",
        "Options, in sections: What to run · Load · Server runtime · Output · then each",
        "workload's own: Pages · Students (seed 003) · Products and forward (seed 004).",
    ],
)
class RunCommand : Callable<Int> {
    @Mixin lateinit var what: WhatToRun

    @Mixin lateinit var loading: LoadOptions

    @Mixin lateinit var runtime: RuntimeOptions

    @Mixin lateinit var output: OutputOptions

    // each workload's own settings, one line each
    @Mixin lateinit var pagesOptions: PagesOptions

    @Mixin lateinit var students: StudentsOptions

    @Mixin lateinit var api: ApiOptions

    @Mixin lateinit var concurrency: ConcurrencyOption

    @Spec lateinit var spec: CommandSpec

    // `--resume DIR` alone is enough: the folder's own options, with any given beside it on top (cli/ResumedRun)
    override fun call(): Int =
        (output.resume?.let { ResumedRun.command(it, spec.commandLine().parseResult, Stopping.argsOf(spec)) } ?: this).workflow()

    private fun workflow(): Int = RunWorkflow(
        what, loading, runtime, output, pagesOptions, students, api, MeasureLock.describe(spec), Stopping.argsOf(spec),
        concurrency.allowConcurrent,
    ).execute()
}
