package pssr.bench.results

import pssr.bench.console.Fmt
import pssr.bench.csv.CsvFile
import pssr.bench.csv.Fields
import pssr.bench.measure.Profile
import java.nio.file.Path

/**
 * A row of `profiles.csv`: one of the top frames of one profile (`--profile`). [basis] `self` ranks frames by
 * the samples where they were innermost; `own` charges each sample to its innermost non-JDK frame.
 */
data class ProfileRow(
    val route: String,
    val users: Int,
    val kind: String,
    val basis: String,
    val rank: Int,
    val frame: String,
    val samples: Long,
    val share: Double,
    val flameGraph: String,
    val profiler: String,
) {
    fun toCsv(): String = CsvFile.line(
        listOf(route, users, kind, basis, rank, frame, samples, Fmt.fixed(share, 4, Fmt.NAN), flameGraph, profiler),
    )

    companion object {
        const val HEADER = "route,users,kind,basis,rank,frame,samples,share,flame_graph,profiler"

        fun fromCsv(c: Map<String, String>) = fromCsv(Fields(c))

        fun fromCsv(f: Fields) = with(f) {
            ProfileRow(
                text("route"), int("users"), text("kind"), text("basis"), int("rank"), text("frame"), long("samples"), double("share"),
                text("flame_graph"), textOr("profiler", "async-profiler"),
            ) // runs before JFR was a fallback had no column: async-profiler made them
        }

        /** The top frames of [p] on both bases, the flame graph named relative to the run folder [dir]. */
        fun of(route: String, users: Int, p: Profile, dir: Path): List<ProfileRow> {
            val html = dir.relativize(p.flameGraph).toString()
            return listOf("self" to p.top, "own" to p.topOwn).flatMap { (basis, frames) ->
                frames.mapIndexed { i, f -> ProfileRow(route, users, p.kind, basis, i + 1, f.frame, f.samples, f.share, html, p.tool) }
            }
        }
    }
}
