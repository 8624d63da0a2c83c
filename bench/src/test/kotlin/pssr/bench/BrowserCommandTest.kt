package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.ByteArrayOutputStream
import java.io.PrintStream
import java.nio.file.Files
import java.nio.file.Path

/** `./pssr browser` without a browser: its input checks, and reading a Lighthouse report. */
class BrowserCommandTest {
    private fun run(vararg args: String): Pair<Int, String> {
        val err = ByteArrayOutputStream()
        val old = System.err
        System.setErr(PrintStream(err, true))
        try { return cli().execute(*args) to err.toString() } finally { System.setErr(old) }
    }

    @Test
    fun `bad input is one line and exit code 2`() {
        run("browser", "--pages", "stocks").let { (code, err) -> assertEquals(2, code); assertTrue(err.contains("unknown page 'stocks'; valid pages: weather, artist, presentations"), err) }
        run("browser", "--renderings", "naive").let { (code, err) -> assertEquals(2, code); assertTrue(err.contains("valid renderings: suspending, virtual"), err) }
        run("browser", "--throttling", "devtools").let { (code, err) -> assertEquals(2, code); assertTrue(err.contains("valid: simulate, provided"), err) }
        run("browser", "--runs", "0").let { (code, err) -> assertEquals(2, code); assertTrue(err.contains("--runs must be >= 1"), err) }
    }

    @Test
    fun `the figures are read from a Lighthouse JSON report`(@TempDir dir: Path) {
        val file = dir.resolve("r.json")
        Files.writeString(file, """{"lighthouseVersion":"12.8.2","runWarnings":[],"categories":{"performance":{"score":0.99}},
            "audits":{"first-contentful-paint":{"numericValue":867.1},"largest-contentful-paint":{"numericValue":900},
            "speed-index":{"numericValue":3235.7},"server-response-time":{"numericValue":387.8},
            "metrics":{"details":{"items":[{"observedFirstContentfulPaint":547}]}}}}""")
        val r = Lighthouse.read(file, "simulate")
        assertEquals(99.0, r.score, 1e-9)
        assertEquals(867.1, r.fcp); assertEquals(900.0, r.lcp); assertEquals(3235.7, r.speedIndex); assertEquals(387.8, r.ttfb); assertEquals(547.0, r.observedFcp)
    }
}
