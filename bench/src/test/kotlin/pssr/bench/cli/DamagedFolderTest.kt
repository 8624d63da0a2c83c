
package pssr.bench.cli

import org.HdrHistogram.Histogram
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import pssr.bench.csv.DamagedFolder
import pssr.bench.load.LoadRow
import pssr.bench.measure.TimelinePoint
import pssr.bench.process.MeasureLock
import pssr.bench.resultRow
import pssr.bench.results.ProfileRow
import pssr.bench.results.ResultRow
import pssr.bench.results.RouteCheck
import pssr.bench.results.RunDirectory
import pssr.bench.run.OutputOptions
import pssr.probe.Jackson
import java.io.ByteArrayOutputStream
import java.io.PrintStream
import java.nio.file.Files
import java.nio.file.Path
import java.security.MessageDigest

/**
 * A damaged results folder is named, never trusted: for each damage a run killed mid-write, an edit or a
 * half-way copy leaves, every command that reads a folder (report, claims, compare, merge, run --resume) prints one
 * line naming the file, the line and what is wrong, exits 2, and leaves every file of the folder byte-identical.
 */
class DamagedFolderTest {
    @TempDir lateinit var tmp: Path

    private val options = mapOf("levels" to listOf(1, 32))
    private val reference = "webflux/presentations/baseline/virtual"

    /** Shard [k] of 2 as `run --shard` writes it: environment.json, rows with their histograms, verification, shard.json. */
    private fun shard(k: Int, name: String): Path {
        val run = RunDirectory(tmp.resolve(name))
        Files.createDirectories(run.dir)
        Files.writeString(
            run.environment,
            Jackson.writePretty(
                linkedMapOf("pssrVersion" to "0.1.0", "resultsFormat" to 1, "cores" to 2, "options" to options + ("shard" to "$k/2")),
            ),
        )
        val owned = listOf("webflux/presentations/${listOf("jstachio", "baseline")[k - 1]}/virtual")
        for (route in (owned + reference).distinct()) {
            for (users in listOf(1, 32)) {
                for (rep in 1..2) {
                    val row = resultRow(engine = route.split('/')[2], users = users, repetition = rep, throughput = 100.0 * users + rep)
                    run.append(row)
                    run.append(row.key, Histogram(3).apply { recordValue(1000L * users) })
                    run.append(row.key, listOf(TimelinePoint(0.5, 80.0, 120.0, 3.0, 40), TimelinePoint(1.0, 85.0, 130.0, 0.0, 41)))
                }
            }
        }
        for (route in owned) {
            run.append(
                listOf("self", "own").mapIndexed { i, basis ->
                    ProfileRow(route, 32, "cpu", basis, 1, "pssr.Page.render", 120L + i, 0.25, "profiles/cpu.html", "async-profiler")
                },
            )
            run.append(
                RouteCheck(
                    "webflux", "presentations", route.split('/')[2], "virtual", "/presentations/${route.split('/')[2]}/virtual",
                    true, "streams", true, 2.0, 101.0, 1003.0, 12, 3600, "2.0:400;101.0:300", "",
                ),
            )
        }
        Files.writeString(
            run.dir.resolve("shard.json"),
            Jackson.writePretty(
                linkedMapOf(
                    "shard" to k,
                    "shards" to 2,
                    "splitHash" to "abc",
                    "machine" to "machine$k",
                    "owned" to owned,
                    "references" to listOf(reference),
                ),
            ),
        )
        return run.dir
    }

    /** One damage: what it does to a good folder, and what the one line must say (the file, its line, what is wrong). */
    class Damage(val name: String, val says: String, val onlyMerge: Boolean = false, val damage: (Path) -> Unit)

    private fun lines(file: Path) = Files.readAllLines(file)
    private fun rewrite(file: Path, lines: List<String>) = Files.writeString(file, lines.joinToString("\n", postfix = "\n"))

