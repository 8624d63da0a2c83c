package pssr.bench.claims

import pssr.bench.console.UsageError
import pssr.bench.csv.CsvFile
import java.nio.file.Files
import java.nio.file.Path

/**
 * Two ledgers (claims.csv of two `claims` or `reproduce` runs) verdict by verdict: every claim whose verdict changed,
 * under the tool's setup and under the paper's, and the contradictions among them (holds in one, refuted in the other),
 * which two honest runs of one machine must not have (docs/CLAIMS.md, "Two runs that agree"). Ids renamed since a ledger
 * was written are read as their current ids ([RenamedIds]).
 */
class LedgerDiff(val a: Path, val b: Path) {
    data class Change(
        val id: String,
        val setup: String,
        val before: String,
        val after: String,
        val cause: ChangeCause = ChangeCause.UNKNOWN,
        /** The figures each side read, "A → B", for the line's reader. */
        val figures: String = "",
    ) {
        /** Holds in one run and refuted in the other: the two runs disagree, not only one of them undecided. */
        val contradiction: Boolean get() = setOf(before, after) == setOf(Verdict.HOLDS.word, Verdict.REFUTED.word)
    }

    private val ra = read(a)
    private val rb = read(b)
    val common: Set<String> = ra.keys.intersect(rb.keys)

    val changes: List<Change> = common.sorted().flatMap { id ->
        val x = ra.getValue(id)
        val y = rb.getValue(id)
        listOfNotNull(
            change(id, "tool", x, y, "verdict", "ours").takeIf { it.before != it.after },
            change(id, x["paper_setup"].orEmpty().ifEmpty { "paper" }, x, y, "paper_setup_verdict", "paper_setup_ours")
                .takeIf { it.before != it.after && (it.before.isNotEmpty() || it.after.isNotEmpty()) },
        )
    }

    private fun change(
        id: String,
        setup: String,
        x: Map<String, String>,
        y: Map<String, String>,
        verdict: String,
        reading: String,
    ): Change {
        val before = x[verdict].orEmpty()
        val after = y[verdict].orEmpty()
        val cause = ChangeCause.of(before, after, x["claim"], y["claim"], x[reading], y[reading])
        val readable = cause != ChangeCause.UNKNOWN && cause != ChangeCause.ONE_SIDE
        val figures = if (readable) "${ChangeCause.figures(x[reading].orEmpty())} → ${ChangeCause.figures(y[reading].orEmpty())}" else ""
        return Change(id, setup, before, after, cause, figures)
    }

    fun markdown(): String = buildString {
        append("# Ledger diff\n\n`$a` against `$b`: ${common.size} claims in both; ${changes.size} verdict(s) changed, ")
        append("${changes.count { it.contradiction }} contradiction(s) (holds in one, refuted in the other).\n\n")
        for ((name, file) in listOf("A" to ra, "B" to rb)) {
            val counts = file.values.groupingBy { it["verdict"].orEmpty() }.eachCount().toSortedMap()
            append("- $name: ${counts.entries.joinToString(", ") { "${it.value} ${it.key}" }}\n")
        }
        if (changes.isNotEmpty()) {
            val causes = changes.groupingBy { it.cause.words }.eachCount()
            append("\nWhy they changed, read from the two ledgers' rows (the first that applies): ")
            append(causes.entries.joinToString(", ") { "${it.value} ${it.key}" })
            append(". ")
            append(
                ChangeCause.entries.filter {
                    it.words in causes
                }.joinToString("; ") { "${it.words}: ${it.meaning}" },
            )
            append(".\n")
            append("\n| claim | setup | A | B | | why | figures, A → B |\n|---|---|---|---|---|---|---|\n")
            for (c in changes) {
                append("| ${c.id} | ${c.setup} | ${c.before} | ${c.after} | ${if (c.contradiction) "**contradiction**" else ""} ")
                append("| ${c.cause.words} | ${c.figures.replace("|", "/")} |\n")
            }
        }
        val only = (ra.keys - rb.keys).size to (rb.keys - ra.keys).size
        if (only.first + only.second > 0) append("\n${only.first} claim(s) only in A, ${only.second} only in B (another registry).\n")
    }

    companion object {
        /** A ledger: a claims.csv, or a folder holding one. */
        fun read(p: Path): Map<String, Map<String, String>> {
            val file = if (Files.isDirectory(p)) p.resolve("claims.csv") else p
            if (!Files.isRegularFile(file)) {
                throw UsageError(
                    "$p is not a ledger: give a claims.csv, or a folder holding one (./pssr claims or ./pssr reproduce wrote it)",
                )
            }
            val rows = CsvFile.read(file)
            if (rows.isNotEmpty() && ("id" !in rows.first() || "verdict" !in rows.first())) {
                throw UsageError("$file is not a ledger: it has no id and verdict columns")
            }
            // an older ledger's renamed ids read as the claims' ids now (RenamedIds), so a renamed claim is still diffed
            return rows.associateBy { RenamedIds.current(it.getValue("id")) }
        }
    }
}
