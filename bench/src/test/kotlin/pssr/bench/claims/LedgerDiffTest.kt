package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.cli.ProbeRun
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

    @Test
    fun `a file that is not a ledger is one line and exit 2`() {
        val bad = tmp.resolve("bad.csv").also { Files.writeString(it, "a,b\n1,2\n") }
        val run = ProbeRun.of("claims", "--diff", bad.toString(), ledger("ok", Triple("x", "holds", "")).toString())
        assertEquals(2, run.code, run.err)
        assertEquals(1, run.err.trim().lines().size, run.err)
        assertTrue(run.err.contains("is not a ledger"), run.err)
    }
}
