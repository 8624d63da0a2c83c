
package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Nested
import org.junit.jupiter.api.Test
import pssr.bench.project.Project
import pssr.bench.resultRow
import pssr.bench.results.ResultRow
import pssr.bench.stats.RouteLevel
import java.nio.file.Files

/**
 * docs/REGISTRY.md is the registry read against the papers: one row per claim (id | seed | section | the paper's words |
 * the paper's figure). Every claim has its row with the same seed, section and figure, and no row names an unknown id.
 */
class RegistryTableTest {
    private data class Row(val id: String, val seed: String, val section: String, val words: String, val figure: String)

    private fun rows(): List<Row> = Files.readAllLines(Project.root.resolve("docs").resolve("REGISTRY.md"))
        .filter { it.startsWith("| `") }
        .map { line ->
            val cells = line.trim().removePrefix("|").removeSuffix("|").split(" | ").map { it.trim() }
            assertEquals(5, cells.size, "five cells: $line")
            Row(cells[0].removeSurrounding("`"), cells[1], cells[2], cells[3], cells[4])
        }

    @Test
    fun `every claim has its row with the same seed, section and paper's figure, and every row a claim`() {
        val table = rows()
        val byId = table.groupBy { it.id }
        assertEquals(emptyList<String>(), byId.filter { it.value.size > 1 }.keys.toList(), "ids listed twice")
        val claims = Claims.all.associateBy { it.id }
        assertEquals(emptyList<String>(), table.map { it.id }.filter { it !in claims }, "rows naming an unknown id")
        val wrong = Claims.all.mapNotNull { c ->
            val r = byId[c.id]?.single() ?: return@mapNotNull "${c.id}: no row"
            listOfNotNull(
                if (r.seed != c.seed) "${c.id}: seed ${r.seed} in the table, ${c.seed} in the registry" else null,
                if (r.section != c.section) "${c.id}: section '${r.section}' in the table, '${c.section}' in the registry" else null,
                if (r.figure != c.paper) "${c.id}: figure '${r.figure}' in the table, '${c.paper}' in the registry" else null,
                if (r.words.isBlank()) "${c.id}: no words of the paper" else null,
            ).joinToString("; ").ifEmpty { null }
        }
        assertEquals(emptyList<String>(), wrong)
    }

    @Test
    fun `the ledger lists at least 65 claims, ids unique`() {
        val ids = Claims.all.map { it.id }
        assertTrue(ids.size >= 65, "${ids.size} claims")
        assertEquals(ids.size, ids.toSet().size)
    }

