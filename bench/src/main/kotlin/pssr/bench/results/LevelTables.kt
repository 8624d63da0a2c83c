package pssr.bench.results

import org.HdrHistogram.Histogram
import pssr.bench.csv.BadValue
import pssr.bench.csv.Column
import pssr.bench.csv.Table
import pssr.bench.measure.EngineShare
import pssr.bench.measure.Latency
import pssr.bench.measure.TimelinePoint

/** A row of histograms.csv: a level's whole latency distribution (HdrHistogram, base64), by the level's [ResultRow.key]. */
data class HistogramRow(val key: String, val latency: Histogram) {
    companion object {
        val TABLE: Table<HistogramRow> = Table(HistogramRow::class.java) {
            listOf(
                text("key", HistogramRow::key),
                Column("latency_us_hdr_base64", HistogramRow::latency, Histogram::class.java, Latency::encode, { f ->
                    try {
                        Latency.decode(f.text("latency_us_hdr_base64"))
                    } catch (e: Exception) {
                        throw BadValue(
                            "column latency_us_hdr_base64 holds no latency histogram (${e.message ?: e.javaClass.simpleName})",
                        )
                    }
                }),
            )
        }
    }
}

/** A row of timeline.csv: one resource reading of a level's measured window, by the level's [ResultRow.key]. */
data class TimelineRow(val key: String, val seconds: Double, val cpuPct: Double, val heapMb: Double, val gcMs: Double, val threads: Int) {
    constructor(key: String, p: TimelinePoint) : this(key, p.seconds, p.cpuPct, p.heapMb, p.gcMs, p.threads)

    val point: TimelinePoint get() = TimelinePoint(seconds, cpuPct, heapMb, gcMs, threads)

    companion object {
        val TABLE: Table<TimelineRow> = Table(TimelineRow::class.java) {
            listOf(
                text("key", TimelineRow::key),
                double("t_s", TimelineRow::seconds, 2),
                double("cpu_pct", TimelineRow::cpuPct, 1),
                double("heap_mb", TimelineRow::heapMb, 1),
                double("gc_ms", TimelineRow::gcMs, 0),
                int("threads", TimelineRow::threads),
            )
        }
    }
}

/** A row of engines.csv (`--load-engines`): one remote engine's share of a level, by the level's [ResultRow.key]. */
data class EngineShareRow(
    val key: String,
    val engine: String,
    val users: Int,
    val completed: Long,
    val errors: Long,
    val lost: Long,
    val alive: Boolean,
) {
    constructor(key: String, s: EngineShare) : this(key, s.engine, s.users, s.completed, s.errors, s.lost, s.alive)

    companion object {
        val TABLE: Table<EngineShareRow> = Table(EngineShareRow::class.java) {
            listOf(
                text("key", EngineShareRow::key),
                text("engine", EngineShareRow::engine),
                int("users", EngineShareRow::users),
                long("completed", EngineShareRow::completed),
                long("errors", EngineShareRow::errors),
                long("lost", EngineShareRow::lost),
                boolean("alive", EngineShareRow::alive),
            )
        }
    }
}
