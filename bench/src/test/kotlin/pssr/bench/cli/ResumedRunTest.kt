package pssr.bench.cli

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import picocli.CommandLine
import pssr.bench.results.Environment
import java.nio.file.Path

/** `run --resume DIR` parses the options DIR's run was started with (environment.json's args), the ones given beside it on top. */
class ResumedRunTest {
    private fun given(vararg args: String): Pair<CommandLine.ParseResult, List<String>> =
        CommandLine(RunCommand()).parseArgs(*args) to args.toList()

    private fun folder(dir: Path, args: List<String>?): Path = dir.also {
        Environment.write(
            it.resolve("environment.json"),
            mapOf("options" to emptyMap<String, Any>()) + (args?.let { a -> mapOf("args" to a) } ?: emptyMap()),
        )
    }

    @Test
    fun `--resume DIR alone takes every option the run was started with`(@TempDir dir: Path) {
        folder(dir, listOf("--quick", "--frameworks", "webflux,mvc", "--users", "4,8", "--no-pin"))
        val (parse, args) = given("--resume", dir.toString())
        val resumed = ResumedRun.command(dir, parse, args)!!
        assertTrue(resumed.what.quick)
        assertEquals(listOf("webflux", "mvc"), resumed.what.selection.frameworks)
        assertEquals(listOf(4, 8), resumed.loading.users)
        assertEquals(dir, resumed.output.resume)
    }

    @Test
    fun `an option given beside --resume replaces the stored one of its name, the others are kept`(@TempDir dir: Path) {
        folder(dir, listOf("--quick", "--users", "4,8"))
        val (parse, args) = given("--resume", dir.toString(), "--users", "1,2")
        val resumed = ResumedRun.command(dir, parse, args)!!
        assertEquals(listOf(1, 2), resumed.loading.users, "then refused by checkSameOptions, naming levels")
        assertTrue(resumed.what.quick)
    }

    @Test
    fun `a folder written before its options were stored resumes with the options given`(@TempDir dir: Path) {
        folder(dir, null)
        val (parse, args) = given("--resume", dir.toString(), "--quick")
        assertNull(ResumedRun.command(dir, parse, args))
    }
}
