package pssr.bench.cli

import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.Callable
import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.UsageError
import pssr.bench.claims.Ledger
import pssr.bench.results.FolderCheck

@Command(name = "claims", mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "Judge the seeds' claims on existing result folders, together (pages runs, students, products/forward, " +
            "browser): holds, refuted, inconclusive (the 95% interval straddles the tolerance) or not measured (with " +
            "the command that measures it).",
        "Writes claims.md and claims.csv (docs/CLAIMS.md) into --out (default: the first folder).",
    ])
class ClaimsCommand : Callable<Int> {
    @Parameters(paramLabel = "DIR", arity = "1..*", description = ["Result folders of ./pssr run, ./pssr browser or ./pssr reproduce"])
    lateinit var folders: List<Path>

    @Option(names = ["--out"], paramLabel = "DIR", description = ["Where claims.md and claims.csv go (default: the first DIR)"])
    var out: Path? = null

    override fun call(): Int {
        for (f in folders) {
            if (!Files.isDirectory(f)) throw UsageError("$f is not a folder; give result folders of ./pssr run, ./pssr browser or ./pssr reproduce")
            val known = listOf("results.csv", "verification.csv", "summary.csv").any { Files.isRegularFile(f.resolve(it)) }
            if (!known) throw UsageError("$f holds no results (no results.csv, verification.csv or a browser summary.csv); give a folder ./pssr run or ./pssr browser wrote")
            FolderCheck.check(f) // before claims.md is written into the first folder: a damaged one is left as it was
        }
        val dir = out ?: folders.first()
        val ledger = Ledger.write(folders.map { it.toAbsolutePath().normalize() }, dir)
        println("claims: ${ledger.counts()}")
        println("claims: ${dir.resolve("claims.md")}")
        return 0
    }
}
