
package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import pssr.bench.cli.ProbeRun
import pssr.bench.console.Durations
import pssr.bench.console.UsageError
import pssr.bench.run.ReproducePlan
import java.time.Duration
import java.time.temporal.ChronoUnit

/** The one duration syntax: `3`, `3s`, `2m`, `1h`; ranges; one refusal form; every duration option reads it. */
class DurationsTest {
    private fun s(text: String, min: Long = 0, max: Long = 3600) = Durations.seconds("--duration", text, min, max)

    @Test
    fun `a number, seconds, minutes and hours`() {
        assertEquals(Duration.ofSeconds(3), s("3"))
        assertEquals(Duration.ofSeconds(3), s("3s"))
        assertEquals(Duration.ofSeconds(3), s(" 3 s "))
        assertEquals(Duration.ofMinutes(2), s("2m"))
        assertEquals(Duration.ofHours(1), s("1h"))
        assertEquals(Duration.ZERO, s("0"))
    }

    @Test
    fun `a bare number counts in the option's own unit`() {
        val minutes = Durations.parse("--budget", "90", Duration.ofMinutes(1), Duration.ofDays(7), ChronoUnit.MINUTES)
        assertEquals(Duration.ofMinutes(90), minutes)
        assertEquals(Duration.ofMinutes(90), ReproducePlan.parseBudget("90"))
        assertEquals(Duration.ofSeconds(5400), ReproducePlan.parseBudget("5400s"))
        assertEquals(Duration.ofHours(2), ReproducePlan.parseBudget("2h"))
    }

    @Test
    fun `anything else is one refusal of one form, naming the option, the range and the forms`() {
        for (bad in listOf("", "1.5s", "3x", "-1", "s", "3 sec", "3ms", "10000000000")) {
            val e = assertThrows<UsageError>(bad) { s(bad, 1, 3600) }
            assertEquals("--duration must be a duration from 1 s to 60 min (3, 3s, 2m or 1h), was '$bad'", e.message)
        }
    }

    @Test
    fun `the range is checked, bounds included`() {
        assertEquals(Duration.ofSeconds(1), s("1", 1, 600))
        assertEquals(Duration.ofMinutes(10), s("10m", 1, 600))
        assertEquals(
            "--duration must be a duration from 1 s to 10 min (3, 3s, 2m or 1h), was '0'",
            assertThrows<UsageError> { s("0", 1, 600) }.message,
        )
        assertThrows<UsageError> { s("601", 1, 600) }
        assertThrows<UsageError> { s("11m", 1, 600) }
        assertEquals(
            "--budget must be a duration from 1 min to 168 h (3, 3s, 2m or 1h), was '30s'",
            assertThrows<UsageError> { ReproducePlan.parseBudget("30s") }.message,
        )
    }

    /** `load --duration 3s` once answered "'3s' is not a long": every command's duration options take the same forms. */
    @Test
    fun `every command's duration options take 3, 3s and 2m`() {
        val options = mapOf(
            "load" to listOf("--duration", "--warmup", "--page-warmup", "--steady-cap", "--timeout"),
            "probe" to listOf("--timeout"),
            "run" to
                listOf(
                    "--duration", "--warmup", "--route-warmup", "--steady-cap", "--timeout", "--ramp-up", "--response-timeout",
                    "--api-ramp-up",
                    "--api-budget", "--api-response-timeout",
                ),
            "reproduce" to listOf("--budget"),
        )
        for ((command, names) in options) {
            for (name in names) {
                for (value in listOf("3", "3s", "2m")) {
                    val url = if (command == "load" || command == "probe") listOf("http://127.0.0.1:1/") else emptyList()
                    val args = listOf(command, name, value) + url
                    val parsed = cli().parseArgs(*args.toTypedArray())
                    assertTrue(parsed.subcommand().hasMatchedOption(name), "$command $name $value")
                }
            }
        }
    }

    @Test
    fun `a bad duration is one line and exit 2 in every command, before anything starts`() {
        val commands = listOf(
            listOf("load", "--duration", "3x", "http://127.0.0.1:1/"),
            listOf("probe", "--timeout", "3x", "http://127.0.0.1:1/"),
            listOf("run", "--duration", "3x", "--frameworks", "webflux"),
            listOf("reproduce", "--budget", "3x", "--plan"),
            listOf("run", "--workloads", "students", "--ramp-up", "3x"),
            listOf("run", "--workloads", "products", "--api-budget", "3x"),
        )
        for (args in commands) {
            val run = ProbeRun.of(*args.toTypedArray())
            assertEquals(2, run.code, "$args: ${run.err}")
            val lines = run.err.trim().lines()
            assertEquals(1, lines.size, "$args: ${run.err}")
            val form = Regex("^pssr: --\\S+ must be a duration from .* \\(3, 3s, 2m or 1h\\), was '3x'$")
            assertTrue(form.matches(lines.single()), "$args: ${lines.single()}")
        }
    }

    @Test
    fun `a span reads to the second, so a phase of 90 s is not one minute`() {
        assertEquals("45 s", Durations.span(Duration.ofSeconds(45)))
        assertEquals("1 min 30 s", Durations.span(Duration.ofSeconds(90)))
        assertEquals("124 min 51 s", Durations.span(Duration.ofSeconds(124 * 60 + 51)))
    }
}
