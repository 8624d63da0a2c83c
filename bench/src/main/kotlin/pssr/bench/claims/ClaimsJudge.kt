package pssr.bench.claims

import java.nio.file.Files
import java.nio.file.Path
import java.time.LocalDateTime
import java.time.format.DateTimeFormatter
import pssr.bench.results.CsvFile

/** Every claim of every seed, in the seeds' order: the registry (one file per seed). */
object Claims {
    val all: List<Claim> by lazy { Seed000.claims + Seed001.claims + Seed002.claims + Seed003.claims + Seed004.claims }
}

/** One claim and its verdict. */
data class Ledger(val entries: List<Pair<Claim, Judgement>>) {
    fun count(v: Verdict) = entries.count { it.second.verdict == v }
    val judged: Int get() = entries.size - count(Verdict.NOT_MEASURED)

    /** "31 claims judged: 12 hold, 9 refuted, 10 inconclusive; 2 not measured". */
    fun counts(): String = "$judged of ${entries.size} claims judged: ${count(Verdict.HOLDS)} hold, ${count(Verdict.REFUTED)} refuted, " +
        "${count(Verdict.INCONCLUSIVE)} inconclusive; ${count(Verdict.NOT_MEASURED)} not measured"

    fun markdown(sources: List<Path>): String = buildString {
        appendLine("# The seeds' claims, judged")
        appendLine()
        appendLine("${counts()}. Judged ${LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm"))} from: ${sources.joinToString(", ") { "`$it`" }}.")
        appendLine("How each word is defined and how a verdict is reached: docs/CLAIMS.md. Absolute req/s of the papers are another")
        appendLine("machine's: *shape* claims are about where scaling stops or which route leads, *size* claims about a ratio within one run.")
        for ((seed, es) in entries.groupBy { it.first.seed }) {
            appendLine()
            appendLine("## Seed $seed")
            appendLine()
            for ((c, j) in es) {
                appendLine("- **${j.verdict.word.uppercase()}** `${c.id}` (${c.section}, ${c.kind.word}): ${c.text}")
                appendLine("  - paper: ${c.paper}; ours: ${j.ours}${if (j.ratio.isNotEmpty()) "; ${j.ratio}" else ""}")
                if (j.cause.isNotEmpty()) appendLine("  - measured cause: ${j.cause}")
                if (j.verdict == Verdict.NOT_MEASURED) appendLine("  - to measure it: `${j.command.ifEmpty { c.needs }}`")
            }
        }
    }

    fun csv(): String = buildString {
        appendLine(CsvFile.header(COLUMNS))
        for ((c, j) in entries) appendLine(CsvFile.line(listOf(c.id, c.seed, c.section, c.kind.word, j.verdict.word, c.text, c.paper, j.ours, j.ratio, j.cause,
            if (j.verdict == Verdict.NOT_MEASURED) j.command.ifEmpty { c.needs } else "")))
    }

    companion object {
        val COLUMNS = listOf("id", "seed", "section", "kind", "verdict", "claim", "paper", "ours", "ratio", "cause", "command")

        fun judge(evidence: Evidence, claims: List<Claim> = Claims.all) = Ledger(claims.map { it to it.judged(evidence) })

        /** Judges [folders] together and writes claims.md and claims.csv into [out]; returns the ledger. */
        fun write(folders: List<Path>, out: Path): Ledger {
            val ledger = judge(Evidence.load(folders))
            Files.createDirectories(out)
            Files.writeString(out.resolve("claims.md"), ledger.markdown(folders))
            Files.writeString(out.resolve("claims.csv"), ledger.csv())
            return ledger
        }
    }
}
