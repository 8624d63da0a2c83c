package pssr.bench.report

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import pssr.bench.SyntheticRun
import pssr.bench.cli
import pssr.bench.console.UsageError
import pssr.bench.csv.DamagedFolder
import pssr.bench.measure.TimelinePoint
import pssr.bench.paper.PaperFigures
import pssr.bench.resultRow
import pssr.bench.results.EnvironmentTable
import pssr.bench.results.Failure
import pssr.bench.results.RunDirectory
import pssr.bench.results.openRun
import pssr.probe.Jackson
import java.nio.file.Files
import java.nio.file.Path

class ReportTest {
    @TempDir lateinit var tmp: Path

    /** Charts a section places for explorer.js to draw (each listed in the page's data by its id). */
    private fun chartsIn(section: String) = Regex("<div class=chart id=\"[^\"]+\"></div>").findAll(section).count()

    /** The HTML between the panel's heading and the next panel (or the verification section). */
    private fun section(html: String, id: String): String {
        val start = html.indexOf("<h2 id=\"$id\">")
        assertTrue(start >= 0, "no section $id")
        val next = html.indexOf("<h2 id=", start + 1)
        return html.substring(start, if (next < 0) html.length else next)
    }

    @Test
    fun `report has charts for each model, the verification table and the environment`() {
        val run = SyntheticRun.write(
            tmp.resolve("r"),
            users = listOf(1, 8, 32, 128),
            repetitions = 2,
            engines = listOf("baseline", "htmlflow", "thymeleaf", "jstachio", "trimou", "velocity"),
        )
        val path = Report.write(run)
        assertEquals(run.report, path)
        val html = Files.readString(path)
        for (model in listOf("presentations", "stocks")) {
            val s = section(html, "webflux-$model")
            assertTrue(chartsIn(s) >= 5, "throughput, p99, first item, per-approach and resource charts for $model")
        }
        assertFalse(Regex("""(src|href)="(https?:)?//""").containsMatchIn(html), "self-contained: nothing fetched from the network")
        val verification = section(html, "verification")
        assertTrue(verification.contains("class=contra"), "trimou/virtual claims streaming but is buffered: flagged")
        assertTrue(verification.contains("FAILED"), "the malformed route is listed as failed")
        assertTrue(html.contains("Not load-tested") && html.contains("stocks/velocity/blocking"))
        assertTrue(html.contains("Levels with errors"), "velocity at 128 users has errors")
        assertTrue(html.contains(PaperFigures.LABEL))
        assertTrue(section(html, "environment").contains("jdk.vendor"))
        val summary = Files.readString(run.summary)
        assertTrue(summary.contains("| 1 users | 32 users | 128 users |"), summary)
        assertTrue(summary.contains("Verification"))
    }

    @Test
    fun `partial data renders less, never fails`() {
        // one level, one repetition, one model, no verification
        val one = SyntheticRun.write(
            tmp.resolve("one"),
            models = listOf("stocks"),
            users = listOf(4),
            repetitions = 1,
            engines = listOf("baseline", "jstachio"),
            verification = false,
        )
        val html = Files.readString(Report.write(one))
        assertTrue(chartsIn(section(html, "webflux-stocks")) >= 1)
        assertTrue(html.contains("No verification.csv"))
        // partial is not damaged: a garbled environment.json is named, never rendered around (DamagedFolderTest)
        Files.writeString(one.environment, "{not json")
        assertThrows<DamagedFolder> { Report.write(one) }

        // a framework that did not start: only failures.csv says so
        val f = RunDirectory(tmp.resolve("f"))
        f.append(Failure("mvc", "", "", "", "start", "server did not announce its port within 60 s, see logs/mvc-verify.log"))
        val fh = Files.readString(Report.write(openRun(f.dir)))
        assertTrue(fh.contains("Failures (1)") && fh.contains("server did not announce its port"))
        assertTrue(Files.readString(f.summary).contains("FAILED `mvc` (start)"))
        assertEquals(
            listOf(Failure("mvc", "", "", "", "start", "server did not announce its port within 60 s, see logs/mvc-verify.log")),
            f.failures(),
        )

        // verification only, e.g. after `./pssr verify`
        val v = SyntheticRun.write(tmp.resolve("v"), users = listOf(1), repetitions = 1)
        Files.delete(v.results)
        val vh = Files.readString(Report.write(v))
        assertTrue(vh.contains("No load results"))
        assertTrue(section(vh, "verification").contains("FAILED"))
        assertTrue(Files.readString(v.summary).contains("No load results"))

        // an empty directory is a usage error, a directory with results is fine
        Files.createDirectories(tmp.resolve("empty"))
        assertThrows<UsageError> { openRun(tmp.resolve("empty")) }
        assertThrows<UsageError> { openRun(tmp.resolve("missing")) }
    }

