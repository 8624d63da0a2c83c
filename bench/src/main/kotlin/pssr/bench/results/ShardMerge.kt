package pssr.bench.results

import pssr.bench.console.UsageError
import pssr.bench.csv.CsvFile
import pssr.bench.csv.DamagedFolder
import pssr.bench.csv.JsonFile
import pssr.bench.csv.Table
import pssr.probe.Jackson
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption

/** One shard's results folder as `merge` reads it: its shard.json and its options. */
class ShardPart(
    val dir: Path,
    val shard: Int,
    val shards: Int,
    val splitHash: String,
    val machine: String,
    val owned: Set<String>,
    val references: Set<String>,
    val options: Map<*, *>,
    val environment: Map<*, *>,
) {
    val run = RunDirectory(dir)

    companion object {
        fun read(dir: Path): ShardPart {
            if (!Files.isDirectory(dir)) throw UsageError("no results folder at $dir")
            val file = dir.resolve(ShardRecord.FILE)
            if (!Files.exists(file)) {
                throw UsageError("$dir holds no ${ShardRecord.FILE}: it is not a shard (run it with ./pssr run --shard K/N)")
            }
            val s = JsonFile.readObject(file)
            val environment = dir.resolve("environment.json")
            // a shard's options are what merge compares: without them it cannot tell shards of one run from others
            val env =
                Environment.read(environment) ?: throw DamagedFolder(
                    environment,
                    null,
                    "is missing: ./pssr run --shard writes it first, so this folder was copied half-way; merge needs each shard's options",
                )
            fun wrong(key: String, what: String): Nothing = throw DamagedFolder(
                file,
                JsonFile.lineOf(file, key),
                "'$key' ${
                    if (s.containsKey(key)) "holds ${JsonFile.kind(s[key])}" else "is missing"}, not $what",
            )
            fun count(k: String): Int =
                (s[k] as? Number)?.takeIf { it.toDouble() >= 1 && it.toDouble() == Math.floor(it.toDouble()) }?.toInt()
                    ?: wrong(k, "a whole number from 1")
            fun text(k: String): String = s[k] as? String ?: wrong(k, "a text")
            fun strings(k: String): Set<String> = (s[k] as? List<*>)?.takeIf { l -> l.all { it is String } }?.map { it.toString() }?.toSet()
                ?: wrong(k, "a list of route keys")
            return ShardPart(
                dir, count("shard"), count("shards"), text("splitHash"), text("machine"),
                strings("owned"), strings("references"), (env["options"] as? Map<*, *>).orEmpty(), env,
            )
        }
    }
}

/**
 * `./pssr merge DIR... --out DIR`: one results folder from the N folders of `run --shard K/N`. It refuses, one line
 * each, folders of different splits (N, or the routes listed), a missing or a duplicated shard, and folders whose
 * options differ other than by the shard. The merged results.csv holds each route's rows from the shard that owns it
 * (exactly the rows of the same run unsharded: same keys, each level once), with its histograms, timelines,
 * verification and failures; `shards.csv` names each route's shard and machine, and `references.csv` holds every
 * shard's reference rows, the yardstick the report's normalised figures divide by (report/ShardsSection).
 */
object ShardMerge {
    /** A merged run's shards.csv (each route's shard and machine) and references.csv; null when the run is not a merge. */
    fun readMerged(run: RunDirectory): Pair<Map<String, Pair<Int, String>>, List<ReferenceRow>>? {
        val shards = run.dir.resolve(SHARDS)
        if (!Files.exists(shards)) return null
        val shardOf = ShardRow.TABLE.rows(shards).associate { it.route to (it.shard to it.machine) }
        val refs = ReferenceRow.TABLE.rows(run.dir.resolve(REFERENCES))
        return shardOf to refs
    }

