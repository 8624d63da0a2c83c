package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import pssr.bench.project.Project
import pssr.testkit.ChildProcesses
import java.nio.file.Files
import java.nio.file.Path

/**
 * Every script in scripts/ (the executable ones: a `#!` first line; lib.sh and find-jdk.sh are sourced) answers
 * `--help` with its usage (exit 0) and a bad option with one line (exit 2), before it builds, finds a JDK or starts
 * anything: each run is bounded (ChildProcesses.runToExit kills what outlives its timeout).
 */
class ScriptsTest {
    private val dir: Path = Project.root.resolve("scripts")
    private val scripts: List<Path> = Files.list(dir).use { s -> s.filter { it.toString().endsWith(".sh") }.sorted().toList() }
        .filter { Files.readString(it).startsWith("#!") }

    private fun run(script: Path, vararg args: String): Pair<Int, List<String>> = ChildProcesses.runToExit(
        ProcessBuilder(listOf("bash", script.toString()) + args).directory(Project.root.toFile()),
        timeoutSeconds = 30,
    )

    @Test
    fun `the scripts are found, and the sourced libraries are not run as scripts`() {
        val names = scripts.map { it.fileName.toString() }
        assertTrue(names.containsAll(listOf("quarkus-buffers.sh", "driver-check.sh", "load-check.sh", "start-failure-stress.sh")), "$names")
        assertFalse("lib.sh" in names || "find-jdk.sh" in names, "sourced files have no #! line: $names")
    }

    @TestFactory
    fun `every script answers --help with its usage and exit 0`(): List<DynamicTest> = scripts.map { script ->
        DynamicTest.dynamicTest(script.fileName.toString()) {
            val (code, out) = run(script, "--help")
            assertEquals(0, code, out.joinToString("\n"))
            assertTrue(out.firstOrNull().orEmpty().startsWith("Usage: scripts/${script.fileName}"), out.joinToString("\n"))
        }
    }

    @TestFactory
    fun `every script refuses a bad option with one line and exit 2`(): List<DynamicTest> = scripts.map { script ->
        DynamicTest.dynamicTest(script.fileName.toString()) {
            val (code, out) = run(script, "--no-such-option")
            assertEquals(2, code, out.joinToString("\n"))
            assertEquals(1, out.size, "one line: ${out.joinToString("\n")}")
            assertTrue(out.single().contains("--no-such-option"), out.single())
        }
    }

    @TestFactory
    fun `a bad value is refused the same way`(): List<DynamicTest> = listOf(
        "quarkus-buffers.sh" to listOf("--users", "many"),
        "quarkus-buffers.sh" to listOf("--repeat"),
        "driver-check.sh" to listOf("--rounds", "0"),
        "load-check.sh" to listOf("--only", "everything"),
        "start-failure-stress.sh" to listOf("--only", "tomcat"),
        "check-workflows.sh" to listOf("extra"),
    ).map { (name, args) ->
        DynamicTest.dynamicTest("$name ${args.joinToString(" ")}") {
            val (code, out) = run(dir.resolve(name), *args.toTypedArray())
            assertEquals(2, code, out.joinToString("\n"))
            assertEquals(1, out.size, "one line: ${out.joinToString("\n")}")
        }
    }
}
