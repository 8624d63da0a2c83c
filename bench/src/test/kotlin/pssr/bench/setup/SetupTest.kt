package pssr.bench.setup

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import pssr.bench.console.UsageError

/** The papers' setups as data: what each applies to which server, and one factor turned back at a time. */
class SetupTest {
    private val paper = Setups.PAPER_000

    @Test
    fun `paper-000 runs WebFlux's blocking routes on the paper machine's 4 hardware threads and a 16 GB heap`() {
        assertEquals(listOf("-Dpssr.blocking-pool-size=4", "-Xmx16g"), paper.serverFlags("webflux"))
        assertNull(paper.variant("webflux"))
    }

    @Test
    fun `paper-000 starts Quarkus's 8 KB build without a flush per item and with its default 200 worker threads`() {
        assertEquals("8k", paper.variant("quarkus"))
        assertEquals(
            listOf("-Dpssr.flush-per-item=false", "-Dpssr.blocking-pool-size=200", "-Xmx16g"),
            paper.serverFlags("quarkus"),
        )
    }

    @Test
    fun `one factor turned back leaves every other setting as the paper's`() {
        val one = paper.withOurs(listOf("webflux-blocking-threads"))
        assertEquals(listOf("-Xmx16g"), one.serverFlags("webflux"))
        assertEquals(paper.serverFlags("quarkus"), one.serverFlags("quarkus"))
        assertEquals("paper-000 with ours: webflux-blocking-threads", one.label)
        val buffer = paper.withOurs(listOf("quarkus-output-buffer"))
        assertNull(buffer.variant("quarkus"))
    }

    @Test
    fun `an unknown factor or setup is refused with the valid names`() {
        val e = assertThrows<UsageError> { paper.withOurs(listOf("dispatcher")) }
        assertTrue(e.message!!.contains("webflux-blocking-threads"), e.message)
        val s = assertThrows<UsageError> { Setups.byName("paper-9") }
        assertTrue(s.message!!.contains("paper-000"), s.message)
    }

    @Test
    fun `a server that does not report the setup's value is named, one line per setting`() {
        assertEquals(emptyList<String>(), paper.mismatches("webflux", mapOf("blockingPoolSize" to "4")))
        val wrong = paper.mismatches("webflux", mapOf("blockingPoolSize" to "256"))
        assertEquals(1, wrong.size)
        assertTrue(wrong.single().contains("blockingPoolSize=256") && wrong.single().contains("sets 4"), wrong.single())
        // with the factor turned back, the tool's value is what must show
        assertEquals(
            emptyList<String>(),
            paper.withOurs(listOf("webflux-blocking-threads")).mismatches("webflux", mapOf("blockingPoolSize" to "256")),
        )
    }

    @Test
    fun `every setting names its source, and a setting the tool does not apply says why`() {
        for (s in Setups.all) {
            for (x in s.settings) {
                assertTrue(x.source.isNotBlank(), "${s.name} ${x.factor}")
                (x.applied as? Applied.NotApplied)?.let { assertTrue(it.why.isNotBlank(), "${s.name} ${x.factor}") }
            }
        }
    }

    @Test
    fun `seed 000's setup runs the paper's driver and JDK unless a factor is turned back`() {
        assertEquals("jmeter", Setups.PAPER_000.runDefault("--driver"))
        assertEquals("21", Setups.PAPER_000.runDefault("--jdk"))
        assertEquals("jmeter", Setups.PAPER_001.runDefault("--driver"))
        assertEquals(null, Setups.PAPER_000.withOurs(listOf("driver")).runDefault("--driver"), "--ours driver: the tool's wrk")
        assertEquals("21", Setups.PAPER_000.withOurs(listOf("driver")).runDefault("--jdk"), "only the factor turned back changes")
        assertEquals(null, Setups.PAPER_004.runDefault("--driver"))
    }

    @Test
    fun `a setup whose applied settings equal the tool's has no factor to try`() {
        assertEquals(emptyList<Setting>(), Setups.PAPER_003.factors)
        assertEquals(
            listOf(
                "webflux-blocking-threads",
                "quarkus-output-buffer",
                "quarkus-flush-per-item",
                "quarkus-worker-threads",
                "heap",
                "driver",
                "jdk",
                "load-profile",
            ),
            paper.factors.map { it.factor },
        )
        assertEquals(listOf("load-profile"), paper.notInReproduce.map { it.factor }, "reproduce gives its own windows")
    }
}