    @Test
    fun `report command exits 0 and prints the path, 2 on a missing directory`() {
        val run = SyntheticRun.write(
            tmp.resolve("c"),
            models = listOf("presentations"),
            users = listOf(1, 2),
            repetitions = 1,
            engines = listOf("baseline", "htmlflow"),
        )
        assertEquals(0, cli().execute("report", run.dir.toString()))
        assertTrue(Files.exists(run.report) && Files.exists(run.summary))
        assertEquals(2, cli().execute("report", tmp.resolve("nope").toString()))
    }

    @Test
    fun `environment json is flattened`() {
        val flat = EnvironmentTable.flatten(Jackson.read("""{"a":{"b":1,"c":"x\"y"},"l":[1,2.5,true],"o":[{"k":null}],"e":{}}"""))
        assertEquals(listOf("a.b" to "1", "a.c" to "x\"y", "l" to "1, 2.5, true", "o[0].k" to "null", "e" to "{}"), flat)
    }

    @Test
    fun `summary and report say what flushing costs, as flush over no-flush throughput per approach`() {
        val run = RunDirectory(tmp.resolve("flush"))
        Files.createDirectories(run.dir)
        fun row(engine: String, approach: String, users: Int, rps: Double) =
            run.append(resultRow("mvc", "stocks", engine, approach, users, 1, rps))
        for (u in listOf(1, 32, 128)) {
            row("jstachio", "blocking", u, 100.0 * u)
            row("jstachio", "blocking-flush", u, 80.0 * u)
            row("htmlflow", "blocking", u, 100.0 * u)
            row("htmlflow", "blocking-flush", u, 60.0 * u)
            row("baseline", "blocking", u, 100.0 * u)
            row("baseline", "blocking-flush", u, 10.0 * u) // baseline: not in the mean
            row("jstachio", "virtual", u, 100.0 * u) // no virtual-flush measured: no row for virtual
        }
        val html = Files.readString(Report.write(run))
        val summary = Files.readString(run.summary)
        assertTrue(summary.contains("## What flushing costs"), summary)
        assertTrue(summary.contains("| mvc | stocks | blocking-flush ÷ blocking | 2 | 0.70× | 0.70× | 0.70× |"), summary)
        assertFalse(summary.contains("virtual-flush ÷"), summary)
        assertTrue(html.contains("What flushing costs") && html.contains("0.70×"))
    }

