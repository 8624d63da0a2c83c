package pssr.bench.browser

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.project.Frameworks
import pssr.bench.results.RouteCheck
import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering
import java.nio.file.Path

/** Seed 002 §3's documents, fetched over real HTTP from the WebFlux server's demo pages. */
class DocumentChecksTest {
    @Test
    fun `the pages with a naive rendering are checked in every rendering, the naive one with PSSR on only`() {
        val cases = DocumentChecks.cases(DemoPage.all)
        assertEquals(listOf("weather", "presentations"), cases.map { it.page.id }.distinct())
        assertEquals(10, cases.size)
        assertEquals(listOf(true), cases.filter { it.rendering == DemoRendering.NAIVE }.map { it.pssr }.distinct())
    }

    @Test
    fun `what follows the closing html tag is the stray part, empty for a whole document`() {
        assertEquals("<tr><td>Perth</td></tr>", DocumentChecks.afterEnd("<html><body></body></html>\n<tr><td>Perth</td></tr>\n"))
        assertEquals("", DocumentChecks.afterEnd("<html><body></body></html>\n"))
    }

    @Test
    fun `the console table names a malformed document by what follows its end, not as a failure`() {
        val naive = RouteCheck(
            "demo", "weather", "naive", "naive", "/demo/weather/naive?pssr=on&itemDelayMs=100", true, "malformed", false, 8.0,
            109.0, 311.0, 4, 400, "", "105 characters after the closing html tag: <tr><td>Adelaide",
        )
        val table = DocumentChecks.table(listOf(naive))
        assertTrue("weather  naive      on    105 characters after the closing html tag  malformed" in table, table)
        assertFalse("FAILED" in table || "Adelaide" in table, table)
    }

    @Test
    fun `the naive pages are malformed with their items after the end, the waiting renderings well-formed and streaming`(
        @TempDir dir: Path,
    ) {
        ServerProcess.start(Frameworks.byName("webflux"), ServerLaunch(heapMax = "512m"), dir, "documents-test").use { server ->
            val checks = DocumentChecks.cases(DemoPage.all).associateWith { DocumentChecks.check(server.host, server.port, it) }
            for ((c, check) in checks) {
                if (c.rendering == DemoRendering.NAIVE) {
                    assertEquals("malformed", check.verdict, "${c.id}: ${check.error}")
                    assertFalse(check.bodyOk, c.id)
                    assertTrue(check.error.contains("after the closing html tag"), check.error)
                } else {
                    assertTrue(check.bodyOk, "${c.id}: ${check.error}")
                    assertEquals(if (c.pssr) "streams" else "buffered", check.verdict, "${c.id}: ${check.timeline}")
                }
            }
        }
    }
}
