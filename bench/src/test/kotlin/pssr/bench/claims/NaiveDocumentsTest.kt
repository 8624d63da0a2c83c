package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.results.RouteCheck
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/** `002-3-naive-async-malformed`, judged on a browser folder's demo documents (verification.csv, framework `demo`). */
class NaiveDocumentsTest {
    @TempDir lateinit var tmp: Path

    private val claim = Claims.all.first { it.id == "002-3-naive-async-malformed" }

    private fun doc(page: String, rendering: String, pssr: Boolean, wellFormed: Boolean) = RouteCheck(
        "demo", page, rendering, rendering, "/demo/$page/$rendering?pssr=${if (pssr) "on" else "off"}&itemDelayMs=100", pssr,
        if (wellFormed) (if (pssr) "streams" else "buffered") else "malformed", wellFormed, 5.0, 110.0, 320.0, 5, 900, "",
        if (wellFormed) "" else "105 characters after the closing html tag: <tr>",
    )

    /** A browser folder (as `./pssr browser` writes it) holding [docs], judged. */
    private fun judged(vararg docs: RouteCheck): Judgement {
        val dir = tmp.resolve("browser")
        Files.createDirectories(dir)
        docs.forEach(RunDirectory(dir)::append)
        return claim.judged(Evidence.of(listOf(JudgedFolder.read(dir)), 0.975))
    }

    private val waiting = listOf("suspending", "virtual").flatMap { r -> listOf(true, false).map { doc("weather", r, it, true) } }

    @Test
    fun `a naive page malformed beside well-formed waiting renderings holds`() {
        val j = judged(doc("weather", "naive", true, false), *waiting.toTypedArray())
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
        assertTrue("1 of 1 naive pages malformed (weather: 105 characters after the closing html tag)" in j.ours, j.ours)
    }

    @Test
    fun `a well-formed naive page refutes it`() =
        assertEquals(Verdict.REFUTED, judged(doc("weather", "naive", true, true), *waiting.toTypedArray()).verdict)

    @Test
    fun `a malformed waiting rendering refutes it, since the page and not the template would be at fault`() =
        assertEquals(Verdict.REFUTED, judged(doc("weather", "naive", true, false), doc("weather", "suspending", true, false)).verdict)

    @Test
    fun `the documents do not count as WebFlux routes for the verification claims`() {
        val j = judged(doc("weather", "naive", true, false), *waiting.toTypedArray())
        val webflux = Claims.all.first { it.id == "002-6-suspending-well-formed-pssr" }
            .judged(Evidence.of(listOf(JudgedFolder.read(tmp.resolve("browser"))), 0.975))
        assertEquals(Verdict.HOLDS, j.verdict)
        assertEquals(Verdict.NOT_MEASURED, webflux.verdict, webflux.ours)
    }
}