    private val damages = listOf(
        Damage("results.csv: the last line cut mid-write", "results.csv line 9: the last line was cut mid-write") { dir ->
            val text = Files.readString(dir.resolve("results.csv"))
            Files.writeString(dir.resolve("results.csv"), text.dropLast(200))
        },
        Damage("results.csv: a garbled number", "results.csv line 3: column throughput_rps holds '1O1.0', not a number") { dir ->
            val file = dir.resolve("results.csv")
            val at = ResultRow.COLUMNS.indexOf("throughput_rps")
            rewrite(
                file,
                lines(file).mapIndexed { i, l ->
                    if (i == 2) {
                        l.split(',').toMutableList().also { it[at] = "1O1.0" }.joinToString(",")
                    } else {
                        l
                    }
                },
            )
        },
        Damage("results.csv: a missing column", "results.csv line 1: the header has no column 'latency_p99_ms'") { dir ->
            val file = dir.resolve("results.csv")
            val at = ResultRow.COLUMNS.indexOf("latency_p99_ms")
            rewrite(file, lines(file).map { l -> l.split(',').filterIndexed { i, _ -> i != at }.joinToString(",") })
        },
        Damage(
            "results.csv: a row with a field too many",
            "results.csv line 4: has ${ResultRow.COLUMNS.size + 1} fields, its header ${ResultRow.COLUMNS.size}",
        ) { dir ->
            val file = dir.resolve("results.csv")
            rewrite(file, lines(file).mapIndexed { i, l -> if (i == 3) "$l,7" else l })
        },
        Damage("profiles.csv: a garbled number", "profiles.csv line 3: column samples holds '12l', not a number") { dir ->
            val file = dir.resolve("profiles.csv")
            val at = ProfileRow.TABLE.names.indexOf("samples")
            rewrite(
                file,
                lines(file).mapIndexed { i, l ->
                    if (i == 2) {
                        l.split(',').toMutableList().also { it[at] = "12l" }.joinToString(",")
                    } else {
                        l
                    }
                },
            )
        },
        Damage("profiles.csv: a missing column", "profiles.csv line 1: the header has no column 'rank'") { dir ->
            val file = dir.resolve("profiles.csv")
            val at = ProfileRow.TABLE.names.indexOf("rank")
            rewrite(file, lines(file).map { l -> l.split(',').filterIndexed { i, _ -> i != at }.joinToString(",") })
        },
        Damage(
            "histograms.csv: a histogram that is not one",
            "histograms.csv line 2: column latency_us_hdr_base64 holds no latency histogram",
        ) { dir ->
            val file = dir.resolve("histograms.csv")
            rewrite(file, lines(file).mapIndexed { i, l -> if (i == 1) l.substringBefore(',') + ",bm90IGEgaGlzdG9ncmFt" else l })
        },
        Damage("timeline.csv: a garbled number", "timeline.csv line 2: column cpu_pct holds '8O.0', not a number") { dir ->
            val file = dir.resolve("timeline.csv")
            rewrite(file, lines(file).mapIndexed { i, l -> if (i == 1) l.replace(",80.0,", ",8O.0,") else l })
        },
        Damage(
            "histograms.csv: a value that is no histogram",
            "histograms.csv line 2: column latency_us_hdr_base64 holds no latency",
        ) { dir ->
            val file = dir.resolve("histograms.csv")
            rewrite(file, lines(file).mapIndexed { i, l -> if (i == 1) l.substringBefore(',') + ",bm90IGEgaGlzdG9ncmFt" else l })
        },
        Damage("environment.json: an unknown results format", "environment.json line 3: resultsFormat 99 is unknown to this pssr") { dir ->
            val file = dir.resolve("environment.json")
            Files.writeString(file, Files.readString(file).replace("\"resultsFormat\": 1", "\"resultsFormat\": 99"))
        },
        Damage("environment.json: cut half-way", "environment.json line 7: not valid JSON (Unexpected end-of-input") { dir ->
            val file = dir.resolve("environment.json")
            Files.writeString(file, Files.readString(file).let { it.take(it.length - 12) })
        },
        Damage("environment.json: missing", "environment.json: is missing") { dir -> Files.delete(dir.resolve("environment.json")) },
        Damage("shard.json: not JSON", "shard.json line 1: not valid JSON") { dir ->
            Files.writeString(dir.resolve("shard.json"), "{\"shard\": 1, \"sha")
        },
        Damage("shard.json: a wrong value", "shard.json line 2: 'shard' holds the text \"one\", not a whole number from 1") { dir ->
            val file = dir.resolve("shard.json")
            Files.writeString(file, Files.readString(file).replace("\"shard\": 1", "\"shard\": \"one\""))
        },
        Damage("shard.json: missing", "holds no shard.json", onlyMerge = true) { dir -> Files.delete(dir.resolve("shard.json")) },
    )

