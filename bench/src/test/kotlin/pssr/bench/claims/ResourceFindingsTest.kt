package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.project.Workloads
import pssr.bench.resultRow
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/** Findings read from a run's resources, and engines side by side: seed 003's 3.1.3, seed 004's conclusion, seed 000's aggregation. */
class ResourceFindingsTest {
    @TempDir lateinit var tmp: Path

    private fun judged(id: String, rows: List<ResultRow>): Judgement =
        Claims.all.first { it.id == id }.judged(Evidence(emptyList(), emptyList(), rows, emptyList()))

    private fun students(approach: String, threads: Int, heapMb: Double) = resultRow(
        framework = "mvc",
        model = "students-app",
        engine = "jdbc",
        approach = approach,
        users = 2000,
    ).copy(workload = Workloads.STUDENTS, threadsPeak = threads, heapMbPeak = heapMb, config = "tomcatMaxThreads=200")

    private fun forward(engine: String, threads: Int, cpuPct: Double) = resultRow(
        framework = "api",
        model = "forward",
        engine = engine,
        approach = "platform",
        users = 1000,
        cpuPct = cpuPct,
    ).copy(workload = Workloads.FORWARD, threadsPeak = threads, config = "clientPool=5")

    @Test
    fun `a virtual run's heap well under the platform run's holds "more controlled", the same heap is one measurement, inconclusive`() {
        val lower = judged("003-3.1.3-virtual-heap-lower", listOf(students("platform", 220, 400.0), students("virtual", 30, 60.0)))
        assertEquals(Verdict.HOLDS, lower.verdict, lower.ours)
        val same = judged("003-3.1.3-virtual-heap-lower", listOf(students("platform", 220, 100.0), students("virtual", 30, 102.0)))
        assertEquals(Verdict.INCONCLUSIVE, same.verdict, same.ours)
    }

    @Test
    fun `one run's heap peak a third over or under the other's decides nothing - a peak moves with the collector's timing`() {
        // runs L and M of the same code read virtual / platform 1.34x and 0.84x
        for (virtual in listOf(134.0, 84.0)) {
            val j = judged("003-3.1.3-virtual-heap-lower", listOf(students("platform", 220, 100.0), students("virtual", 30, virtual)))
            assertEquals(Verdict.INCONCLUSIVE, j.verdict, j.ours)
        }
        val twice = judged("003-3.1.3-virtual-heap-lower", listOf(students("platform", 220, 100.0), students("virtual", 30, 250.0)))
        assertEquals(Verdict.REFUTED, twice.verdict, twice.ours)
    }

    @Test
    fun `WebFlux forwarding with fewer threads and less CPU than MVC holds "without increasing"`() {
        val j = judged("004-forward-webflux-no-more-threads-or-cpu", listOf(forward("mvc", 220, 60.0), forward("webflux", 30, 40.0)))
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
    }

    @Test
    fun `WebFlux forwarding with fewer threads but 1_5x MVC's CPU refutes it - both halves must hold`() {
        val j = judged("004-forward-webflux-no-more-threads-or-cpu", listOf(forward("mvc", 220, 40.0), forward("webflux", 30, 60.0)))
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
        assertTrue("30 vs 220" in j.ours && "60% vs 40%" in j.ours, j.ours)
    }

    /** One route at 64 and 128 users, three repetitions each, well off its latency floor. */
    private fun pages(engine: String, approach: String, rps: List<Double>) = listOf(64, 128).flatMap { u ->
        rps.mapIndexed { i, t -> resultRow("webflux", "presentations", engine, approach, u, i + 1, t, floorRps = u * 1000.0) }
    }

    /** HtmlFlow, JStachio, Thymeleaf blocking alike; HtmlFlow and Thymeleaf virtual as given; JStachio virtual at [jstachioVirtual]. */
    private fun engines(thymeleafVirtual: List<Double>, jstachioVirtual: List<Double> = SAME): List<ResultRow> =
        listOf("htmlflow", "jstachio", "thymeleaf").flatMap { pages(it, "blocking", SAME) } +
            pages("htmlflow", "virtual", SAME) + pages("jstachio", "virtual", jstachioVirtual) +
            pages("thymeleaf", "virtual", thymeleafVirtual)

    /** The rows as a pages run folder, written by the real writer, judged as `pssr claims` judges it. */
    private fun judgedPages(rows: List<ResultRow>): Judgement {
        val run = RunDirectory(tmp.resolve("pages"))
        Files.createDirectories(run.dir)
        Files.writeString(run.environment, """{"resultsFormat": 1, "cores": 2, "options": {}}""")
        rows.forEach(run::append)
        return Ledger.judge(Evidence.load(listOf(run.dir))).entries.first { it.first.id == ENGINES }.second
    }

    @Test
    fun `three engines alike on blocking and on virtual threads hold the paper's reason to aggregate them`() {
        val j = judgedPages(engines(listOf(5020.0, 5080.0, 4990.0)))
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
    }

    @Test
    fun `JStachio on virtual threads, the paper's own line, does not take part`() {
        val j = judgedPages(engines(listOf(5020.0, 5080.0, 4990.0), jstachioVirtual = listOf(3500.0, 3570.0, 3465.0)))
        assertEquals(Verdict.HOLDS, j.verdict, j.ours)
    }

    @Test
    fun `one engine at 0_7x of the others on virtual threads refutes it`() {
        val j = judgedPages(engines(listOf(3500.0, 3570.0, 3465.0)))
        assertEquals(Verdict.REFUTED, j.verdict, j.ours)
        assertTrue("thymeleaf virtual" in j.ours, j.ours)
    }

    private companion object {
        const val ENGINES = "000-5.2-engines-similar-blocking-virtual"
        val SAME = listOf(5000.0, 5100.0, 4950.0)
    }
}
