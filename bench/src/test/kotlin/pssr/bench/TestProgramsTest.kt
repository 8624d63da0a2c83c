package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import pssr.bench.project.Project
import pssr.testkit.ChildProcesses
import java.nio.file.Files
import java.nio.file.Path

/**
 * scripts/test-programs.txt is what `./pssr test` installs (scripts/install-test-deps.sh reads it). Here: every program
 * on it is there when the suite runs, and every program the Kotlin and Java sources (every module's src/main and
 * src/test) start by name is on it, so a new external program cannot reach the suite without its install step.
 *
 * The scan reads: the first string of a command given to ProcessBuilder or to a helper taking `command: List<String>`
 * (literal, or a `val` of the same file holding `listOf("...", ...)`), names looked up on PATH (`Path.of(it, "wrk")` after
 * `getenv("PATH")`), absolute `/usr/bin/...` and `/bin/...` paths, and JDK tools (`"bin", "jcmd"`). It does not read
 * the bodies of `sh -c` scripts (the reapers' pkill, kill, grep, sleep: procps and coreutils, listed or essential).
 */
class TestProgramsTest {
    private val root: Path = Project.root
    private val list: Path = root.resolve("scripts/test-programs.txt")

    private data class Entry(val name: String, val source: String, val where: String?)

    private fun entries(file: Path = list): List<Entry> = Files.readAllLines(file).map { it.trim() }.filter {
        it.isNotEmpty() &&
            !it.startsWith("#")
    }
        .map { it.split(Regex("\\s+")) }.map { Entry(it[0], it[1], it.getOrNull(2)) }

    private fun onPath(name: String): Boolean =
        System.getenv("PATH").orEmpty().split(':').filter { it.isNotEmpty() }.any { Files.isExecutable(Path.of(it, name)) }

    private fun present(e: Entry): Boolean = when {
        e.source == "jdk" -> Files.isExecutable(Path.of(System.getProperty("java.home"), "bin", e.name))

        // bounded: a fc-list that never exits fails this test instead of hanging the suite
        e.where == "font" -> ChildProcesses.runToExit(ProcessBuilder("fc-list"), timeoutSeconds = 30).let { (code, out) ->
            code == 0 && out.any { it.isNotBlank() }
        }

        e.where != null -> Files.isExecutable(root.resolve(e.where))

        else -> onPath(e.name)
    }

    @Test
    fun `every program on the list is there when the suite runs`() {
        val entries = entries()
        assertTrue(entries.size >= 10 && entries.any { it.name == "ab" }, "the list is read: $entries")
        val missing = entries.filterNot(::present).map { "${it.name} (${it.source})" }
        assertEquals(emptyList<String>(), missing, "not installed; scripts/install-test-deps.sh installs them (./pssr test runs it)")
    }

    @Test
    fun `reproduce installs the drivers and the browser its phases start, as the suite does`() {
        val reproduce = entries(root.resolve("scripts/reproduce-programs.txt"))
        val names = reproduce.map { it.name }
        assertEquals(emptyList<String>(), listOf("wrk", "ab", "chromium", "node", "lighthouse").filterNot { it in names }, "$names")
        // the same source for each as the suite's list: one way to install each program
        assertEquals(emptyList<Entry>(), reproduce.filterNot { it in entries() }, "entries unlike scripts/test-programs.txt's")
        val launcher = Files.readString(root.resolve("pssr"))
        assertTrue("PSSR_TEST_PROGRAMS=\"\$ROOT/scripts/reproduce-programs.txt\" scripts/install-test-deps.sh" in launcher, "launcher")
    }

    @Test
    fun `every program the sources start by name is on the list`() {
        val found = Scan.programs(root)
        // the scan still sees what the code is known to start: a scan gone blind would pass anything
        val known = listOf("ab", "wrk", "chromium", "node", "npm", "git", "taskset", "kill", "setpriv", "jcmd", "python3")
        assertEquals(emptyList<String>(), known.filterNot { it in found.keys }, "programs the scan no longer finds; found: ${found.keys}")
        val listed = entries().map { it.name }.toSet()
        val unlisted = found.filterKeys { it !in listed }.map { (p, files) -> "$p (${files.joinToString()})" }
        assertEquals(emptyList<String>(), unlisted, "started by the code but not in scripts/test-programs.txt: add each with its install")
    }

    @Test
    fun `the install script fails with exit 2 and one line naming what it could not install`() {
        val fake = Files.createTempFile("pssr-test-programs-", ".txt")
        try {
            Files.writeString(fake, "# a JDK tool no JDK has: nothing can install it\nno-such-tool-pssr jdk\n")
            val pb = ProcessBuilder("bash", root.resolve("scripts/install-test-deps.sh").toString()).directory(root.toFile())
            pb.environment()["PSSR_TEST_PROGRAMS"] = fake.toString()
            pb.environment()["JAVA_HOME"] = System.getProperty("java.home")
            val (code, out) = ChildProcesses.runToExit(pb, timeoutSeconds = 60)
            assertEquals(2, code, out.joinToString("\n"))
            assertEquals(1, out.size, "one line: ${out.joinToString("\n")}")
            assertTrue(out.single().startsWith("install-test-deps: could not install no-such-tool-pssr ("), out.single())
        } finally {
            Files.deleteIfExists(fake)
        }
    }

    /** The programs the sources start, each with the files that start it. */
    object Scan {
        private val word = "[\\w.+-]+"
        private val helper = Regex("""fun\s+(\w+)\s*\(\s*command\s*:\s*List<String>""")
        private val pathLookup = Regex("""getenv\("PATH"\)[\s\S]{0,200}?Path\.of\(\s*it\s*,\s*"($word)"\s*\)""")
        private val absolute = Regex(""""/(?:usr/)?s?bin/($word)"""")
        private val jdkTool = Regex(""""bin"\s*,\s*"($word)"""")

        fun programs(root: Path): Map<String, List<String>> {
            val files = Files.walk(root).use { s ->
                s.filter { p ->
                    val rel = "/" + root.relativize(p).toString()
                    Files.isRegularFile(p) && (rel.endsWith(".kt") || rel.endsWith(".java")) &&
                        ("/src/main/" in rel || "/src/test/" in rel) && "/target/" !in rel && "/node_modules/" !in rel
                }.sorted().toList()
            }
            val found = sortedMapOf<String, MutableList<String>>()
            for (f in files) {
                val rel = root.relativize(f).toString()
                for (p in programs(Files.readString(f))) found.getOrPut(p) { mutableListOf() } += rel.substringAfterLast('/')
            }
            return found
        }

        fun programs(text: String): Set<String> {
            val sinks = (listOf("ProcessBuilder") + helper.findAll(text).map { it.groupValues[1] }).joinToString("|")
            val literal = Regex("""\b(?:$sinks)\(\s*(?:listOf\(\s*)?"($word)"""")
            val variable = Regex("""\b(?:$sinks)\(\s*(\w+)\s*[,)]""")
            val fromVariables = variable.findAll(text).mapNotNull { m ->
                Regex("""val\s+${m.groupValues[1]}\s*=\s*(?:mutableListOf|listOf)\(\s*"($word)"""").find(text)?.groupValues?.get(1)
            }
            return (
                literal.findAll(text).map { it.groupValues[1] } + fromVariables +
                    listOf(pathLookup, absolute, jdkTool).flatMap { r -> r.findAll(text).map { it.groupValues[1] } }
                ).toSet()
        }
    }
}
