package pssr.bench.cli

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import picocli.CommandLine
import pssr.bench.cli
import pssr.bench.project.Project
import java.nio.file.Files
import java.nio.file.Path

/**
 * Every `./pssr` command line the README and docs/ show still parses: options renamed or moved (the sections of
 * `run --help`) must not break what people copy. Lines are parsed, never run.
 */
class DocumentedCommandsTest {
    private val docs: List<Path> = listOf(Project.root.resolve("README.md")) +
        Files.list(Project.root.resolve("docs")).use { s -> s.filter { it.toString().endsWith(".md") }.sorted().toList() }

    /** `./pssr ...` from code blocks (after an optional `$ `) and from inline code, with continuation lines joined and comments cut. */
    private fun commandLines(file: Path): List<String> {
        val text = Files.readString(file).replace("\\\n", " ")
        val inBlocks = text.lines().map { it.trim().removePrefix("$ ") }.filter { it.startsWith("./pssr") }
        val inline = Regex("`(\\./pssr[^`]*)`").findAll(text).map { it.groupValues[1] }
        return (inBlocks + inline).map { it.substringBefore(" #").trim() }.distinct()
    }

    /** Shell words: single and double quotes kept together. */
    private fun words(line: String): List<String> =
        Regex("'([^']*)'|\"([^\"]*)\"|(\\S+)").findAll(line).map { m -> m.groupValues.drop(1).first { it.isNotEmpty() } }.toList()

    /** Words the docs write for a value the reader supplies, given to the parser as a value of the right type. */
    private val placeholders = mapOf("USERS" to "8", "N" to "8", "P" to "0.05", "PCT" to "5", "SECONDS" to "10", "MS" to "100")

    /** What the launcher hands the CLI: `./pssr` alone, or followed by options (`./pssr --out DIR`), is `run --quick`. */
    private fun launched(args: List<String>): List<String> = when {
        args.isEmpty() -> listOf("run", "--quick")
        args.first() in setOf("-h", "--help", "-V", "--version") -> args
        args.first().startsWith("-") -> listOf("run", "--quick") + args
        else -> args
    }

    @Test
    fun `every documented pssr command line parses`() {
        val failures = mutableListOf<String>()
        var parsed = 0
        for (file in docs) {
            for (line in commandLines(file)) {
                val args = words(line).drop(1)
                    .filter { it != "..." && it != "&" } // "and so on", run in the background
                    .map { it.removePrefix("[").removeSuffix("]") } // a synopsis: [--out FILE]
                    .map { placeholders[it] ?: it }
                if (args.firstOrNull() == "test") continue // ./pssr test is the launcher's, not the CLI's
                try {
                    cli().parseArgs(*launched(args).toTypedArray())
                    parsed++
                } catch (e: CommandLine.MissingParameterException) {
                    parsed++
                } // prose naming a command without its URL or folder
                catch (e: CommandLine.ParameterException) {
                    failures += "${file.fileName}: $line -> ${e.message}"
                }
            }
        }
        assertTrue(parsed > 40, "found only $parsed command lines")
        assertTrue(failures.isEmpty(), failures.joinToString("\n"))
    }

    @Test
    fun `run --help opens with the most used commands, then its options in sections`() {
        val help = ProbeRun.of("run", "--help").out
        val first = help.lines().take(40).joinToString("\n")
        assertTrue("./pssr run --quick" in first && "Most used:" in first, first)
        val headings = listOf(
            "What to run:",
            "Load (users, rate, driver, windows, repetitions):",
            "Server runtime:",
            "Output:",
            "Pages workload (the PSSR matrix):",
            "Students workload (seed 003; docs/STUDENTS.md):",
            "Products and forward workloads (seed 004; docs/SEED004.md):",
            "Help:",
        )
        val at = headings.map { help.indexOf("\n$it\n") }
        assertTrue(at.all { it >= 0 } && at == at.sorted(), "sections in order: ${headings.zip(at)}")
        assertTrue(help.indexOf("--users") in at[1]..at[2] && help.indexOf("--hikari-max-pool-size") > at[6], "each option in its section")
    }

    @Test
    fun `every command's help prints without a picocli warning`() {
        // picocli reads a description as a format string: a lone % ("95% interval") prints a WARN and the raw text
        fun all(cl: CommandLine): List<CommandLine> = listOf(cl) + cl.subcommands.values.distinct().flatMap(::all)
        val commands = all(cli()).filter { !it.commandSpec.usageMessage().hidden() }.map { it.commandSpec.qualifiedName(" ") }
        assertTrue(commands.size > 10, "commands found: $commands")
        val warned = commands.mapNotNull { c ->
            val run = ProbeRun.of(*c.split(" ").drop(1).toTypedArray(), "--help")
            run.err.lines().firstOrNull { "WARN" in it }?.let { "$c: $it" }
        }
        assertEquals(emptyList<String>(), warned, "help with picocli warnings")
    }
}
