package pssr.bench.cli

import picocli.CommandLine
import picocli.CommandLine.Model.OptionSpec
import picocli.CommandLine.ParameterException
import picocli.CommandLine.ParseResult
import pssr.bench.console.UsageError
import pssr.bench.process.Stopping
import pssr.bench.results.Environment
import java.nio.file.Path

/**
 * `run --resume DIR` takes the run's options from DIR, as `reproduce --resume` does: environment.json's `args` are the
 * options the run was started with. An option given beside `--resume` replaces the stored one of its name, so that one
 * that would change what was measured is refused by `Environment.checkSameOptions`, named; one that changes nothing
 * measured (`--allow-concurrent`) is simply used. A folder written before `args` existed resumes with the options given.
 */
internal object ResumedRun {
    /** The command to run instead of [given]'s: the stored options with [given]'s on top, or null when DIR stores none. */
    fun command(dir: Path, given: ParseResult, givenArgs: List<String>): RunCommand? {
        val stored = Environment.args(dir) ?: return null
        val named = given.matchedOptions().map { it.longestName() }.toSet()
        val kept = parse(dir, stored).matchedOptions().filter { it.longestName() !in named }.flatMap(::words)
        val resumed = RunCommand()
        parse(dir, kept + Stopping.withoutFolder(givenArgs) + listOf("--resume", dir.toString()), resumed)
        return resumed
    }

    private fun parse(dir: Path, args: List<String>, into: RunCommand = RunCommand()): ParseResult = try {
        CommandLine(into).parseArgs(*args.toTypedArray())
    } catch (e: ParameterException) {
        throw UsageError("--resume: the options of $dir (environment.json's args) do not parse: ${e.message}; start a new run")
    }

    /** An option as it was given: a flag by its name, every value as `--name=value` (a list as typed, e.g. `--users=4,8`). */
    private fun words(option: OptionSpec): List<String> = if (option.arity().max() == 0) {
        listOf(option.longestName())
    } else {
        option.originalStringValues().map { "${option.longestName()}=$it" }
    }
}
