package pssr.bench.run

import pssr.bench.claims.JudgedFolder
import pssr.bench.claims.Rounds
import pssr.bench.console.UsageError
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/** A reproduce cut into parts (`--shard K/N`, the last part given `--with` the others' folders): what the last part reads. */
internal object ReproduceParts {
    /**
     * The last part's budget when it judges the other parts' [folders] (`--with`): the whole reproduce's [budget] less
     * the time those parts spent (their time-spent.txt), so its rounds get what a whole reproduce's would.
     */
    fun budgetAfter(budget: Duration, folders: List<Path>): Duration =
        budget.minusSeconds(folders.map { it.parent }.distinct().sumOf { ReproduceClock(it).earlier })

    /**
     * The measured phase folders of the other parts' reproduce folders [parts] (for `--with`; a phase folder is taken as
     * it is), in name order. A part that ran rounds of its own looked at its claims more than once; judging its folders
     * here again would be one more look its alpha does not count, so such a part is refused, as is [dir] itself or a
     * folder with nothing measured.
     */
    fun earlierFolders(parts: List<Path>, dir: Path): List<Path> = parts.flatMap { part ->
        if (part == dir) throw UsageError("--with $part: that is this part's own folder; name the other parts' folders")
        if (!Files.isDirectory(part)) throw UsageError("--with $part: no such folder; name the folders of the other parts")
        // a part's folder, or one of its phase folders (as ./pssr claims takes them)
        val inside = if (JudgedFolder.holdsResults(part)) {
            listOf(part)
        } else {
            Files.list(part).use { s -> s.filter { Files.isDirectory(it) }.sorted().toList() }
        }
        inside.firstOrNull { it.fileName.toString().startsWith(Rounds.FOLDER_PREFIX) }?.let {
            throw UsageError(
                "--with $part: that part ran rounds of its own ($it), so its claims were looked at more than once; judge it " +
                    "with ./pssr claims instead",
            )
        }
        inside.filter(JudgedFolder::holdsResults).ifEmpty {
            throw UsageError("--with $part: no measured phase folder in it (results.csv, verification.csv or summary.csv)")
        }
    }.distinct()
}
