package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.cli.ProbeRun
import pssr.bench.project.Project
import java.nio.file.Files
import java.nio.file.Path

/** `claims --diff A B`: two ledgers verdict by verdict. */
class LedgerDiffTest {
    @TempDir lateinit var tmp: Path

    private fun ledger(name: String, vararg rows: Triple<String, String, String>): Path {
        val f = tmp.resolve("$name.csv")
        Files.writeString(
            f,
            "id,verdict,paper_setup,paper_setup_verdict\n" +
                rows.joinToString("") { (id, v, pv) -> "$id,$v,${if (pv.isEmpty()) "" else "paper-000"},$pv\n" },
        )
        return f
    }

    @Test
    fun `every changed verdict is listed, and holds against refuted is a contradiction`() {
        val a = ledger("a", Triple("x", "holds", "holds"), Triple("y", "inconclusive", ""), Triple("z", "refuted", "refuted"))
        val b = ledger("b", Triple("x", "refuted", "holds"), Triple("y", "holds", ""), Triple("z", "refuted", "inconclusive"))
        val d = LedgerDiff(a, b)
        assertEquals(
            listOf("x tool holds>refuted", "y tool inconclusive>holds", "z paper-000 refuted>inconclusive"),
            d.changes.map { "${it.id} ${it.setup} ${it.before}>${it.after}" },
        )
        assertEquals(listOf("x"), d.changes.filter { it.contradiction }.map { it.id })
        assertTrue(d.markdown().contains("3 verdict(s) changed, 1 contradiction(s)"), d.markdown())
    }

    /** A ledger with the claim's sentence and its reading, as `claims` writes them. */
    private fun read(name: String, vararg rows: List<String>): Path {
        val f = tmp.resolve("$name.csv")
        Files.writeString(f, "id,verdict,claim,ours\n" + rows.joinToString("") { r -> r.joinToString(",") { "\"$it\"" } + "\n" })
        return f
    }

    @Test
    fun `each change says whether the claim, its test, the floor or only the figures moved`() {
        val a = read(
            "a",
            listOf("same", "holds", "X is faster", "X / Y 1.20x (97.5% 1.10-1.31)"),
            listOf("restated", "holds", "X is faster", "X / Y, faster: 1.20x (97.5% 1.10-1.31)"),
            listOf("edge", "holds", "X is faster", "X / Y, faster: 1.20x (97.5% 1.10-1.31)"),
            listOf("floor", "refuted", "X scales to 4", "X scales up to 8 users; T(8)/T(4) 2.01 (97.5% 1.99-2.03)"),
            listOf("rows", "not measured", "X is faster", "no rows for X at 64 users"),
        )
        val b = read(
            "b",
            listOf("same", "inconclusive", "X is faster", "X / Y 1.04x (97.5% 0.90-1.21)"),
            listOf("restated", "refuted", "X is faster by about 2x", "X / Y, about 2.00x [1.600, 2.500]: 1.20x (97.5% 1.10-1.31)"),
            listOf("edge", "refuted", "X is faster", "X / Y, about 2.00x [1.600, 2.500]: 1.20x (97.5% 1.10-1.31)"),
            listOf("floor", "floor-bound", "X scales to 4", "floor-bound at 4 users (X at their latency floor)"),
            listOf("rows", "holds", "X is faster", "X / Y 1.20x (97.5% 1.10-1.31)"),
        )
        val d = LedgerDiff(a, b)
        assertEquals(
            mapOf(
                "edge" to ChangeCause.TEST,
                "floor" to ChangeCause.FLOOR,
                "restated" to ChangeCause.RESTATED,
                "rows" to ChangeCause.ONE_SIDE,
                "same" to ChangeCause.FIGURES,
            ),
            d.changes.associate { it.id to it.cause },
        )
        assertEquals("1.20x (97.5% 1.10-1.31) → 1.04x (97.5% 0.90-1.21)", d.changes.single { it.id == "same" }.figures)
        assertTrue(
            d.markdown().contains("| same | tool | holds | inconclusive |  | figures moved | 1.20x (97.5% 1.10-1.31) → 1.04x"),
            d.markdown(),
        )
    }

    @Test
    fun `a renamed claim is diffed against its old id's verdict, not listed as only in one ledger`() {
        val a = ledger("old", Triple("000-5.4-virtual-more-cpu-than-susp", "holds", "inconclusive"), Triple("002-6-sync-4", "holds", ""))
        val b =
            ledger(
                "new",
                Triple("000-5.4-virtual-cpu-slightly-above-susp", "refuted", "refuted"),
                Triple("002-5-all-scale-to-4", "holds", ""),
            )
        val d = LedgerDiff(a, b)
        assertEquals(setOf("000-5.4-virtual-cpu-slightly-above-susp", "002-5-all-scale-to-4"), d.common)
        assertEquals(
            listOf(
                "000-5.4-virtual-cpu-slightly-above-susp tool holds>refuted",
                "000-5.4-virtual-cpu-slightly-above-susp paper-000 inconclusive>refuted",
            ),
            d.changes.map { "${it.id} ${it.setup} ${it.before}>${it.after}" },
        )
        assertTrue(!d.markdown().contains("only in A"), d.markdown())
    }

    @Test
    fun `every renamed id leads to a claim of the registry, and the docs list the same renames`() {
        val ids = Claims.all.map { it.id }.toSet()
        assertEquals(emptyList<String>(), RenamedIds.OLD_TO_NEW.keys.map(RenamedIds::current).filter { it !in ids })
        assertEquals(emptyList<String>(), RenamedIds.OLD_TO_NEW.keys.filter { it in ids }, "an old id still in use")
        val section = Files.readAllLines(Project.root.resolve("docs").resolve("REGISTRY.md"))
            .dropWhile { it != "## Renamed ids" }.drop(1).takeWhile { !it.startsWith("## ") }
        val documented = section.filter { it.startsWith("| old: `") }.associate { line ->
            val cells = line.trim().removePrefix("|").removeSuffix("|").split(" | ").map { it.trim() }
            cells[0].removePrefix("old: ").removeSurrounding("`") to cells[1].removePrefix("new: ").removeSurrounding("`")
        }
        assertEquals(RenamedIds.OLD_TO_NEW, documented)
    }

    @Test
    fun `a file that is not a ledger is one line and exit 2`() {
        val bad = tmp.resolve("bad.csv").also { Files.writeString(it, "a,b\n1,2\n") }
        val run = ProbeRun.of("claims", "--diff", bad.toString(), ledger("ok", Triple("x", "holds", "")).toString())
        assertEquals(2, run.code, run.err)
        assertEquals(1, run.err.trim().lines().size, run.err)
        assertTrue(run.err.contains("is not a ledger"), run.err)
    }
}
