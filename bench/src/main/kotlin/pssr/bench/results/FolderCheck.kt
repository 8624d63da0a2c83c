package pssr.bench.results

import pssr.bench.csv.DamagedFolder
import pssr.bench.csv.JsonFile
import pssr.bench.measure.TimelinePoint
import java.nio.file.Files
import java.nio.file.Path

/**
 * A damaged folder is named, never trusted. Before `report`, `claims`, `compare`, `merge` or `run --resume` reads a
 * results folder or writes anything into it, every file pssr wrote there is read in full through the readers the
 * command then uses; the first thing that cannot be read is a [DamagedFolder] (one line, exit code 2), and the folder
 * is left byte-identical. What is tolerated on purpose (docs/RESULTS.md, "A damaged folder"):
 * - a folder with fewer rows than its run planned (an interrupted run, `interrupted.txt`): partial data, not damage;
 * - no environment.json in a folder without results.csv (`./pssr verify` writes none);
 * - columns and keys added by later versions of pssr, absent from older files (they read as their documented defaults);
 * - `--resume` only: a last line cut mid-write, which it then drops with a line saying so (the one change it makes).
 */
object FolderCheck {
    /** Checks [dir]; what it read, each file once, for a command that renders the folder without reading it again. */
    fun check(dir: Path, resuming: Boolean = false): FolderContents {
        val run = RunDirectory(dir, beforeRepair = resuming)
        // run writes environment.json before its first row: results without it were copied or edited half-way
        if (Files.exists(run.results) && !Files.exists(run.environment)) {
            throw DamagedFolder(
                run.environment,
                null,
                "is missing beside results.csv, so the run's setup and options are unknown " +
                    "(./pssr run writes it before the first row: the folder was copied half-way?)",
            )
        }
        Environment.read(run.environment)
        resumedSegments(dir).forEach { JsonFile.readObject(it) }
        dir.resolve(ShardRecord.FILE).takeIf { Files.exists(it) }?.let { ShardPart.read(dir) }
        val contents = FolderContents(run.rows(), run.checks(), run.failures(), run.histograms(), run.timeline(), run.profiles())
        run.engineShares()
        ShardMerge.readMerged(run)
        return contents
    }

    private fun resumedSegments(dir: Path): List<Path> = Files.list(dir).use { files ->
        files.filter { it.fileName.toString().let { n -> n.startsWith("environment-resumed-") && n.endsWith(".json") } }.sorted().toList()
    }
}

/** The files of a results folder [FolderCheck] read (a report renders from them: results.csv parsed once). */
class FolderContents(
    val rows: List<ResultRow>,
    val checks: List<RouteCheck>,
    val failures: List<Failure>,
    val histograms: Map<String, org.HdrHistogram.Histogram>,
    val timeline: Map<String, List<TimelinePoint>>,
    val profiles: List<ProfileRow>,
)
