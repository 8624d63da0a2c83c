package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.resultRow
import java.nio.file.Path

/** Averages never mix JVMs or setups; pairs by repetition only within one JVM. */
class AggregateJvmsTest {
    @TempDir lateinit var tmp: Path

    /** A shared-JVM folder (one JVM) of Quarkus blocking routes of [engines] at 64 and 128 users, repetitions 1..3. */
    private fun quarkus(name: String, engines: List<String>, rps: Double = 1000.0, setup: String = "") = JudgedFolder(
        tmp.resolve(name),
        setup,
        engines.flatMap { engine ->
            listOf(64, 128).flatMap { users ->
                (1..3).map { rep ->
                    resultRow("quarkus", engine = engine, approach = "blocking", users = users, repetition = rep)
                        .copy(throughputRps = rps * users / 64 * (1 + 0.01 * rep), serverJvm = 1)
                }
            }
        },
        emptyList(),
        emptyList(),
        sharedJvm = true,
    )

    private val blocking = Route("quarkus", "presentations", null, "blocking", 128)

    @Test
    fun `each aggregate's rows come from one JVM per repetition`() {
        // the paper-000 case: the pages' JVM (HtmlFlow, JStachio) and the 8 KB Rocker run's JVM, both numbering from 1
        val e = Evidence.of(listOf(quarkus("pages-quarkus", listOf("htmlflow", "jstachio")), quarkus("rocker-8k", listOf("rocker"))))
        for (engines in listOf(null, listOf("htmlflow", "jstachio"), listOf("htmlflow"), listOf("rocker"))) {
            for (users in listOf(64, 128)) {
                val route = blocking.copy(users = users)
                val jvms = e.repetitionJvms(route, engines)
                assertEquals(3, jvms.size, "$engines at $users")
                jvms.forEach { (rep, js) -> assertEquals(1, js.size, "$engines at $users, repetition $rep: $js") }
            }
        }
        // the default aggregate (ClaimKit.AGGREGATED: HtmlFlow and JStachio) is the pages JVM's alone
        assertTrue(e.repetitionJvms(blocking).values.all { js -> js.single().contains("pages-quarkus") })
    }

    @Test
    fun `an aggregate whose engines two JVMs measured in the same repetition is refused`() {
        val e = Evidence.of(listOf(quarkus("pages-quarkus", listOf("htmlflow", "jstachio")), quarkus("rocker-8k", listOf("rocker"))))
        val x = assertThrows(MissingRows::class.java) { e.perRepetition(blocking, engines = listOf("htmlflow", "jstachio", "rocker")) }
        assertTrue(x.what.contains("one JVM"), x.what)
        // the same rows with no JVM named (rows built by hand) are averaged as before
        val anonymous = Evidence.of(listOf(quarkus("a", listOf("htmlflow", "jstachio")), quarkus("b", listOf("rocker"))))
            .let { Evidence(it.levels, it.checks, it.rows, it.browser) }
        assertEquals(3, anonymous.perRepetition(blocking, engines = listOf("htmlflow", "jstachio", "rocker")).size)
    }

    @Test
    fun `a repetition split between two JVMs is left out, the others kept`() {
        val a = quarkus("pages-quarkus", listOf("htmlflow", "jstachio"))
        // a second folder measured JStachio again in repetition 3 only
        val b = JudgedFolder(
            tmp.resolve("round"),
            "",
            listOf(64, 128).map { u -> resultRow("quarkus", engine = "jstachio", approach = "blocking", users = u, repetition = 3) },
            emptyList(),
            emptyList(),
            sharedJvm = true,
        )
        val reps = Evidence.of(listOf(a, b)).perRepetition(blocking)
        assertEquals(setOf(1, 2), reps.keys)
    }

    @Test
    fun `one route's repetition that two JVMs measured is no measurement of it`() {
        // two folders measured HtmlFlow blocking, both numbering their repetitions 1..3
        val e = Evidence.of(listOf(quarkus("pages-quarkus", listOf("htmlflow")), quarkus("again", listOf("htmlflow"), 900.0)))
        val htmlflow = Route("quarkus", "presentations", "htmlflow", "blocking", 128)
        val x = assertThrows(MissingRows::class.java) { e.perRepetition(htmlflow) }
        assertTrue(x.what.contains("one JVM"), x.what)
        // a round's own numbers (another block) keep both
        val round = quarkus("round", listOf("htmlflow"), 900.0).let { f ->
            JudgedFolder(f.dir, "", f.rows.map { it.copy(repetition = it.repetition + 1010) }, emptyList(), emptyList(), sharedJvm = true)
        }
        assertEquals(6, Evidence.of(listOf(quarkus("pages-quarkus-2", listOf("htmlflow")), round)).perRepetition(htmlflow).size)
    }

    @Test
    fun `routes of one framework measured in two JVMs are not paired by repetition`() {
        val e = Evidence.of(listOf(quarkus("pages-quarkus", listOf("htmlflow")), quarkus("rocker-8k", listOf("rocker"), 800.0)))
        val htmlflow = Route("quarkus", "presentations", "htmlflow", "blocking", 128)
        val rocker = htmlflow.copy(engine = "rocker")
        assertFalse(e.paired(rocker, htmlflow))
        // the ratio of the two estimates (independent), not a paired one
        val r = e.ratio(rocker, htmlflow)
        val independent = rocker.estimate(e) / htmlflow.estimate(e)
        assertEquals(independent, r)
        val one = Evidence.of(listOf(quarkus("pages-quarkus-2", listOf("htmlflow", "rocker"))))
        assertTrue(one.paired(rocker, htmlflow))
    }
}
