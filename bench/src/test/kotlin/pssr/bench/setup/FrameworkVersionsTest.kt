package pssr.bench.setup

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path

/** Each setup names the framework versions its paper ran and the build's own, which the tool does not change per setup. */
class FrameworkVersionsTest {
    private val pom: String = Files.readString(
        generateSequence(Path.of("").toAbsolutePath()) { it.parent }.first { Files.exists(it.resolve("pssr")) }.resolve("pom.xml"),
    )

    private fun property(name: String): String? = Regex("<$name>([^<]+)</$name>").find(pom)?.groupValues?.get(1)

    @Test
    fun `the tool's versions are the ones the parent pom pins`() {
        assertEquals(property("spring-boot.version"), FrameworkVersions.SPRING_BOOT)
        assertEquals(property("quarkus.version"), FrameworkVersions.QUARKUS)
        assertEquals(property("helidon.version"), FrameworkVersions.HELIDON)
    }

    @Test
    fun `every setup has the framework version as a setting the tool does not apply`() {
        for (s in Setups.all) {
            val v = s.settings.single { it.factor == "framework-version" }
            assertTrue(v.applied is Applied.NotApplied, s.name)
            assertTrue(v.ours.contains("Spring Boot ${FrameworkVersions.SPRING_BOOT}"), "${s.name}: ${v.ours}")
            assertTrue(v.paper != v.ours, s.name)
            assertTrue(s.factors.none { it.factor == "framework-version" }, "${s.name}: not a factor a one-factor run can turn back")
        }
        val paper000 = Setups.PAPER_000.settings.single { it.factor == "framework-version" }
        assertEquals("Spring Boot 3.4.5 (WebFlux, MVC), Quarkus 3.15.4", paper000.paper, "the seeds' code at 76ea8fc")
    }
}
