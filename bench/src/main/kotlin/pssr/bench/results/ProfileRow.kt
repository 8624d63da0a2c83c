package pssr.bench.results

import pssr.bench.csv.Table
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
    fun toCsv(): String = TABLE.line(this)

    companion object {
        /** profiles.csv's columns, each declared once; runs before JFR was a fallback had no profiler column: async-profiler made them. */
        val TABLE: Table<ProfileRow> = Table(ProfileRow::class.java) {
            listOf(
                text("route", ProfileRow::route), int("users", ProfileRow::users), text("kind", ProfileRow::kind),
                text("basis", ProfileRow::basis), int("rank", ProfileRow::rank), text("frame", ProfileRow::frame),
                long("samples", ProfileRow::samples), double("share", ProfileRow::share, 4), text("flame_graph", ProfileRow::flameGraph),
                text("profiler", ProfileRow::profiler, absent = "async-profiler"),
            )
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
