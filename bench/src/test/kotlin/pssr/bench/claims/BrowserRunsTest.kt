package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path

/** Lighthouse figures measured more than once carry an interval; one run is one measurement, never exact. */
class BrowserRunsTest {
    @TempDir lateinit var dir: Path

    private fun browserFolder(runsPerCase: Int): Path {
        val out = Files.createDirectories(dir.resolve("browser-$runsPerCase"))
        val cases = listOf("off" to 4800.0, "on" to 300.0)
        Files.writeString(
            out.resolve("summary.csv"),
            buildString {
                appendLine("page,rendering,pssr,throttling,runs,score,fcp_ms,lcp_ms,speed_index_ms,ttfb_ms,files")
                for ((pssr, fcp) in cases) appendLine("weather,suspending,$pssr,simulate,$runsPerCase,90,$fcp,$fcp,${fcp * 1.2},20,x.json")
            },
        )
        Files.writeString(
            out.resolve("runs.csv"),
            buildString {
                appendLine("page,rendering,pssr,throttling,run,score,fcp_ms,lcp_ms,speed_index_ms,ttfb_ms,observed_fcp_ms,file,warnings")
                for ((pssr, fcp) in cases) {
                    for (i in 1..runsPerCase) {
                        val v = fcp * (1 + 0.02 * (i - 2))
                        appendLine("weather,suspending,$pssr,simulate,$i,90,$v,$v,${v * 1.2},20,$v,x.json,")
                    }
                }
            },
        )
        return out
    }

    private fun fcpVerdict(folder: Path) = Ledger.judge(Evidence.load(listOf(folder))).entries.first {
        it.first.id == "002-t1-weather-fcp"
    }.second

    @Test
    fun `three Lighthouse runs per case give the on-off ratio an interval from the runs`() {
        val figure = Evidence.load(listOf(browserFolder(3))).browser.first { it.pssr == "on" }
        val e = figure.estimate({ it.fcpMs }, figure.fcpMs)
        assertEquals(3, e.n)
        assertTrue(e.hasInterval && 300.0 in e.low..e.high, "$e")
        val j = fcpVerdict(browserFolder(3))
        assertTrue("95%" in j.ours, j.ours)
        assertEquals(Verdict.HOLDS, j.verdict)
    }

    @Test
    fun `a case measured once is one measurement with no interval`() {
        val figure = Evidence.load(listOf(browserFolder(1))).browser.first { it.pssr == "on" }
        assertFalse(figure.estimate({ it.fcpMs }, figure.fcpMs).hasInterval)
        assertFalse("95%" in fcpVerdict(browserFolder(1)).ours)
    }

    /** Every Table 1 page, on and off, 3 runs each, with LCP = [lcpOverFcp] x FCP. */
    private fun allPages(lcpOverFcp: Double): Path {
        val out = Files.createDirectories(dir.resolve("pages-$lcpOverFcp"))
        val cases = listOf("weather", "artist", "presentations").flatMap { p -> listOf(Triple(p, "off", 2000.0), Triple(p, "on", 300.0)) }
        Files.writeString(
            out.resolve("summary.csv"),
            "page,rendering,pssr,throttling,runs,score,fcp_ms,lcp_ms,speed_index_ms,ttfb_ms,files\n" +
                cases.joinToString("") { (p, m, fcp) -> "$p,suspending,$m,simulate,3,90,$fcp,${fcp * lcpOverFcp},$fcp,20,x.json\n" },
        )
        Files.writeString(
            out.resolve("runs.csv"),
            "page,rendering,pssr,throttling,run,score,fcp_ms,lcp_ms,speed_index_ms,ttfb_ms,observed_fcp_ms,file,warnings\n" +
                cases.joinToString("") { (p, m, fcp) ->
                    (1..3).joinToString("") { i ->
                        val v = fcp * (1 + 0.01 * (i - 2))
                        "$p,suspending,$m,simulate,$i,90,$v,${v * lcpOverFcp * (1 + 0.005 * (i - 2))},$v,20,$v,x.json,\n"
                    }
                },
        )
        return out
    }

    private fun fcpLcp(folder: Path) = Ledger.judge(Evidence.load(listOf(folder))).entries.first {
        it.first.id == "002-t1-fcp-equals-lcp"
    }.second

    @Test
    fun `FCP equal to LCP holds where every page's runs paint both at once, and is refuted where LCP comes much later`() {
        assertEquals(Verdict.HOLDS, fcpLcp(allPages(1.0)).verdict, fcpLcp(allPages(1.0)).ours)
        val later = fcpLcp(allPages(1.6))
        assertEquals(Verdict.REFUTED, later.verdict, later.ours)
        assertTrue("presentations off" in later.ours, later.ours)
    }
}
