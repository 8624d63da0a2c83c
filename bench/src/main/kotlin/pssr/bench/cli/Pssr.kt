package pssr.bench.cli

import picocli.CommandLine
import picocli.CommandLine.Command
import pssr.bench.browser.BrowserFailure
import pssr.bench.console.UsageError
import pssr.bench.csv.DamagedFolder
import pssr.bench.csv.WriteFailed
import pssr.bench.process.Stopped
import pssr.bench.process.Stopping

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

    companion object {
        /**
         * The command line with pssr's error handling: bad input is one clear line and exit code 2, never a stack trace.
         * `main` runs it, and `reproduce` runs each phase through a new one, so that a phase parses exactly as printed.
         */
        fun commandLine(): CommandLine = CommandLine(Pssr()).also { root -> root.subcommands.values.forEach(SectionedHelp::install) }
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

                    is Stopped -> {
                        System.err.println("pssr: ${cmd.commandName} stopped (interrupted; nothing after the signal was recorded)")
                        130
                    }

                    // one place for every reader of a results folder: the file, the line, what is wrong; the folder was not changed
                    is DamagedFolder -> {
                        System.err.println("pssr: ${cmd.commandName}: damaged results folder, ${e.message} (nothing in it was changed)")
                        2
                    }

                    // a cause outside the tool: the file, the cause, what was kept, and the command that goes on once it is fixed
                    is WriteFailed -> {
                        val next = Stopping.lastContinue?.let { "once the cause is fixed, go on with: $it" } ?: "run it again once fixed"
                        System.err.println(
                            "pssr: ${cmd.commandName}: could not write ${e.file}: ${e.reason}; what was measured before is kept in " +
                                "${e.file.toAbsolutePath().parent} (a line cut mid-write is dropped on resume); $next",
                        )
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
    }
}
