package pssr.bench.results

import pssr.bench.console.UsageError
import pssr.bench.csv.DamagedFolder
import java.nio.file.Files
import java.nio.file.Path

/**
 * A run directory that exists and holds at least one of results.csv / verification.csv, or a one-line UsageError;
 * every file in it readable ([FolderCheck]), or a one-line DamagedFolder, before anything reads or writes it.
 */
internal fun openRun(dir: Path): RunDirectory = openChecked(dir).run

/** A run directory opened as [openRun] does, with what its check read ([FolderContents]: each file parsed once). */
class CheckedRun(val run: RunDirectory, val contents: FolderContents)

/** [openRun], keeping what the check read. */
internal fun openChecked(dir: Path): CheckedRun {
    if (!Files.exists(dir)) throw UsageError("no such directory: $dir")
    if (!Files.isDirectory(dir)) throw UsageError("not a directory: $dir (give the run's directory, e.g. results/<run-id>)")
    val run = RunDirectory(dir)
    if (!Files.exists(run.results) && !Files.exists(run.verification) && !Files.exists(run.failuresFile)) {
        throw UsageError("$dir holds no results: expected results.csv or verification.csv from './pssr run' or './pssr verify'")
    }
    return CheckedRun(run, FolderCheck.check(dir))
}
