package pssr.bench.claims

import pssr.bench.console.Fmt
import pssr.bench.csv.CsvFile
import pssr.bench.results.Environment
import pssr.bench.setup.Setup
import java.nio.file.Files
import java.nio.file.Path
import java.time.LocalDateTime

/** Every claim of every seed, in the seeds' order: the registry (one file per seed). */
object Claims {
    val all: List<Claim> by lazy { Seed000.claims + Seed001.claims + Seed002.claims + Seed003.claims + Seed004.claims }
}

/**
 * A claim judged as its paper ran it: the [setup]'s verdict ([paper], null when no folder ran under it) and, where it
 * differs from the verdict under the tool's own setup, [turn]: the one setting that turns it, found by the one-factor
 * runs, or that none tried alone does.
 */
data class SetupVerdict(
    val setup: String,
    val paper: Judgement?,
    val turn: String = "",
    val sameRows: Boolean = false,
    /** Where the two verdicts differ: the setup and the routes its judgement read, which its one-factor runs measure. */
    val search: TurnSearch? = null,
) {
    /** What the ledger adds to the paper's verdict when it rests on the tool's rows ([sameRows]). */
    val sameRowsNote: String get() = if (sameRows) SAME_ROWS else ""

    companion object {
        const val SAME_ROWS = "same rows as the tool's setup: no setting of this paper's differs for these routes"
    }
}

/** A verdict [setup] turns: the routes (levels included) its judgement read, for the one-factor runs that find the setting. */
data class TurnSearch(val setup: Setup, val routes: Set<Route>)