    /** The registry's readings of the papers, on synthetic rows (three repetitions each). */
    @Nested inner class Readings {
        private fun rows(fw: String, model: String, engine: String, approach: String, users: Int, vararg tput: Double) =
            tput.mapIndexed { i, t -> resultRow(fw, model, engine, approach, users, i + 1, t) }
        private fun evidence(rows: List<ResultRow>, browser: List<BrowserFigure> = emptyList()) =
            Evidence(RouteLevel.of(rows), emptyList(), rows, browser)
        private fun judge(id: String, e: Evidence) = Claims.all.first { it.id == id }.judged(e)

        /** MVC virtual and blocking (HtmlFlow and JStachio) at [users], virtual at [ratio] x blocking, repetition by repetition. */
        private fun mvc(users: Int, ratio: Double) = listOf("htmlflow", "jstachio").flatMap { en ->
            rows("mvc", "presentations", en, "blocking", users, 1000.0, 1010.0, 990.0) +
                rows("mvc", "presentations", en, "virtual", users, 1000.0 * ratio, 1010.0 * ratio, 990.0 * ratio)
        }

        @Test
        fun `MVC's slightly higher peak is judged at 32 users, 1_12x holds, 1_60x is refuted, rows at 128 only are not measured`() {
            assertEquals(Verdict.HOLDS, judge("000-5.2-mvc-virtual-above-blocking", evidence(mvc(32, 1.12))).verdict)
            assertEquals(Verdict.REFUTED, judge("000-5.2-mvc-virtual-above-blocking", evidence(mvc(32, 1.60))).verdict)
            assertEquals(Verdict.NOT_MEASURED, judge("000-5.2-mvc-virtual-above-blocking", evidence(mvc(128, 1.12))).verdict)
        }

        /** Quarkus [model] blocking and virtual (HtmlFlow and JStachio) at [users]: virtual at [ratio] x blocking. */
        private fun quarkus(model: String, users: Int, ratio: Double) = listOf("htmlflow", "jstachio").flatMap { en ->
            rows("quarkus", model, en, "blocking", users, 1000.0, 1010.0, 990.0) +
                rows("quarkus", model, en, "virtual", users, 1000.0 * ratio, 1010.0 * ratio, 990.0 * ratio)
        }

        @Test
        fun `a size is two-sided - Quarkus virtual over blocking in Stocks holds near the paper's 1_11x, refuted at 1_94x`() {
            val id = "000-5.3-quarkus-virtual-above-blocking"
            assertEquals(Verdict.HOLDS, judge(id, evidence(quarkus("stocks", 128, 1.25))).verdict)
            assertEquals(Verdict.REFUTED, judge(id, evidence(quarkus("stocks", 128, 1.94))).verdict)
        }

        @Test
        fun `a compound statement holds only when both halves do - HtmlFlow-Rx below Quarkus's Blocking and Virtual`() {
            val id = "000-5.2-quarkus-htmlflow-rx-below"

            // blocking 1,000 at 64; virtual 1,300 at 128 (the paper's 1.30x); HtmlFlow reactive at 64 and 128
            fun ev(rx: Double) = evidence(
                listOf("htmlflow", "jstachio").flatMap { en ->
                    rows("quarkus", "presentations", en, "blocking", 64, 1000.0, 1010.0, 990.0) +
                        rows("quarkus", "presentations", en, "virtual", 128, 1300.0, 1313.0, 1287.0)
                } + listOf(64, 128).flatMap { u -> rows("quarkus", "presentations", "htmlflow", "reactive", u, rx, rx * 1.02, rx * 0.99) },
            )
            // 825: 0.83x of blocking, 0.63x of virtual (the paper's 0.82x and 0.64x)
            assertEquals(Verdict.HOLDS, judge(id, ev(825.0)).verdict, judge(id, ev(825.0)).ours)
            // 1,000: comparable to blocking, 0.77x of virtual: the blocking half refutes the whole
            assertEquals(Verdict.REFUTED, judge(id, ev(1000.0)).verdict)
        }

        @Test
        fun `an aggregate's figure names the engines it is the mean of`() = assertTrue(
            judge("000-5.2-mvc-virtual-above-blocking", evidence(mvc(32, 1.12))).ours.contains("mvc virtual = mean of htmlflow, jstachio"),
        )

        @Test
        fun `virtual threads much faster than the asynchronous routes refute "consistently comparable" (two-sided, HtmlFlow on both sides)`() {
            val rs = listOf("presentations", "stocks").flatMap { m ->
                listOf(64, 128).flatMap { u ->
                    rows("webflux", m, "htmlflow", "virtual", u, 2000.0, 2020.0, 1980.0) +
                        rows("quarkus", m, "htmlflow", "virtual", u, 2000.0, 2020.0, 1980.0) +
                        listOf("reactive", "suspending").flatMap { a -> rows("webflux", m, "htmlflow", a, u, 1000.0, 1010.0, 990.0) } +
                        rows("quarkus", m, "htmlflow", "reactive", u, 1000.0, 1010.0, 990.0)
                }
            }
            assertEquals(Verdict.REFUTED, judge("000-7-virtual-comparable-consistently", evidence(rs)).verdict)
        }

        /** Seed 002's Figure 9 routes at [lo] and [hi] users: throughput at [hi] is [gain] (by engine) times that at [lo]. */
        private fun figure9(lo: Int, hi: Int, gain: (String) -> Double, leave: String = ""): List<ResultRow> =
            (listOf("htmlflow" to "suspending", "thymeleaf" to "reactive") + Seed002.SYNC.map { it to "blocking" })
                .filter { it.first != leave }
                .flatMap { (en, a) ->
                    rows("webflux", "presentations", en, a, lo, 1000.0, 1010.0, 990.0) +
                        rows("webflux", "presentations", en, a, hi, 1000.0 * gain(en), 1010.0 * gain(en), 990.0 * gain(en))
                }

        @Test
        fun `seed 002's "scales across all template engines until 4" reads every engine of Figure 9, Sync ones one by one`() {
            val id = "002-5-all-scale-to-4"
            assertEquals(Verdict.HOLDS, judge(id, evidence(figure9(2, 4, { 2.0 }))).verdict)
            val flatPebble = judge(id, evidence(figure9(2, 4, { if (it == "pebble") 1.0 else 2.0 })))
            assertEquals(Verdict.REFUTED, flatPebble.verdict, flatPebble.ours)
            assertTrue(flatPebble.ours.contains("pebble blocking 1.00 refuted"), flatPebble.ours)
            assertEquals(Verdict.NOT_MEASURED, judge(id, evidence(figure9(2, 4, { 2.0 }, leave = "velocity"))).verdict)
        }

        @Test
        fun `seed 002's "only Thymeleaf and HtmlFlow scale up to 32" holds when no Sync engine does, refuted when one does`() {
            val id = "002-5-only-thymeleaf-htmlflow-32"
            fun sync(en: String) = en !in listOf("htmlflow", "thymeleaf")
            assertEquals(Verdict.HOLDS, judge(id, evidence(figure9(16, 32, { if (sync(it)) 1.0 else 2.0 }))).verdict)
            val kotlinxScales = figure9(16, 32, { if (sync(it) && it != "kotlinx") 1.0 else 2.0 })
            assertEquals(Verdict.REFUTED, judge(id, evidence(kotlinxScales)).verdict)
        }

        /** HtmlFlow suspending and blocking (WebFlux, Presentations, 128 users) at [susp] and [sync] req/s and µs per request. */
        private fun overhead(susp: Pair<Double, Double>, sync: Pair<Double, Double>) = evidence(
            // the two routes move apart a little between repetitions: paired ratios with an interval
            listOf("suspending" to susp, "blocking" to sync).flatMap { (a, f) ->
                (if (a == "blocking") listOf(1.0, 0.99, 1.02) else listOf(1.0, 1.01, 0.99)).mapIndexed { i, k ->
                    resultRow("webflux", "presentations", "htmlflow", a, 128, i + 1, f.first * k, serverCpuUs = f.second * k)
                }
            },
        )

        @Test
        fun `seed 002's "without overhead" holds when suspending is as fast and as cheap as blocking, refuted by either figure`() {
            val id = "002-6-suspending-no-overhead"
            assertEquals(Verdict.HOLDS, judge(id, overhead(2000.0 to 150.0, 1000.0 to 160.0)).verdict)
            assertEquals(Verdict.REFUTED, judge(id, overhead(800.0 to 150.0, 1000.0 to 150.0)).verdict, "slower")
            assertEquals(Verdict.REFUTED, judge(id, overhead(1000.0 to 200.0, 1000.0 to 150.0)).verdict, "dearer")
        }

        @Test
        fun `seed 002's "consistently scales up to 128" reads every step up to 128, so one flat step refutes it`() {
            val id = "002-5-htmlflow-128"
            fun susp(vararg tput: Pair<Int, Double>) =
                evidence(tput.flatMap { (u, t) -> rows("webflux", "presentations", "htmlflow", "suspending", u, t, t * 1.01, t * 0.99) })
            assertEquals(Verdict.HOLDS, judge(id, susp(16 to 1000.0, 32 to 2000.0, 64 to 3000.0, 128 to 4000.0)).verdict)
            val flat = judge(id, susp(16 to 1000.0, 32 to 1000.0, 64 to 3000.0, 128 to 4000.0))
            assertEquals(Verdict.REFUTED, flat.verdict, flat.ours)
            assertTrue(flat.ours.contains("T(32)/T(16) 1.00"), flat.ours)
        }

        @Test
        fun `seed 000's "Quarkus handles synchronous approaches more efficiently" needs both Blocking and Virtual higher`() {
            val id = "000-5.2-quarkus-sync-above-webflux"
            fun ev(k: Double) = evidence(
                listOf("htmlflow", "jstachio").flatMap { en ->
                    rows("quarkus", "presentations", en, "blocking", 64, 2000.0, 2020.0, 1980.0) +
                        rows("webflux", "presentations", en, "blocking", 64, 1000.0, 1010.0, 990.0) +
                        rows("quarkus", "presentations", en, "virtual", 128, 2000.0 * k, 2020.0 * k, 1980.0 * k) +
                        rows("webflux", "presentations", en, "virtual", 128, 2000.0, 2020.0, 1980.0)
                },
            )
            assertEquals(Verdict.HOLDS, judge(id, ev(1.3)).verdict, judge(id, ev(1.3)).ours)
            assertEquals(Verdict.REFUTED, judge(id, ev(1.0)).verdict, "the Virtual half")
        }

        @Test
        fun `a Lighthouse score of 100 with PSSR and without is inconclusive, not refuted`() {
            val b = listOf("off", "on").map { BrowserFigure("artist", "suspending", it, "simulate", 100.0, 600.0, 600.0, 1400.0) }
            assertEquals(Verdict.INCONCLUSIVE, judge("002-t1-artist-score", evidence(emptyList(), b)).verdict)
        }

        @Test
        fun `the GC share's min-max range prints as min-max, not as a 95% interval`() {
            val rs = listOf("virtual", "suspending").flatMap { a ->
                rows("webflux", "presentations", "htmlflow", a, 128, 1000.0, 1000.0, 1000.0)
            }
                .mapIndexed { i, r -> r.copy(gcMs = 10.0 * (i + 1)) }
            val ours = judge("000-5.4-gc-low", evidence(rs)).ours
            assertTrue(ours.contains("min-max") && !ours.contains("95%"), ours)
        }
    }
}
