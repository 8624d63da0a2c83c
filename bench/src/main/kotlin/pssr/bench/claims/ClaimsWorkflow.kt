package pssr.bench.claims

import pssr.bench.console.UsageError
import pssr.bench.results.FolderCheck
import java.nio.file.Files
import java.nio.file.Path

/** `./pssr claims`'s two entry points: the folders judged into a ledger, or two ledgers compared. */
object ClaimsWorkflow {
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
     * Every folder checked (a folder holding results, each file readable) before claims.md and claims.csv are written into
     * [out] (default: the first folder), so a damaged one is left as it was; then the counts and claims.md's path.
     */
    fun judge(folders: List<Path>, out: Path?, confidence: Double): Int {
        for (f in folders) {
            if (!Files.isDirectory(f)) {
                throw UsageError("$f is not a folder; give result folders of ./pssr run, ./pssr browser or ./pssr reproduce")
            }
            if (!JudgedFolder.holdsResults(f)) {
                throw UsageError(
                    "$f holds no results (no results.csv, verification.csv or a browser summary.csv); give a folder ./pssr run or ./pssr " +
                        "browser wrote",
                )
            }
            FolderCheck.check(f)
        }
        val dir = out ?: folders.first()
        val ledger = Ledger.write(folders.map { it.toAbsolutePath().normalize() }, dir, confidence)
        println("claims: ${ledger.counts()}")
        println("claims: ${dir.resolve("claims.md")}")
        return 0
    }
}
