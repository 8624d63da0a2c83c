package pssr.bench.claims

import pssr.bench.console.UsageError
import pssr.bench.results.FolderCheck
import java.nio.file.Files
import java.nio.file.Path

/** `./pssr claims`'s two entry points: the folders judged into a ledger, or two ledgers compared. */
object ClaimsWorkflow {
    /** Where a reproduce folder's ledger judged again goes by default, inside it. */
    const val REJUDGED = "rejudged"

    /** `--diff A B`: the two ledgers verdict by verdict, printed, and into [out]'s claims-diff.md when given. */
    fun diff(a: Path, b: Path, out: Path?): Int {
        val md = LedgerDiff(a, b).markdown()
        print(md)
        out?.let {
            Files.createDirectories(it)
            Files.writeString(it.resolve("claims-diff.md"), md)
        }
        return 0
    }

    /**
     * Every folder checked (a folder holding results, each file readable; a reproduce folder stands for its measured phase
     * folders) before claims.md and claims.csv are written into [out], so a damaged one is left as it was; then the counts and
     * claims.md's path. [out]'s default is the first folder, or for a reproduce folder its [REJUDGED] folder: its own ledger,
     * with the rounds' header, stays as the reproduce wrote it.
     */
    fun judge(folders: List<Path>, out: Path?, confidence: Double): Int {
        val measured = folders.flatMap { f ->
            if (!Files.isDirectory(f)) {
                throw UsageError("$f is not a folder; give result folders of ./pssr run, ./pssr browser or ./pssr reproduce")
            }
            JudgedFolder.measuredIn(f).ifEmpty {
                throw UsageError(
                    "$f holds no results (no results.csv, verification.csv or a browser summary.csv, nor is it a reproduce folder " +
                        "with a measured phase); " +
                        "give a folder ./pssr run, ./pssr browser or ./pssr reproduce wrote",
                )
            }
        }.distinct()
        measured.forEach(FolderCheck::check)
        val first = folders.first()
        val dir = out ?: if (JudgedFolder.holdsResults(first)) first else first.resolve(REJUDGED)
        if (measured.size > folders.size) println("claims: judging the ${measured.size} measured folders in ${folders.joinToString(" ")}")
        // a reproduce's rounds looked at their claims more than once; this is one more look, at the confidence given
        val rounds = measured.count { it.fileName.toString().startsWith(Rounds.FOLDER_PREFIX) }
        val note = if (rounds == 0) {
            ""
        } else {
            "Judged again by ./pssr claims: one look at ${Estimate.label(confidence)} over every measured folder, the $rounds " +
                "rounds' folders too (the reproduce's own ledger, with its looks, is its claims.md)."
        }
        val ledger = Ledger.write(measured.map { it.toAbsolutePath().normalize() }, dir, confidence, note)
        println("claims: ${ledger.counts()}")
        println("claims: ${dir.resolve("claims.md")}")
        return 0
    }
}