    /** Each command on the damaged folder [dir] (beside an intact [other]); the folders whose bytes it must not change. */
    private fun commands(dir: Path, other: Path, out: Path): List<Pair<String, Array<String>>> = listOf(
        "report" to arrayOf("report", dir.toString()),
        "claims" to arrayOf("claims", dir.toString()),
        "compare" to arrayOf("compare", other.toString(), dir.toString()), // its table would go into the damaged folder
        "merge" to arrayOf("merge", dir.toString(), other.toString(), "--out", out.toString()),
    )

    /** Every file under [dir] by its path, with a hash of its bytes. */
    private fun hashes(dir: Path): Map<String, String> = Files.walk(dir).use { paths ->
        paths.filter { Files.isRegularFile(it) }.toList().associate { f ->
            dir.relativize(f).toString() to
                MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f)).joinToString("") { "%02x".format(it) }
        }
    }

    @TestFactory
    fun `each damage, each command gets one line naming the file, the line and what is wrong, exit 2, the folder byte-identical`(): List<DynamicTest> =
        damages.flatMap { d ->
            listOf("report", "claims", "compare", "merge").filter { !d.onlyMerge || it == "merge" }.map { command ->
                DynamicTest.dynamicTest("${d.name} -> $command") {
                    val case = "${damages.indexOf(d)}-$command"
                    val dir = shard(1, "damaged-$case")
                    val other = shard(2, "intact-$case")
                    val out = tmp.resolve("merged-$case")
                    d.damage(dir)
                    val before = hashes(dir) to hashes(other)
                    val run = ProbeRun.of(*commands(dir, other, out).first { it.first == command }.second)
                    val err = run.err.trim()
                    assertEquals(2, run.code, "exit code; stderr: $err; stdout: ${run.out}")
                    assertEquals(1, err.lines().size, "one line: $err")
                    assertTrue(err.contains(d.says), "names the file, the line and what is wrong: $err")
                    assertFalse(err.contains("\tat ") || err.contains("Exception"), "no stack trace: $err")
                    assertEquals(before, hashes(dir) to hashes(other), "nothing in the folders changed")
                    assertFalse(Files.exists(out), "merge wrote no half-merged folder")
                }
            }
        }

    /** A load.csv as `./pssr load` writes it: two levels of one page. */
    private fun loadFolder(name: String): Path = Files.createDirectories(tmp.resolve(name)).also { dir ->
        for (level in listOf(1, 8)) {
            LoadRow.append(
                dir.resolve("load.csv"),
                LoadRow(
                    "A", "http://127.0.0.1:8080/page", "closed", level, 1, "wrk", 10.0, 1000L * level, 0, 0, 0, 0, 0, 100.0 * level, 9.5,
                    9.0, 12.0, 20.0, 25.0, 30.0, 40, 0, 2.0, 3.0, 4.0, 6.0, 5.0, 7.0, 9.0, 11.0, 38, 2, 0, "streams", 150.0, 40.0, 90.0,
                    30.0, false,
                ),
            )
        }
    }

    private val loadDamages = listOf(
        Damage("load.csv: a garbled number", "load.csv line 3: column latency_p99_ms holds '2O.000', not a number") { dir ->
            val file = dir.resolve("load.csv")
            val at = LoadRow.TABLE.names.indexOf("latency_p99_ms")
            rewrite(
                file,
                lines(file).mapIndexed { i, l ->
                    if (i == 2) {
                        l.split(',').toMutableList().also { it[at] = "2O.000" }.joinToString(",")
                    } else {
                        l
                    }
                },
            )
        },
        Damage(
            "load.csv: a flag that is neither true nor false",
            "load.csv line 2: column driver_bound holds 'no', not true or false",
        ) { dir ->
            val file = dir.resolve("load.csv")
            val at = LoadRow.TABLE.names.indexOf("driver_bound")
            rewrite(
                file,
                lines(file).mapIndexed { i, l ->
                    if (i == 1) {
                        l.split(',').toMutableList().also { it[at] = "no" }.joinToString(",")
                    } else {
                        l
                    }
                },
            )
        },
        Damage("load.csv: the last line cut mid-write", "load.csv line 3: the last line was cut mid-write") { dir ->
            val file = dir.resolve("load.csv")
            Files.writeString(file, Files.readString(file).dropLast(30))
        },
    )

    /**
     * load.csv's reader (`./pssr load` reads the levels measured before when a server dies mid-run; no other command reads a
     * load folder) names a damage as every reader of a results folder does: one [DamagedFolder] line, which Main prints with
     * exit 2 as above, and the file byte-identical.
     */
    @TestFactory
    fun `each damage of load csv is one line naming the file, the line and what is wrong, the file byte-identical`(): List<DynamicTest> =
        loadDamages.map { d ->
            DynamicTest.dynamicTest(d.name) {
                val dir = loadFolder("load-${loadDamages.indexOf(d)}")
                assertEquals(2, LoadRow.read(dir.resolve("load.csv")).size, "the folder undamaged reads")
                d.damage(dir)
                val before = hashes(dir)
                val e = assertThrows<DamagedFolder> { LoadRow.read(dir.resolve("load.csv")) }
                assertTrue(e.message!!.contains(d.says), e.message)
                assertEquals(1, e.message!!.lines().size, e.message)
                assertEquals(before, hashes(dir))
            }
        }

    @Test
    fun `the same folders undamaged are read by every command (the table above is not passing for another reason)`() {
        commands(shard(1, "good"), shard(2, "good2"), tmp.resolve("merged")).forEach { (command, args) ->
            val run = ProbeRun.of(*args)
            assertEquals(0, run.code, "$command: ${run.err}")
        }
    }

    /** `run --resume DIR` as RunCommand calls it once the options are known: the same options as the run it continues. */
    private fun resume(dir: Path): Path = OutputOptions().apply { resume = dir }.resultsDirectory(options + ("shard" to "1/2"))

    @TestFactory
    fun `run --resume refuses every damage but a cut last line, naming it in one line, the folder byte-identical`(): List<DynamicTest> =
        damages.filter { !it.onlyMerge && !it.name.contains("cut mid-write") }.map { d ->
            DynamicTest.dynamicTest(d.name) {
                val dir = shard(1, "resume-${damages.indexOf(d)}")
                d.damage(dir)
                val before = hashes(dir)
                val e = assertThrows<DamagedFolder> { resume(dir) }
                assertTrue(e.message!!.contains(d.says), e.message)
                assertEquals(1, e.message!!.lines().size, e.message)
                assertEquals(before, hashes(dir))
            }
        }

    @Test
    fun `run --resume through the command line, a garbled environment json is one line and exit 2, before any server starts`() {
        val dir = shard(1, "resume-cli")
        Files.writeString(dir.resolve("environment.json"), "{\"options\": {\"levels\": [1, 32]")
        val before = hashes(dir)
        val lock = System.getProperty(MeasureLock.PROPERTY)
        System.setProperty(MeasureLock.PROPERTY, tmp.resolve("measure.lock").toString()) // not the machine's: other tests measure
        val run = try {
            ProbeRun.of("run", "--quick", "--resume", dir.toString())
        } finally {
            if (lock == null) System.clearProperty(MeasureLock.PROPERTY) else System.setProperty(MeasureLock.PROPERTY, lock)
        }
        assertEquals(2, run.code, run.err)
        assertEquals(1, run.err.trim().lines().size, run.err)
        assertTrue(run.err.contains("pssr: run: damaged results folder, $dir/environment.json line 1: not valid JSON"), run.err)
        assertEquals(before, hashes(dir))
    }

    @Test
    fun `a write the disk refuses is one line naming the file and what was kept, exit 2, the folder's other files unchanged`() {
        val dir = shard(1, "full")
        val report = dir.resolve("report.html")
        Files.createSymbolicLink(report, Path.of("/dev/full")) // every write to it: No space left on device
        val before = hashes(dir).filterKeys { !it.startsWith("report.html") }
        val run = ProbeRun.of("report", dir.toString())
        assertEquals(2, run.code, run.err)
        assertEquals(1, run.err.trim().lines().size, run.err)
        assertTrue(run.err.contains("pssr: report: could not write $report: No space left on device"), run.err)
        assertTrue(run.err.contains("what was measured before is kept in $dir"), run.err)
        assertEquals(before, hashes(dir).filterKeys { !it.startsWith("report.html") })
    }

    @Test
    fun `a real run killed while writing its last row is resumed, that level measured again and nothing else`() {
        val slice = arrayOf(
            "run", "--no-pin", "--frameworks", "webflux", "--models", "presentations", "--engines", "jstachio",
            "--approaches", "virtual", "--users", "1,4", "--repeat", "1", "--route-warmup", "0", "--steady-cap", "0", "--warmup", "0",
            "--duration", "1s",
        )
        val dir = tmp.resolve("real")
        val lock = System.getProperty(MeasureLock.PROPERTY)
        System.setProperty(MeasureLock.PROPERTY, tmp.resolve("measure.lock").toString()) // not the machine's: other tests measure
        try {
            assertEquals(0, ProbeRun.of(*slice, "--out", dir.toString()).code)
            val results = dir.resolve("results.csv")
            val whole = Files.readString(results)
            val keys = RunDirectory(dir).rows().map { it.key }
            assertEquals(2, keys.size)
            Files.writeString(results, whole.dropLast(100)) // the kill: the 4-user row half on disk
            assertEquals(2, ProbeRun.of("report", dir.toString()).code, "a cut folder is refused until it is resumed")
            // an option beside --resume that would change what was measured is refused, named, before anything changes
            val other = ProbeRun.of("run", "--resume", dir.toString(), "--users", "1,8")
            assertEquals(2, other.code, other.err)
            assertTrue(other.err.contains("levels: [1,4] then, [1,8] now"), other.err)
            assertEquals(whole.dropLast(100), Files.readString(results), "the refused resume changed nothing")
            // --resume DIR alone: the run's own options, read from its environment.json
            val resumed = ProbeRun.of("run", "--resume", dir.toString())
            assertEquals(0, resumed.code, resumed.err.takeLast(2000))
            assertTrue(resumed.err.contains("pssr: --resume: results.csv line 3 was cut mid-write"), resumed.err.takeLast(2000))
            assertEquals(keys, RunDirectory(dir).rows().map { it.key }, "the cut level measured again, the other kept, none twice")
            assertEquals(whole.lines().take(2), Files.readAllLines(results).take(2), "the header and the 1-user row are unchanged")
        } finally {
            if (lock == null) System.clearProperty(MeasureLock.PROPERTY) else System.setProperty(MeasureLock.PROPERTY, lock)
        }
    }

    @Test
    fun `run --resume drops a results row cut mid-write with one line saying so, and that level has no row, so it is measured again`() {
        val dir = shard(1, "cut")
        val results = dir.resolve("results.csv")
        val whole = Files.readString(results)
        val lastRow = ResultRow.fromCsv(ResultRow.COLUMNS.zip(whole.trimEnd('\n').substringAfterLast('\n').split(',')).toMap())
        val cut = whole.dropLast(200)
        Files.writeString(results, cut)
        val err = ByteArrayOutputStream()
        val old = System.err
        System.setErr(PrintStream(err, true))
        try {
            assertEquals(dir, resume(dir))
        } finally {
            System.setErr(old)
        }
        assertEquals(
            "pssr: --resume: results.csv line 9 was cut mid-write (${cut.length - cut.lastIndexOf('\n') - 1} bytes, " +
                "no line break): dropped; its level is measured again",
            err.toString().trim(),
        )
        assertEquals(whole.substring(0, whole.trimEnd('\n').lastIndexOf('\n') + 1), Files.readString(results), "only the cut line went")
        val run = RunDirectory(dir)
        assertEquals(7, run.rows().size)
        assertEquals(
            listOf(lastRow.users),
            run.pending(lastRow.route, lastRow.repetition, listOf(1, 32)),
            "the cut level is measured again",
        )
    }
}
