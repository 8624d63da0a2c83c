package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path

class ResultsRoundTripTest {
    @TempDir lateinit var tmp: Path

    @Test
    fun `rows, checks and ceilings come back as written`() {
        val run = RunDirectory(tmp.resolve("run"))
        val row = ResultRow("webflux", "stocks", "htmlflow", "suspending", 32, 2, 8192, 5, 3012.25, 10.5, 9.75, 12.5, 20.25, 55.5,
            1.25, 3.5, 2.719, 1, 1600.0, 150.5, 199.5, 512.5, 120.5, 180.5, 12.5, 41, true)
        val zeroDelay = row.copy(users = 64, itemDelayMs = 0, floorRps = Double.NaN, driverBound = false)
        run.append(row); run.append(zeroDelay)
        assertEquals(listOf(row, zeroDelay), run.rows())
        assertEquals(5.0 / 8192, run.rows()[0].errorRate, 1e-12)

        val check = RouteCheck("mvc", "presentations", "trimou", "virtual", "/presentations/trimou/virtual", true, "buffered", true,
            1003.5, 1003.5, 1004.0, 1, 3600, "1004.0:3600", "a reason, with \"quotes\" and commas")
        run.append(check)
        assertEquals(listOf(check), run.checks())
        assertTrue(run.checks()[0].contradicts)

        run.append(Ceiling("webflux", "stocks", 128, 8123.4))
        assertEquals(listOf(Ceiling("webflux", "stocks", 128, 8123.4)), run.ceilings())
    }
}
