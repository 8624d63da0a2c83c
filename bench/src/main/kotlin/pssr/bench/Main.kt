package pssr.bench

import picocli.CommandLine
import pssr.bench.cli.Pssr
import kotlin.system.exitProcess

/** `./pssr`'s entry point: the command line of [Pssr] (`cli/Pssr`), its exit code the process's. */
fun main(args: Array<String>) {
    exitProcess(cli().execute(*args))
}

/** The command line with pssr's error handling: bad input is one clear line and exit code 2, never a stack trace. */
fun cli(): CommandLine = Pssr.commandLine()
