package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.results.Environment
import pssr.bench.results.RouteCheck
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/** Seed 000's "Quarkus needs its output buffer set": both halves, read from the two JVMs one setting apart. */
class QuarkusBufferTest {
    @TempDir lateinit var tmp: Path

    private val id = "000-5.3-quarkus-streams-with-buffer"

    /** A folder run under [setup] whose quarkus routes of [approaches] got [verdict] from `verify`. */
    private fun folder(name: String, setup: String, verdict: (String) -> String): Path {
        val run = RunDirectory(tmp.resolve(name))
        Files.createDirectories(run.dir)
        Environment.write(run.environment, mapOf("cores" to 2, "options" to mapOf("setup" to setup)))
        for (engine in listOf("htmlflow", "jstachio")) {
            for (approach in listOf("blocking", "virtual", "reactive").filter { engine == "htmlflow" || it != "reactive" }) {
                val v = verdict(approach)
                run.append(
                    RouteCheck(
                        "quarkus", "presentations", engine, approach, "/presentations/$engine/$approach", v == "streams", v, true,
                        90.0, 90.0, 1_050.0, if (v == "streams") 20 else 2, 9_404, "", "",
                    ),
                )
            }
        }
        return run.dir
    }

    private fun judge(vararg folders: Path) = Ledger.judge(folders.map(JudgedFolder::read)).entries.first { it.first.id == id }.second

    private val eightKb = "paper-000"
    private val fiveTwelve = "paper-000 with ours: quarkus-output-buffer"

    @Test
    fun `buffered at 8 KB and streaming at 512 B holds, the reactive routes streaming at 8 KB said but not judged`() {
        val j = judge(
            folder("8k", eightKb) { if (it == "reactive") "streams" else "buffered" },
            folder("512", fiveTwelve) { "streams" },
        )
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
        assertTrue(j.ours.contains("at 8 KB 4 of 4") && j.ours.contains("at 512 B 4 of 4"), j.ours)
        assertTrue(j.ours.contains("the reactive routes, which the buffer does not hold, stream at 8 KB: 1 of 1"), j.ours)
    }

    @Test
    fun `streaming at 8 KB refutes the 8 KB half`() {
        val j = judge(folder("8k", eightKb) { "streams" }, folder("512", fiveTwelve) { "streams" })
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
    }

    @Test
    fun `a buffered route at 512 B refutes the 512 B half`() {
        val j = judge(
            folder("8k", eightKb) { "buffered" },
            folder("512", fiveTwelve) { if (it == "virtual") "buffered" else "streams" },
        )
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
    }

    @Test
    fun `the tool's setup alone (512 B) is not measured, and says which run is missing`() {
        val j = judge(folder("ours", "") { "streams" })
        assertEquals(Verdict.NOT_MEASURED, j.verdict, j.ours)
        assertTrue(j.command.contains("paper-000-pages-quarkus"), j.command)
    }
}
