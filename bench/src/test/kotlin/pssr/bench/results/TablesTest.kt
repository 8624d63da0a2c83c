package pssr.bench.results

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.console.Fmt
import pssr.bench.csv.CsvFile
import java.nio.file.Files
import java.nio.file.Path

/**
 * profiles.csv, verification.csv, failures.csv, shards.csv and references.csv through their column tables: the same header and
 * lines the hand-rolled writers wrote before the tables (kept here as the reference), and every row read back as written.
 */
class TablesTest {
    @TempDir lateinit var tmp: Path

    private val profiles = listOf(
        ProfileRow("webflux/presentations/jstachio/virtual", 32, "cpu", "self", 1, "a.B.c(D, \"e\")", 120, 0.123456, "p.html", "jfr"),
        ProfileRow("r", 1, "alloc", "own", 2, "f", 0, Double.NaN, "", "async-profiler"),
    )
    private val checks = listOf(
        RouteCheck(
            "webflux", "presentations", "jstachio", "virtual", "/p", true, "streams", true, 2.04, 101.05, 1003.0, 12, 3600,
            "2.0:400;101.0:300", "",
        ),
        RouteCheck(
            "mvc", "stocks", "thymeleaf", "platform", "/s", false, "malformed", false, Double.NaN, Double.NaN, 7.25, 0, 0, "",
            "line\nbreak, \"q\"",
        ),
    )
    private val failures = listOf(
        Failure("quarkus", "", "", "", "start", "did not start:\nport, \"busy\"\r"),
        Failure("mvc", "stocks", "jte", "virtual", "load", "timeout", "mvc/stocks/jte/virtual@32#1"),
    )
    private val references = listOf(
        ReferenceRow(1, "m1", "webflux", "presentations", "webflux/presentations/baseline/virtual", "closed", 32, 1, 101.0),
        ReferenceRow(2, "m,2", "mvc", "stocks", "mvc/stocks/baseline/platform", "open", 500, 2, 1234.5678901),
    )

    @Test
    fun `each table writes the header and lines the hand-rolled writer wrote`() {
        assertEquals("route,users,kind,basis,rank,frame,samples,share,flame_graph,profiler", ProfileRow.TABLE.header)
        for (p in profiles) {
            val share = Fmt.fixed(p.share, 4, Fmt.NAN)
            val before = listOf(p.route, p.users, p.kind, p.basis, p.rank, p.frame, p.samples, share, p.flameGraph, p.profiler)
            assertEquals(CsvFile.line(before), p.toCsv())
        }
        assertEquals(
            "framework,model,engine,approach,path,claims_streaming,verdict,body_ok," +
                "ttfb_ms,first_item_ms,last_byte_ms,chunks,bytes,timeline,error",
            RouteCheck.TABLE.header,
        )
        for (c in checks) {
            val before = listOf(
                c.framework, c.model, c.engine, c.approach, c.path, c.claimsStreaming, c.verdict, c.bodyOk,
                Fmt.fixed(c.ttfbMs, 1, Fmt.NAN), Fmt.fixed(c.firstItemMs, 1, Fmt.NAN), Fmt.fixed(c.lastByteMs, 1, Fmt.NAN), c.chunks,
                c.bytes, c.timeline, c.error.replace('\n', ' '),
            )
            assertEquals(CsvFile.line(before), c.toCsv())
        }
        assertEquals("framework,model,engine,approach,stage,reason,key", Failure.TABLE.header)
        for (f in failures) {
            val before = listOf(f.framework, f.model, f.engine, f.approach, f.stage, f.reason.replace('\n', ' ').replace('\r', ' '), f.key)
            assertEquals(CsvFile.line(before), f.toCsv())
        }
        assertEquals("route,shard,machine", ShardRow.TABLE.header)
        assertEquals(CsvFile.line(listOf("a/b/c/d", 2, "m,2")), ShardRow.TABLE.line(ShardRow("a/b/c/d", 2, "m,2")))
        assertEquals("shard,machine,framework,model,route,load_model,level,repetition,throughput_rps", ReferenceRow.TABLE.header)
        for (r in references) {
            val before = listOf(r.shard, r.machine, r.framework, r.model, r.route, r.loadModel, r.level, r.repetition, r.throughputRps)
            assertEquals(CsvFile.line(before), ReferenceRow.TABLE.line(r))
        }
    }

    @Test
    fun `each row reads back as written`() {
        val run = RunDirectory(tmp)
        run.append(profiles)
        checks.forEach(run::append)
        failures.forEach(run::append)
        assertEquals(profiles.map { it.toCsv() }, run.profiles().map { it.toCsv() })
        assertEquals(checks.map { it.toCsv() }, run.checks().map { it.toCsv() })
        assertEquals(failures.map { it.toCsv() }, run.failures().map { it.toCsv() })
        val file = tmp.resolve("references.csv")
        ReferenceRow.TABLE.append(file, references)
        assertEquals(references, ReferenceRow.TABLE.rows(file))
        val old = tmp.resolve("profiles-old.csv")
        Files.writeString(old, "route,users,kind,basis,rank,frame,samples,share,flame_graph\nr,1,cpu,self,1,f,3,0.5000,x.html\n")
        assertEquals("async-profiler", ProfileRow.TABLE.rows(old).single().profiler, "written before JFR was a fallback")
    }
}
