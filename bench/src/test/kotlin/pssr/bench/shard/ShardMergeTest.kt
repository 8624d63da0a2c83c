package pssr.bench.shard

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.cli.ProbeRun
import pssr.bench.report.ShardNormalisation
import pssr.bench.resultRow
import pssr.bench.results.RunDirectory
import pssr.probe.Jackson
import java.nio.file.Files
import java.nio.file.Path

/**
 * `./pssr merge` on synthetic shard folders (rows as `run --shard` writes them): the merged rows are each route's rows
 * from its own shard, the refusals are one line each, and normalised figures survive machines of different speed.
 */
class ShardMergeTest {
    @TempDir lateinit var tmp: Path

    private val routes = listOf("baseline", "jstachio", "htmlflow", "rocker").map { "webflux/presentations/$it/virtual" }
    private val reference = "webflux/presentations/baseline/virtual"

    /** Shard [k] of [n] on a machine [speed] times as fast: its own routes (round-robin) and the reference, 2 levels x 2 repetitions. */
    private fun shard(
        k: Int,
        n: Int,
        speed: Double,
        options: Map<String, Any?> = mapOf("levels" to listOf(1, 32)),
        name: String = "s$k",
        split: String = "abc",
        machine: String = "machine$k",
    ): Path {
        val dir = tmp.resolve(name)
        val run = RunDirectory(dir)
        val owned = routes.filterIndexed { i, _ -> i % n == k - 1 }
        for (route in (owned + reference).distinct()) {
            for (users in listOf(1, 32)) {
                for (rep in 1..2) {
                    val engine = route.split('/')[2]
                    // a route's own speed on a reference machine, times this machine's speed
                    val base =
                        mapOf("baseline" to 2000.0, "jstachio" to 1500.0, "htmlflow" to 1000.0, "rocker" to 1200.0).getValue(engine) *
                            (if (users == 1) 0.1 else 1.0)
                    run.append(resultRow(engine = engine, users = users, repetition = rep, throughput = base * speed * (1 + 0.01 * rep)))
                }
            }
        }
        Files.writeString(run.environment, Jackson.writePretty(mapOf("options" to options + ("shard" to "$k/$n"), "cpuModel" to "cpu$k")))
        Files.writeString(
            dir.resolve("shard.json"),
            Jackson.writePretty(
                mapOf(
                    "shard" to k,
                    "shards" to n,
                    "splitHash" to split,
                    "machine" to machine,
                    "owned" to owned,
                    "references" to listOf(reference),
                ),
            ),
        )
        return dir
    }

    @Test
    fun `merged shards hold each route's rows once, from the shard that owns it`() {
        val out = tmp.resolve("merged")
        val run = ProbeRun.of(
            "merge",
            shard(1, 3, 1.0).toString(),
            shard(2, 3, 1.0).toString(),
            shard(3, 3, 1.0).toString(),
            "--out",
            out.toString(),
        )
        assertEquals(0, run.code, run.err)
        val rows = RunDirectory(out).rows()
        assertEquals(routes.size * 2 * 2, rows.size, "4 routes x 2 levels x 2 repetitions, each once")
        assertEquals(rows.size, rows.map { it.key }.toSet().size)
        assertTrue(Files.readString(out.resolve("report.html")).contains("Shards and machines"))
    }

    @Test
    fun `normalised figures agree across machines where raw ones differ by half`() {
        val out = tmp.resolve("merged")
        assertEquals(0, ProbeRun.of("merge", shard(1, 2, 1.0).toString(), shard(2, 2, 1.5).toString(), "--out", out.toString()).code)
        val (shardOf, refs) = ShardNormalisation.read(RunDirectory(out))!!
        val n = ShardNormalisation.of(RunDirectory(out).rows(), shardOf, refs).filter {
            it.level == 32
        }.associateBy { it.route.split('/')[2] }
        // jstachio (shard 2, fast machine) against htmlflow (shard 1): raw 1.5 x 1.5 = 2.25 apart, really 1.5
        assertEquals(2.25, n.getValue("jstachio").raw / n.getValue("htmlflow").raw, 0.05)
        assertEquals(1.5, n.getValue("jstachio").normalised / n.getValue("htmlflow").normalised, 1.5 * 0.05)
        assertEquals(
            0.5 / Math.sqrt(2.0) / 1.25,
            n.getValue("jstachio").referenceSpread,
            0.02,
            "the reference's spread says how far the machines differ",
        )
    }

    @Test
    fun `compare names the rows of two merged runs that different machines measured`() {
        val a = tmp.resolve("a")
        val b = tmp.resolve("b")
        assertEquals(
            0,
            ProbeRun.of(
                "merge",
                shard(1, 2, 1.0, name = "a1").toString(),
                shard(2, 2, 1.0, name = "a2").toString(),
                "--out",
                a.toString(),
            ).code,
        )
        assertEquals(
            0,
            ProbeRun.of(
                "merge",
                shard(1, 2, 1.0, name = "b1").toString(),
                shard(2, 2, 1.0, name = "b2", machine = "runner-7").toString(),
                "--out",
                b.toString(),
            ).code,
        )
        val out = ProbeRun.of("compare", a.toString(), b.toString(), "--allow-different-env").out
        val jstachio = out.lines().filter { "jstachio" in it } // shard 2: machine2 in A, runner-7 in B
        val htmlflow = out.lines().filter { "htmlflow" in it } // shard 1: machine1 in both
        assertTrue(jstachio.isNotEmpty() && jstachio.all { "measured on different machines: machine2 / runner-7" in it }, out)
        assertTrue(htmlflow.isNotEmpty() && htmlflow.none { "different machines" in it }, out)
    }

    private fun refused(expected: String, vararg dirs: Path) {
        val out = tmp.resolve("out-${System.nanoTime()}")
        val run = ProbeRun.of("merge", *dirs.map { it.toString() }.toTypedArray(), "--out", out.toString())
        assertEquals(2, run.code, run.err)
        assertEquals(1, run.err.trim().lines().size, run.err)
        assertTrue(expected in run.err, "expected '$expected' in ${run.err}")
        assertFalse(Files.exists(out.resolve("results.csv")))
    }

    @Test fun `a missing shard is refused`() = refused("shard 2/3 is missing", shard(1, 3, 1.0), shard(3, 3, 1.0))

    @Test fun `a shard given twice is refused`() =
        refused("shard 1/2 is given twice", shard(1, 2, 1.0), shard(1, 2, 1.0, name = "again"), shard(2, 2, 1.0))

    @Test fun `shards of different splits are refused`() =
        refused("a mixed split cannot be merged", shard(1, 2, 1.0), shard(2, 2, 1.0, split = "other"))

    @Test fun `shards run with other options are refused`() =
        refused("was run with other options", shard(1, 2, 1.0), shard(2, 2, 1.0, options = mapOf("levels" to listOf(1, 64))))

    @Test fun `a folder that is not a shard is refused`() = refused(
        "it is not a shard",
        tmp.also {
            Files.createDirectories(it.resolve("plain"))
        }.resolve("plain"),
    )
}