/** One claim and its verdict under the tool's setup; with [setups], also under its paper's. */
data class Ledger(
    val entries: List<Pair<Claim, Judgement>>,
    val setups: Map<String, SetupVerdict> = emptyMap(),
    /** `reproduce`'s rounds ([Rounds]): the round each claim was decided in (the last one that looked at it when never); empty
     * for one look. */
    val rounds: Map<String, Int> = emptyMap(),
    /** The looks each claim had in those rounds (1 + the rounds that measured its rows again): its intervals' confidence. */
    val looks: Map<String, Int> = emptyMap(),
    /** The pages' variance within and between server JVMs ([JvmVariance]), where two JVMs measured a route level. */
    val variance: List<JvmVariance> = emptyList(),
    /** `reproduce`'s rounds in a line: their share of the time measured and what they decided ([Rounds.Outcome.line]); empty without. */
    val roundsNote: String = "",
) {
    fun count(v: Verdict) = entries.count { it.second.verdict == v }
    val judged: Int get() = entries.size - count(Verdict.NOT_MEASURED)

    /** Under the papers' setups: "40 of 65 judged: ..." (empty when no folder ran under a paper's setup). */
    fun paperCounts(): String {
        val ps = entries.mapNotNull { setups[it.first.id]?.paper }
        if (ps.isEmpty()) return ""
        fun n(v: Verdict) = ps.count { it.verdict == v }
        return "under the papers' setups ${ps.size - n(Verdict.NOT_MEASURED)} judged: ${n(Verdict.HOLDS)} hold, ${n(Verdict.REFUTED)} " +
            "refuted, " +
            "${n(Verdict.INCONCLUSIVE)} inconclusive${bounds { n(it) }}; ${entries.count {
                setups[it.first.id]?.turn?.isNotEmpty() == true
            }} verdicts " +
            "differ between the setups; ${entries.count {
                setups[it.first.id]?.let { s -> s.paper != null && s.paper.verdict != Verdict.NOT_MEASURED && s.sameRows } == true
            }} rest on " +
            "the same rows as the tool's setup"
    }

    /** "31 claims judged: 12 hold, 9 refuted, 10 inconclusive; 2 not measured". */
    fun counts(): String = "$judged of ${entries.size} claims judged: ${count(Verdict.HOLDS)} hold, ${count(Verdict.REFUTED)} refuted, " +
        "${count(
            Verdict.INCONCLUSIVE,
        )} inconclusive${bounds { count(it) }}; ${count(Verdict.NOT_MEASURED)} not measured"

    /**
     * What the open verdicts would take ([ToDecide]): "What the open verdicts would take: under the tool's setup: of 40 ...";
     * empty when none is inconclusive.
     */
    fun openSummary(): String {
        val ours = entries.filter { it.second.verdict == Verdict.INCONCLUSIVE }.map { it.second.toDecide }
        val papers = entries.mapNotNull { setups[it.first.id]?.paper }.filter { it.verdict == Verdict.INCONCLUSIVE }.map { it.toDecide }
        val parts = listOfNotNull(
            ToDecide.summary(ours).takeIf { it.isNotEmpty() }?.let { "under the tool's setup: $it" },
            ToDecide.summary(papers).takeIf { it.isNotEmpty() }?.let { "under the papers' setups: $it" },
        )
        return if (parts.isEmpty()) "" else "What the open verdicts would take: ${parts.joinToString("; ")}."
    }

    /**
     * The framework versions each source folder's rows ran on (its environment.json; a browser campaign's campaign.json), so
     * that no verdict is read as another build's: the papers ran Spring Boot 3.x; this tool moved from 3.5.16 to 4.0.7 on
     * 2026-12-01.
     */
    private fun ranOn(sources: List<Path>): String {
        val each = sources.map { dir ->
            // a browser campaign writes no environment.json; its campaign.json names its build's versions (since 2026-12-07)
            val env = runCatching { Environment.read(dir.resolve("environment.json")) }.getOrNull()
            val campaign = runCatching { Environment.read(dir.resolve("campaign.json")) }.getOrNull()
            val versions = (env?.get("frameworkVersions") ?: campaign?.get("frameworkVersions")) as? Map<*, *>
            val commit = (env?.get("gitCommit") as? String)?.take(7)
            val older = when {
                env != null ->
                    "not recorded (a run before 2026-12-01: Spring Boot 3.5.16, Quarkus 3.37.0" +
                        "${commit?.let { "; commit $it" } ?: ""})"

                Files.isRegularFile(dir.resolve("campaign.json")) -> "not recorded (a browser campaign before 2026-12-07)"

                else -> "not recorded (no environment.json)"
            }
            "`${dir.fileName}`: ${versions?.entries?.joinToString(", ") { "${it.key} ${it.value}" } ?: older}"
        }.distinct()
        return "The rows ran on: ${each.joinToString("; ")}."
    }

    /** ", 3 floor-bound, 2 driver-bound": each bound some verdict met (nothing where none did: older ledgers read alike). */
    private fun bounds(n: (Verdict) -> Int) = listOf(Verdict.FLOOR_BOUND, Verdict.POOL_BOUND, Verdict.DRIVER_BOUND)
        .filter { n(it) > 0 }.joinToString("") { ", ${n(it)} ${it.word}" }

    fun markdown(sources: List<Path>): String = buildString {
        appendLine("# The seeds' claims, judged")
        appendLine()
        appendLine(
            "${counts()}. Judged ${Fmt.minute(LocalDateTime.now())} from: ${sources.joinToString(", ") {
                "`$it`"
            }}.",
        )
        if (sources.isNotEmpty()) appendLine(ranOn(sources))
        if (roundsNote.isNotEmpty()) appendLine(roundsNote)
        appendLine("How each word is defined and how a verdict is reached: docs/CLAIMS.md. Absolute req/s of the papers are another")
        appendLine(
            "machine's: *shape* claims are about where scaling stops or which route leads, *size* claims about a ratio within one run.",
        )
        if (setups.isNotEmpty()) {
            appendLine(
                "Each claim is judged twice: under its paper's setup (docs/SETUPS.md: every setting and its source) and under the " +
                    "tool's own;",
            )
            appendLine(
                "where the two differ, the one-factor runs (the paper's setup with one setting back at the tool's value) name the setting",
            )
            appendLine("that turns it. ${paperCounts()}.")
        }
        openSummary().takeIf { it.isNotEmpty() }?.let {
            appendLine()
            appendLine(it)
        }
        for ((seed, es) in entries.groupBy { it.first.seed }) {
            appendLine()
            appendLine("## Seed $seed")
            appendLine()
            if (setups.isNotEmpty()) {
                appendLine("| claim | section | paper's setup | tool's setup | the setting that turns it |")
                appendLine("|---|---|---|---|---|")
                for ((c, j) in es) {
                    val s = setups[c.id]
                    val same = if (s?.sameRows == true) " (same rows)" else ""
                    appendLine(
                        "| `${c.id}` | ${c.section} | ${s?.paper?.verdict?.word ?: "not run"}$same | " +
                            "${j.verdict.word} | ${s?.turn?.ifEmpty {
                                "-"
                            }?.replace("|", "/") ?: "-"} |",
                    )
                }
                appendLine()
            }
            for ((c, j) in es) {
                appendLine("- **${j.verdict.word.uppercase()}** `${c.id}` (${c.section}, ${c.kind.word}): ${c.text}")
                appendLine("  - paper: ${c.paper}; ours: ${j.ours}${if (j.ratio.isNotEmpty()) "; ${j.ratio}" else ""}")
                if (j.cause.isNotEmpty()) appendLine("  - measured cause: ${j.cause}")
                j.toDecide?.let { appendLine("  - to decide: ${it.text()}") }
                rounds[c.id]?.let { r ->
                    val look = looks[c.id] ?: r
                    appendLine(
                        "  - ${if (j.verdict == Verdict.INCONCLUSIVE) "still open after" else "decided in"} " +
                            "round $r, its look $look (intervals at ${Estimate.label(Rounds().confidence(look))})",
                    )
                }
                if (j.verdict == Verdict.NOT_MEASURED) appendLine("  - to measure it: `${j.command.ifEmpty { c.needs }}`")
                setups[c.id]?.let { s ->
                    s.paper?.let { p ->
                        appendLine(
                            "  - under ${s.setup}: **${p.verdict.word}**${if (s.sameRows) " (${s.sameRowsNote})" else ""}, ${p.ours}" +
                                (if (p.cause.isNotEmpty()) "; cause: ${p.cause}" else "") +
                                (p.toDecide?.let { "; to decide: ${it.text()}" } ?: ""),
                        )
                    }
                    if (s.turn.isNotEmpty()) appendLine("  - what turns it: ${s.turn}")
                }
            }
        }
        append(JvmVariance.markdown(variance))
    }

    /** claims.md, claims.csv, claims.json and claims.html into [dir], judged from [folders] ([LedgerPage]). */
    fun writeFiles(dir: Path, folders: List<Path>) {
        Files.writeString(dir.resolve("claims.md"), markdown(folders))
        Files.writeString(dir.resolve("claims.csv"), csv())
        LedgerPage.write(dir, this, folders)
    }

    fun csv(): String = buildString {
        appendLine(CsvFile.header(COLUMNS))
        for ((c, j) in entries) {
            val s = setups[c.id]
            appendLine(
                CsvFile.line(
                    listOf(
                        c.id, c.seed, c.section, c.kind.word, j.verdict.word, c.text, c.paper, j.ours, j.ratio, j.cause,
                        if (j.verdict == Verdict.NOT_MEASURED) j.command.ifEmpty { c.needs } else "", s?.setup.orEmpty(),
                        s?.paper?.verdict?.word.orEmpty(),
                        s?.paper?.ours.orEmpty(), s?.turn.orEmpty(), rounds[c.id]?.toString().orEmpty(),
                        looks[c.id]?.toString().orEmpty(), if (s?.paper == null) "" else s.sameRows.toString(),
                        j.toDecide?.cell().orEmpty(), s?.paper?.toDecide?.cell().orEmpty(),
                    ),
                ),
            )
        }
    }

    companion object {
        val COLUMNS = listOf(
            "id", "seed", "section", "kind", "verdict", "claim", "paper", "ours", "ratio", "cause", "command",
            "paper_setup", "paper_setup_verdict", "paper_setup_ours", "turned_by", "rounds", "looks", "paper_setup_same_rows",
            "to_decide", "paper_setup_to_decide",
        )

        fun judge(evidence: Evidence, claims: List<Claim> = Claims.all) = Ledger(claims.map { it to it.judged(evidence) })

        /**
         * Judges [folders] under the setups they ran in: the tool's own (folders without a setup) for every claim and,
         * when any folder ran under a paper's setup, each claim also under its seed's ([SetupJudge]).
         */
        fun judge(folders: List<JudgedFolder>, claims: List<Claim> = Claims.all, confidence: Double = 0.95): Ledger {
            // every folder's rows by setup, for the claims that compare two setups (seed 000 §5.1's Rocker buffer)
            val ours = Evidence.of(
                folders.filter {
                    it.setup.isEmpty()
                },
                confidence,
            ).withLabelled(Evidence.labelled(folders), Evidence.checksBySetup(folders))
            val base = Ledger(claims.map { it to it.judged(ours) }, variance = JvmVariance.of(ours))
            if (folders.all { it.setup.isEmpty() }) return base
            val judge = SetupJudge(folders, ours)
            return base.copy(setups = base.entries.associate { (c, j) -> c.id to judge.verdict(c, j) })
        }

        /** Judges [folders] together and writes claims.md and claims.csv into [out], [note] in their header; returns the ledger. */
        fun write(folders: List<Path>, out: Path, confidence: Double = 0.95, note: String = ""): Ledger {
            val ledger = judge(folders.map(JudgedFolder::read), confidence = confidence).copy(roundsNote = note)
            Files.createDirectories(out)
            ledger.writeFiles(out, folders)
            return ledger
        }
    }
}
