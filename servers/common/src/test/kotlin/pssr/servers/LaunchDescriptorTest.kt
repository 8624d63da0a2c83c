package pssr.servers

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import java.nio.file.Path

/** The servers' own launch descriptors, as bench reads them. */
class LaunchDescriptorTest {
    private val root: Path = Path.of(System.getProperty("pssr.root") ?: "../..").toAbsolutePath().normalize()

    @Test
    fun `every server module describes its launch, in the order bench lists them`() {
        assertEquals(
            listOf("webflux", "mvc", "quarkus", "helidon"),
            LaunchDescriptor.all(root).filter { it.workload == "pages" }.map { it.framework },
        )
    }

    @Test
    fun `every page framework names its quick run's routes`() {
        val quick = LaunchDescriptor.all(root).filter { it.workload == "pages" }.associate { it.framework to it.quickRoutes }
        assertEquals(listOf("baseline" to "virtual-flush", "jstachio" to "virtual-flush"), quick.getValue("helidon"))
        assertEquals(
            listOf("baseline" to "reactive", "htmlflow" to "suspending", "thymeleaf" to "reactive", "jstachio" to "virtual"),
            quick.getValue("webflux"),
        )
        assertEquals(emptyList<String>(), quick.filterValues { it.isEmpty() }.keys.toList())
    }

    @Test
    fun `a server of another workload says which, so it is not listed as a page framework`() {
        assertEquals(
            mapOf("students" to "students", "api" to "products,forward"),
            LaunchDescriptor.all(root).filter { it.workload != "pages" }.associate { it.framework to it.workload },
        )
    }

    @Test
    fun `the descriptor gives the framework's own address and port properties`() {
        val byName = LaunchDescriptor.all(root).associateBy { it.framework }
        assertEquals(listOf("-Dserver.address=127.0.0.1", "-Dserver.port=0"), byName.getValue("webflux").systemProperties("127.0.0.1", 0))
        assertEquals(
            listOf("-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=8080", "-Dpssr.port-file=/tmp/p"),
            byName.getValue("quarkus").systemProperties("127.0.0.1", 8080, Path.of("/tmp/p")),
        )
    }
}
