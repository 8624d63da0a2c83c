package pssr.bench

import java.nio.file.Files
import java.nio.file.StandardOpenOption

/**
 * Something that kept part of the matrix from being measured and left no row elsewhere: a server that did
 * not start, a route whose server died. A row of `failures.csv` (optional; the report lists every row in red).
 * Empty [model]/[engine]/[approach] mean the whole framework. [stage]: start, verify, ceiling, load.
 */
data class Failure(val framework: String, val model: String, val engine: String, val approach: String, val stage: String, val reason: String) {
    val what: String get() = listOf(framework, model, engine, approach).filter { it.isNotEmpty() }.joinToString("/")

    fun toCsv(): String = listOf(framework, model, engine, approach, stage, Csv.quote(reason.replace('\n', ' ').replace('\r', ' '))).joinToString(",")

    companion object {
        const val HEADER = "framework,model,engine,approach,stage,reason"
        fun fromCsv(line: String): Failure = Csv.split(line).let { c -> Failure(c[0], c[1], c[2], c[3], c[4], c.getOrElse(5) { "" }) }
    }
}

val RunDirectory.failuresFile get() = dir.resolve("failures.csv")

fun RunDirectory.failures(): List<Failure> =
    if (!Files.exists(failuresFile)) emptyList()
    else Files.readAllLines(failuresFile).drop(1).filter { it.isNotBlank() }.map(Failure::fromCsv)

/** Appends one failure (header first if the file is new), flushed at once like results.csv. */
fun RunDirectory.append(failure: Failure) = synchronized(this) {
    Files.createDirectories(dir)
    val fresh = !Files.exists(failuresFile) || Files.size(failuresFile) == 0L
    Files.newBufferedWriter(failuresFile, StandardOpenOption.CREATE, StandardOpenOption.APPEND).use { w ->
        if (fresh) w.write(Failure.HEADER + "\n")
        w.write(failure.toCsv() + "\n")
    }
}