    @Test
    fun `an engine above its baseline by more than 10 percent with one repetition is called noise, with no interval to tell`() {
        val run = RunDirectory(tmp.resolve("above-baseline"))
        Files.createDirectories(run.dir)
        run.append(resultRow("webflux", "presentations", "baseline", "virtual", 128, 1, 2600.0))
        run.append(resultRow("webflux", "presentations", "jstachio", "virtual", 128, 1, 3700.0))
        run.append(resultRow("webflux", "presentations", "htmlflow", "virtual", 128, 1, 2700.0))
        val html = Files.readString(Report.write(run))
        val summary = Files.readString(run.summary)
        assertTrue(summary.contains("## Engines above their baseline"), summary)
        assertTrue(
            summary.contains(
                "1 engine level above their framework's zero-template baseline by more than 10%, which this run cannot tell from " +
                    "noise: fewer than 3 repetitions give no interval",
            ),
            summary,
        )
        assertTrue(
            summary.contains(
                "(largest: `webflux/presentations/jstachio/virtual`@128 1.42×, 1 repetition(s)); --repeat 3 or more prints one.",
            ),
            summary,
        )
        assertTrue(html.contains("zero-template baseline by more than 10%"))
    }

    @Test
    fun `an engine above its baseline whose interval overlaps the baseline's is noise, with both intervals shown`() {
        val run = RunDirectory(tmp.resolve("overlap"))
        Files.createDirectories(run.dir)
        for ((rep, pair) in listOf(2000.0 to 2500.0, 3000.0 to 3100.0, 2500.0 to 3300.0).withIndex()) {
            run.append(resultRow("mvc", "presentations", "baseline", "virtual-flush", 32, rep + 1, pair.first))
            run.append(resultRow("mvc", "presentations", "jstachio", "virtual-flush", 32, rep + 1, pair.second))
        }
        Report.write(run)
        val summary = Files.readString(run.summary)
        assertTrue(summary.contains("within the noise"), summary)
        assertTrue(summary.contains("vs baseline 1,258-3,742 req/s"), summary)
        assertFalse(summary.contains("beyond the noise"), summary)
    }

    @Test
    fun `an engine above its baseline beyond both intervals is called a suspect measurement`() {
        val run = RunDirectory(tmp.resolve("beyond"))
        Files.createDirectories(run.dir)
        for ((rep, pair) in listOf(2000.0 to 2600.0, 2010.0 to 2610.0, 1990.0 to 2590.0).withIndex()) {
            run.append(resultRow("mvc", "presentations", "baseline", "virtual-flush", 32, rep + 1, pair.first))
            run.append(resultRow("mvc", "presentations", "jstachio", "virtual-flush", 32, rep + 1, pair.second))
        }
        Report.write(run)
        val summary = Files.readString(run.summary)
        assertTrue(summary.contains("1 engine level above their baseline by more than 10% beyond the noise"), summary)
        assertTrue(summary.contains("the measurement is suspect"), summary)
    }

    @Test
    fun `a run within 10 percent of its baselines has no such flag`() {
        val run = RunDirectory(tmp.resolve("within"))
        Files.createDirectories(run.dir)
        run.append(resultRow("webflux", "presentations", "baseline", "virtual", 128, 1, 2600.0))
        run.append(resultRow("webflux", "presentations", "jstachio", "virtual", 128, 1, 2800.0))
        Report.write(run)
        assertFalse(Files.readString(run.summary).contains("above their baseline"))
    }

    @Test
    fun `runtimes side by side name the route whose pinning differs, with its stack`() {
        val run = RunDirectory(tmp.resolve("runtimes"))
        run.append(
            resultRow(
                "mvc",
                approach = "virtual",
                runtime = "jdk21",
                throughput = 1600.0,
                pinnedPerRequest = 0.002,
                pinnedTopStack = "TaskQueue.offer:76 < AsyncContextImpl.dispatch:204",
            ),
        )
        run.append(resultRow("mvc", approach = "virtual", runtime = "jdk25", throughput = 2100.0, pinnedPerRequest = 0.0))
        val html = Files.readString(Report.write(run))
        assertTrue(html.contains("Runtimes and pinned virtual threads"))
        assertTrue(
            html.contains("jdk21 req/s") && html.contains("jdk25 req/s") && html.contains("1,600") && html.contains("2,100"),
            "both runtimes' throughput",
        )
        assertTrue(html.contains("Routes whose pinning differs between runtimes"))
        assertTrue(html.contains("TaskQueue.offer:76 &lt; AsyncContextImpl.dispatch:204"), "the stack of the route that pins")
    }

