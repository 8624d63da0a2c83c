package pssr.bench.claims

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import pssr.bench.BrowserTools
import pssr.probe.browser.Chromium
import java.nio.file.Path

/**
 * claims.html in a real headless Chromium: the ledger of the committed reference run (results-archive/answer-20261202, every
 * route at 128 and 256 users) drawn from its own claims.json, every judged claim a row, each figure with an interval drawn
 * as a whisker over the band where its word holds. Skipped where Chromium is not installed, failed under PSSR_REQUIRE_BROWSER.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LedgerBrowserTest {
    private var chromium: Chromium? = null
    private lateinit var page: Path
    private lateinit var ledger: Ledger

    @BeforeAll
    fun `the reference run's ledger and a browser`(@TempDir dir: Path) {
        val executable = Chromium.executable()
        BrowserTools.require(executable != null, "Chromium is not installed; install it with: ${Chromium.INSTALL_HINT}")
        ledger = Ledger.write(listOf(BrowserTools.root.resolve("results-archive/answer-20261202")), dir)
        page = dir.resolve("claims.html")
        chromium = Chromium.launch(executable!!)
    }

    @AfterAll
    fun `nothing left running`() {
        chromium?.close()
    }

    @Test
    fun `every judged claim is a row, and every figure with an interval is drawn as a whisker over its band`() {
        val judged = ledger.entries.filter { it.second.verdict != Verdict.NOT_MEASURED }
        assertTrue(judged.size >= 10, "the reference run judges claims: ${ledger.counts()}")
        BrowserTools.open(chromium!!, page, "", 1280) { tab, console ->
            @Suppress("UNCHECKED_CAST")
            val rows = tab.evaluate(
                """Array.from(document.querySelectorAll('.row.claim')).map(function (r) { return {
                  id: r.id.replace('ledger-', ''), verdict: r.dataset.verdict,
                  bands: r.querySelectorAll('rect.band').length, whiskers: r.querySelectorAll('line.interval').length,
                  dots: r.querySelectorAll('circle.estimate').length }; })""",
            ) as List<Map<String, Any?>>
            val byId = rows.associateBy { it["id"] }
            for ((c, j) in judged) {
                val row = byId[c.id] ?: error("no row for ${c.id}")
                assertEquals(j.verdict.word, row["verdict"], c.id)
                assertEquals(j.readings.size.toDouble(), row["bands"], "${c.id}: a band per figure")
                assertEquals(j.readings.count { it.high > it.low }.toDouble(), row["whiskers"], "${c.id}: a whisker per interval")
            }
            assertTrue(
                judged.count {
                    it.second.readings.any { r -> r.high > r.low }
                } >= judged.size / 2,
                "most judged claims have an interval",
            )
            assertEquals(true, tab.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page does not scroll sideways")
            assertEquals(emptyList<String>(), console)
        }
    }
}