    fun check(parts: List<ShardPart>) {
        val first = parts.first()
        parts.firstOrNull { it.shards != first.shards }?.let {
            throw UsageError(
                "${it.dir} is shard ${it.shard}/${it.shards}, ${first.dir} shard ${first.shard}/${first.shards}: shards of one split " +
                    "have the same N",
            )
        }
        parts.groupBy { it.shard }.values.firstOrNull { it.size > 1 }?.let { twice ->
            throw UsageError("shard ${twice[0].shard}/${first.shards} is given twice: ${twice.joinToString(" and ") { it.dir.toString() }}")
        }
        val missing = (1..first.shards) - parts.map { it.shard }.toSet()
        if (missing.isNotEmpty()) {
            throw UsageError(
                "shard ${missing.joinToString(", ") {
                    "$it/${first.shards}"
                }} is missing; merge needs all ${first.shards}",
            )
        }
        parts.firstOrNull { it.splitHash != first.splitHash }?.let {
            throw UsageError(
                "${it.dir} was split over other routes than ${first.dir} (another selection, a framework that did not start there, or " +
                    "another pssr version): a mixed split cannot be merged",
            )
        }
        for (p in parts) {
            val differ = (p.options.keys + first.options.keys).map { it.toString() }.distinct().filter {
                it != "shard" &&
                    p.options[it] != first.options[it]
            }
            if (differ.isNotEmpty()) {
                throw UsageError(
                    "${p.dir} was run with other options than ${first.dir} (${differ.joinToString(", ") {
                        "$it: ${p.options[it]} vs ${first.options[it]}"
                    }}); shards must differ only by --shard",
                )
            }
        }
    }

    fun merge(dirs: List<Path>, out: Path): RunDirectory {
        val parts = dirs.map(ShardPart::read).sortedBy { it.shard }
        check(parts)
        // every file of every shard is read before --out is created: a damaged shard leaves no half-merged folder
        parts.forEach { FolderCheck.check(it.dir) }
        if (Files.exists(out.resolve("results.csv"))) {
            throw UsageError("$out already holds a run; choose another --out (nothing was overwritten)")
        }
        Files.createDirectories(out)
        val merged = RunDirectory(out)
        val refs = out.resolve(REFERENCES)
        val shardsFile = out.resolve(SHARDS)
        for (p in parts) {
            val rows = p.run.rows()
            val own = rows.filter { baseKey(it) in p.owned }
            own.forEach(merged::append)
            rows.filter { baseKey(it) in p.references }.forEach { r ->
                ReferenceRow.TABLE.append(
                    refs,
                    listOf(
                        ReferenceRow(
                            p.shard, p.machine, r.frameworkLabel, r.model, r.route, r.loadModel,
                            levelOf(
                                r,
                            ),
                            r.repetition, r.throughputRps,
                        ),
                    ),
                )
            }
            p.owned.forEach { ShardRow.TABLE.append(shardsFile, listOf(ShardRow(it, p.shard, p.machine))) }
            val keys = own.map { it.key }.toSet()
            copyCsv(p.run.histograms, merged.histograms) { it["key"] in keys }
            copyCsv(p.run.timelineFile, merged.timelineFile) { it["key"] in keys }
            copyCsv(p.run.enginesFile, merged.enginesFile) { it["key"] in keys }
            p.run.checks().filter { it.route in p.owned }.forEach(merged::append)
            p.run.failures().filter { f ->
                f.model.isEmpty() || "${f.framework}/${f.model}/${f.engine}/${f.approach}" in p.owned
            }.forEach(merged::append)
        }
        val env = LinkedHashMap<Any?, Any?>(parts.first().environment)
        env["options"] = parts.first().options.filterKeys { it != "shard" }
        env["shards"] =
            parts.map {
                linkedMapOf(
                    "shard" to it.shard,
                    "of" to it.shards,
                    "machine" to it.machine,
                    "dir" to it.dir.toAbsolutePath().toString(),
                    "startedAt" to it.environment["startedAt"],
                    "cpuModel" to it.environment["cpuModel"],
                )
            }
        env["splitHash"] = parts.first().splitHash
        Files.writeString(merged.environment, Jackson.writePretty(env))
        return merged
    }

    const val REFERENCES = "references.csv"
    const val SHARDS = "shards.csv"

    /** The route a row measures, without a runtime label: the unit the split deals out. */
    fun baseKey(r: ResultRow) = "${r.framework}/${r.model}/${r.engine}/${r.approach}"
    fun levelOf(r: ResultRow) = if (r.open) r.rateRps.toInt() else r.users

    /** The records of [from] that [keep] accepts, appended to [to] with [from]'s header (written when [to] is new). */
    private fun copyCsv(from: Path, to: Path, keep: (Map<String, String>) -> Boolean) {
        if (!Files.exists(from)) return
        val header = Files.newBufferedReader(from).use { it.readLine() } ?: return
        val columns = header.split(',') // pssr's own column names: no quoting
        val records = CsvFile.read(from).filter(keep)
        if (records.isEmpty()) return
        val text = StringBuilder(if (Files.exists(to)) "" else header + "\n")
        records.forEach { r -> text.append(CsvFile.line(columns.map { r[it] })).append('\n') }
        Files.writeString(to, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
    }
}

/** One row of shards.csv: the shard, and the machine, that measured [route]. */
data class ShardRow(val route: String, val shard: Int, val machine: String) {
    companion object {
        val TABLE: Table<ShardRow> = Table(ShardRow::class.java) {
            listOf(text("route", ShardRow::route), int("shard", ShardRow::shard), text("machine", ShardRow::machine))
        }
    }
}

/** One reference measurement of one shard (a row of references.csv): its route's throughput at a level in a repetition. */
data class ReferenceRow(
    val shard: Int,
    val machine: String,
    val framework: String,
    val model: String,
    val route: String,
    val loadModel: String,
    val level: Int,
    val repetition: Int,
    val throughputRps: Double,
) {
    companion object {
        val TABLE: Table<ReferenceRow> = Table(ReferenceRow::class.java) {
            listOf(
                int("shard", ReferenceRow::shard), text("machine", ReferenceRow::machine), text("framework", ReferenceRow::framework),
                text("model", ReferenceRow::model), text("route", ReferenceRow::route), text("load_model", ReferenceRow::loadModel),
                int("level", ReferenceRow::level), int("repetition", ReferenceRow::repetition),
                exactDouble("throughput_rps", ReferenceRow::throughputRps),
            )
        }
    }
}
