package pssr.bench.run

import pssr.bench.claims.JudgedFolder
import pssr.bench.console.UsageError
import pssr.bench.csv.DamagedFolder
import pssr.bench.csv.JsonFile
import pssr.bench.results.Shard
import pssr.probe.Jackson
import java.nio.file.Files
import java.nio.file.Path

/**
 * The options that shape a reproduce's plan, as it started: written to reproduce.json in its folder, so that
 * `--resume DIR` continues the same plan. A resume given none of them takes these; one given differently is refused (a
 * resume of a part typed without its `--shard` used to run the whole plan in the part's folder).
 */
data class ReproduceStart(val budget: String, val shard: String?, val only: List<String>, val with: List<String>) {
    fun write(dir: Path) {
        Files.createDirectories(dir)
        Files.writeString(
            dir.resolve(FILE),
            Jackson.writePretty(mapOf("budget" to budget, "shard" to shard, "only" to only, "with" to with)),
        )
    }

    /** The options as a command line gives them, for the refusal's line. */
    fun args(): String = listOfNotNull(
        "--budget $budget",
        shard?.let { "--shard $it" },
        only.takeIf { it.isNotEmpty() }?.let { "--only ${it.joinToString(",")}" },
        with.takeIf { it.isNotEmpty() }?.let { "--with ${it.joinToString(",")}" },
    ).joinToString(" ")

    /**
     * What the resume of [dir] runs: this start's options where [given] (by the option's name) has none, and a
     * [UsageError] where it has one that differs from this start's (by meaning: `3h` is `180m`, `--only` in any order).
     */
    fun resumed(dir: Path, asked: ReproduceStart, given: (String) -> Boolean): ReproduceStart {
        val differs = listOfNotNull(
            "--budget".takeIf { given(it) && ReproducePlan.parseBudget(asked.budget) != ReproducePlan.parseBudget(budget) },
            "--shard".takeIf { given(it) && asked.shard?.let(Shard::parse) != shard?.let(Shard::parse) },
            "--only".takeIf { given(it) && asked.only.toSet() != only.toSet() },
            // folders moved since the start (another machine, another path) are named again with --with
            "--with".takeIf {
                given(it) && with.all { w -> Files.isDirectory(normal(w)) } &&
                    asked.with.map(::normal).toSet() != with.map(::normal).toSet()
            },
        )
        if (differs.isNotEmpty()) {
            throw UsageError(
                "--resume $dir: ${differs.joinToString(", ")} ${if (differs.size == 1) "differs" else "differ"} from how this reproduce " +
                    "started (${args()}); " +
                    "resume it with the same options or none: ./pssr reproduce --resume $dir",
            )
        }
        return if (given("--with")) copy(with = asked.with.map { normal(it).toString() }) else this
    }

    companion object {
        const val FILE = JudgedFolder.REPRODUCE_FILE

        private fun normal(p: String): Path = Path.of(p).toAbsolutePath().normalize()

        /** [dir]'s start, or null for a folder written before the file (it resumes with the options given). */
        fun read(dir: Path): ReproduceStart? {
            val file = dir.resolve(FILE)
            if (!Files.exists(file)) return null
            val json = JsonFile.readObject(file)
            fun damaged(key: String, what: String): Nothing = throw DamagedFolder(file, JsonFile.lineOf(file, key), what)
            fun texts(key: String): List<String> = when (val v = json[key]) {
                null -> emptyList()
                is List<*> -> v.map { it as? String ?: damaged(key, "$key holds ${JsonFile.kind(it)}, not a string") }
                else -> damaged(key, "$key is ${JsonFile.kind(v)}, not a list of strings")
            }
            val budget = (json["budget"] as? String)?.takeIf { runCatching { ReproducePlan.parseBudget(it) }.isSuccess }
                ?: damaged("budget", "budget is ${JsonFile.kind(json["budget"])}, not a duration such as 3h")
            val shard = when (val s = json["shard"]) {
                null -> null
                is String -> s.takeIf { runCatching { Shard.parse(it) }.isSuccess } ?: damaged("shard", "shard is \"$s\", not K/N")
                else -> damaged("shard", "shard is ${JsonFile.kind(s)}, not K/N")
            }
            return ReproduceStart(budget, shard, texts("only"), texts("with"))
        }
    }
}
