package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import pssr.bench.setup.Setups

/** Seed 000's load profile, 256 requests per user, is a default of `run --setup paper-000` (docs/SETUPS.md, `load-profile`). */
class SetupProfileTest {
    private fun perUser(setup: String?, vararg given: Pair<String, String>): Int {
        val loading = LoadOptions()
        for ((option, value) in given) {
            when (option) {
                "--duration" -> loading.duration = value
                "--driver" -> loading.driverChoice = value
                "--requests-per-user" -> loading.requestsPerUser = value.toInt()
            }
        }
        val s = setup?.let { Setups.byName(it) }
        loading.useSetup(s)
        return loading.plan(quick = true, itemDelayMs = 1, profileUsers = null).windows.requestsPerUser
    }

    @Test fun `under paper-000 a run with no window of its own loads 256 requests per user with JMeter`() =
        assertEquals(256, perUser("paper-000"))

    @Test fun `under paper-001 too`() = assertEquals(256, perUser("paper-001"))

    @Test fun `a run that gives its own window measures that window (reproduce's phases)`() =
        assertEquals(0, perUser("paper-000", "--duration" to "1s"))

    @Test fun `a run that turns the driver to wrk, which cannot count requests, measures a time window`() =
        assertEquals(0, perUser("paper-000", "--driver" to "wrk"))

    @Test fun `the factor turned back with --ours load-profile leaves a time window`() {
        val loading = LoadOptions()
        val s = Setups.byName("paper-000").withOurs(listOf("load-profile"))
        loading.useSetup(s)
        assertEquals(0, loading.plan(quick = true, itemDelayMs = 1, profileUsers = null).windows.requestsPerUser)
    }

    @Test fun `the tool's own setup measures a time window`() = assertEquals(0, perUser(null))

    @Test fun `the user's own count wins over the setup's`() = assertEquals(64, perUser("paper-000", "--requests-per-user" to "64"))
}