    /** jstachio/virtual at 16 users on WebFlux, with two resource readings in timeline.csv. */
    private fun appendRouteWithTimeline(run: RunDirectory) {
        val row = resultRow("webflux", approach = "virtual", users = 16)
        run.append(row)
        run.append(
            row.key,
            listOf(
                TimelinePoint(0.1, 150.0, 80.0, 0.0, 30),
                TimelinePoint(0.2, 160.0, 120.0, 12.0, 31),
            ),
        )
    }

    @Test
    fun `a route's name in the throughput table links to its CPU, GC and heap chart`() {
        val run = RunDirectory(tmp.resolve("timeline"))
        appendRouteWithTimeline(run)
        run.append(resultRow("webflux", engine = "baseline", approach = "virtual", users = 16)) // no timeline: no link
        val html = Files.readString(Report.write(run))
        val ids = Regex("<div class=\"chart timeline\" id=\"([^\"]+)\">").findAll(html).map { it.groupValues[1] }.toList()
        assertEquals(1, ids.size, "one chart, for the route with readings: $ids")
        val id = ids.single()
        assertTrue("jstachio-virtual" in id, id)
        assertTrue(
            html.contains("<a href=\"#$id\" title=\"CPU, GC and heap over time\">jstachio/virtual</a>"),
            "the route's row links to it",
        )
        assertFalse(html.contains("title=\"CPU, GC and heap over time\">baseline/virtual</a>"), "no link without readings")
    }

    @Test
    fun `a route's resource timeline is in the page's data, compactly, with min, mean and peak per level for a reader without JavaScript`() {
        val run = RunDirectory(tmp.resolve("timeline-data"))
        appendRouteWithTimeline(run)
        val html = Files.readString(Report.write(run))
        assertFalse(html.contains("data:image/png"), "no picture: the browser draws every chart")
        val json = Regex("<script type=\"application/json\" id=\"pssr-data\">(.*?)</script>").find(html)!!.groupValues[1]
        val data = Jackson.read(json) as Map<*, *>
        assertEquals(listOf("s", "cpu", "gc", "heap", "threads"), data["timelineColumns"])
        val timeline = (data["timelines"] as List<*>).single() as Map<*, *>
        // GC: 12 ms of the 100 ms between the readings
        assertEquals(listOf(listOf(0.1, 150.0, 0.0, 80.0, 30.0), listOf(0.2, 160.0, 12.0, 120.0, 31.0)), timeline["rows"])
        assertEquals(listOf(listOf(16.0, 0.0)), timeline["levels"], "16 users' window starts at 0 s")
        val fallback = html.substringAfter("id=\"${timeline["id"]}\">").substringBefore("</div>")
        assertTrue(fallback.contains("<td class=\"n\">150 / 155 / 160</td>"), "CPU min / mean / peak: $fallback")
    }

    @Test
    fun `a run where no virtual-thread route pinned says so`() {
        val run = RunDirectory(tmp.resolve("no-pins"))
        run.append(resultRow("webflux", approach = "virtual", pinnedPerRequest = 0.0))
        val html = Files.readString(Report.write(run))
        assertTrue(html.contains("No virtual-thread route pinned its carrier on this runtime"), "one sentence instead of a table")
    }

    @Test
    fun `headline levels are 1, 32 and 128 when present`() {
        assertEquals(listOf(1, 32, 128), SummaryTables.headlineUsers(listOf(1, 2, 4, 8, 16, 32, 64, 128)))
        assertEquals(listOf(1, 8), SummaryTables.headlineUsers(listOf(8, 1, 2)))
        assertEquals(listOf(2, 4, 8), SummaryTables.headlineUsers(listOf(2, 4, 8)))
        assertEquals(emptyList<Int>(), SummaryTables.headlineUsers(emptyList()))
    }
}
