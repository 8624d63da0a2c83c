
package pssr.bench.shard

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.cli
import pssr.bench.results.RunDirectory
import java.nio.file.Path

/** Real runs: a slice measured as shards 1/2 and 2/2, then merged, holds exactly the rows of the same slice unsharded. */
class ShardRunTest {
    private val slice =
        arrayOf(
            "--no-pin", "--frameworks", "webflux", "--models", "presentations", "--engines", "baseline,jstachio,htmlflow",
            "--approaches", "virtual", "--users", "1,4", "--repeat", "1", "--route-warmup", "0", "--steady-cap", "0", "--warmup", "0",
            "--duration", "1s",
        )

    @Test
    fun `shards merged give the rows of the unsharded run`(@TempDir dir: Path) {
        fun run(vararg extra: String) = assertEquals(0, cli().execute("run", *slice, *extra), "run ${extra.joinToString(" ")}")
        run("--out", dir.resolve("whole").toString())
        run("--shard", "1/2", "--out", dir.resolve("s1").toString())
        run("--shard", "2/2", "--out", dir.resolve("s2").toString())
        assertEquals(
            0,
            cli().execute("merge", dir.resolve("s1").toString(), dir.resolve("s2").toString(), "--out", dir.resolve("merged").toString()),
        )
        fun keys(name: String) = RunDirectory(dir.resolve(name)).rows().map { it.key }.sorted()
        assertEquals(3 * 2, keys("whole").size)
        assertEquals(keys("whole"), keys("merged"))
        assertEquals(
            keys("whole"),
            RunDirectory(dir.resolve("merged")).checks().map {
                it.route
            }.sorted().flatMap { r -> listOf("$r@1#1", "$r@4#1") }.sorted(),
            "each route verified once, from its own shard",
        )
    }
}
