package pssr.bench.setup

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.project.Frameworks
import java.nio.file.Files

/** Each framework's server started under seed 000's setup reports, in GET /routes, the values the setup sets. */
class SetupAppliedTest {
    @ParameterizedTest
    @ValueSource(strings = ["webflux", "mvc", "quarkus"])
    fun `the server started under paper-000 shows every value the setup applies to it`(framework: String) {
        val setup = Setups.PAPER_000
        ServerProcess.start(
            Frameworks.byName(framework),
            ServerLaunch(heapMax = "512m", setup = setup),
            Files.createTempDirectory("pssr-setup-test"),
            "paper-000",
        ).use { server ->
            val settings = server.routes().first().settings
            assertEquals(emptyList<String>(), setup.mismatches(framework, settings), "$settings")
            val reported = setup.settings.filter { it.framework == framework && it.reported != null }
            assertTrue(reported.isNotEmpty(), "paper-000 sets something $framework reports")
            for (s in reported) assertEquals(s.reported!!.second, settings[s.reported.first], s.factor)
        }
    }

    @ParameterizedTest
    @ValueSource(strings = ["webflux", "quarkus"])
    fun `the same server under the tool's own setup does not, so the check can fail`(framework: String) {
        ServerProcess.start(
            Frameworks.byName(framework),
            ServerLaunch(heapMax = "512m"),
            Files.createTempDirectory("pssr-setup-test"),
            "ours",
        ).use { server ->
            assertTrue(Setups.PAPER_000.mismatches(framework, server.routes().first().settings).isNotEmpty())
        }
    }
}
