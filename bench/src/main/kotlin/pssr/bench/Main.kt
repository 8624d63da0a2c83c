package pssr.bench

import picocli.CommandLine
import picocli.CommandLine.Command
import pssr.bench.browser.BrowserFailure
import pssr.bench.cli.BrowserCommand
import pssr.bench.cli.CalibrateCommand
import pssr.bench.cli.ClaimsCommand
import pssr.bench.cli.CompareCommand
import pssr.bench.cli.JmhCommand
import pssr.bench.cli.ListCommand
import pssr.bench.cli.LoadCommand
import pssr.bench.cli.LoadEngineCommand
import pssr.bench.cli.MergeCommand
import pssr.bench.cli.ProbeCommand
import pssr.bench.cli.ReportCommand
import pssr.bench.cli.ReproduceCommand
import pssr.bench.cli.RunCommand
import pssr.bench.cli.SectionedHelp
import pssr.bench.cli.ServeCommand
import pssr.bench.cli.VerifyCommand
import pssr.bench.console.UsageError
import pssr.bench.csv.DamagedFolder
import pssr.bench.measure.Server
import kotlin.system.exitProcess

/** `./pssr`: with no arguments, or only options (`./pssr --out DIR`), the launcher runs the quick benchmark (`run --quick`). */
@Command(
    name = "pssr",
    mixinStandardHelpOptions = true,
    version = ["pssr-bench 0.1.0"],
    description = [
        "Benchmarks Progressive Server-Side Rendering on the JVM: template engines x frameworks x approaches,",
        "and proves whether each page really streams.",
    ],
    subcommands = [
        RunCommand::class, VerifyCommand::class, ProbeCommand::class, LoadCommand::class, ServeCommand::class,
        BrowserCommand::class, ReportCommand::class, CompareCommand::class, MergeCommand::class, ReproduceCommand::class,
        ClaimsCommand::class, CalibrateCommand::class, ListCommand::class, JmhCommand::class, LoadEngineCommand::class,
        CommandLine.HelpCommand::class,
    ],
)
class Pssr : Runnable {
    override fun run() {
        CommandLine(this).usage(System.out)
    }
}

fun main(args: Array<String>) {
    exitProcess(cli().execute(*args))
}

/** The command line with pssr's error handling: bad input is one clear line and exit code 2, never a stack trace. */
fun cli(): CommandLine = CommandLine(Pssr()).also { root -> root.subcommands.values.forEach(SectionedHelp::install) }
    .setParameterExceptionHandler { e, _ ->
        System.err.println("pssr: ${e.message}")
        e.commandLine.err.println("Run '${e.commandLine.commandSpec.qualifiedName()} --help' for usage.")
        2
    }
    .setExecutionExceptionHandler { e, cmd, _ ->
        when (e) {
            is UsageError -> {
                System.err.println("pssr: ${e.message}")
                2
            }

            is pssr.bench.process.Stopped -> {
                System.err.println("pssr: ${cmd.commandName} stopped (interrupted; nothing after the signal was recorded)")
                130
            }

            // one place for every reader of a results folder: the file, the line, what is wrong; the folder was not changed
            is pssr.bench.csv.DamagedFolder -> {
                System.err.println("pssr: ${cmd.commandName}: damaged results folder, ${e.message} (nothing in it was changed)")
                2
            }

            is BrowserFailure -> {
                System.err.println("pssr: ${cmd.commandName}: ${e.message}")
                2
            }

            else -> {
                System.err.println("pssr: ${cmd.commandName} failed: ${e.message ?: e.javaClass.simpleName}")
                1
            }
        }
    }
