package pssr.bench.results

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.csv.CsvFile
import pssr.bench.measure.Regime
import pssr.bench.project.Project
import pssr.bench.resultRow
import java.io.StringReader
import java.nio.file.Files
import java.nio.file.Path

/** results.csv's columns are declared once ([ResultColumns]): the header, the writing and the reading all follow it. */
class ResultColumnsTest {
    @TempDir lateinit var tmp: Path

    @Test
    fun `every column appears exactly once in the header`() {
        val twice = ResultRow.COLUMNS.groupingBy { it }.eachCount().filterValues { it > 1 }.keys
        assertEquals(emptySet<String>(), twice)
        assertEquals(ResultRow.COLUMNS, Files.readAllLines(written(resultRow())).first().split(","))
    }

    @Test
    fun `the read columns are the row's constructor parameters in file order, so a value added to the row alone fails`() {
        val read = ResultColumns.ALL.filterNot { it.derived }
        val values = sampleValues()
        val row = ResultColumns.construct(values)
        for ((i, column) in read.withIndex()) assertEquals(values[i], column.property.get(row), "parameter $i is ${column.name}'s")
        val properties = ResultColumns.ALL.map { it.property.name }
        assertEquals(properties.distinct(), properties, "a value written by two columns")
    }

    @Test
    fun `a row written and read back equals itself in every column`() {
        val row = everyColumnSet()
        val back = RunDirectory(written(row).parent).rows().single()
        for (column in ResultColumns.ALL) assertEquals(column.text(row), column.text(back), column.name)
        assertEquals(row, back)
    }

    @Test
    fun `a row's line is byte for byte what pssr wrote before its columns were declared once`() {
        val rows = listOf(
            resultRow(),
            resultRow(
                "mvc", "stocks", "rocker", "platform", 128, 3, throughput = 1234.5678, latencyMs = 0.12345, errors = 7,
                driverBound = true, runtime = "jdk21+zgc", pinnedPerRequest = 0.03125, pinnedTopStack = "a.B.c(B.java:1) < \"q\", d",
            ),
            resultRow(floorRps = Double.NaN, itemDelayMs = 0).copy(
                loadModel = "open", users = 0, rateRps = 500.0, errorsEngine = 3,
                workload = "students", config = "pool=10, x", errorsPoolTimeout = 2, errorsConnectTimeout = 1, errorsDownstreamError = 4,
                errorsDownstreamDown = 5, errorsDownstreamTimeout = 6, latencyP95Ms = 12.3456, apdex = 0.87654, apdexTMs = 500,
                apdexFMs = 2000, jitCpuSeconds = 0.4567, warmupToSteadySeconds = 12.34, warmupRequests = 5678, warmupFirstRps = 123.456,
                warmupSteadyRps = 987.654,
            ),
            resultRow(throughput = -1.005, latencyMs = 1e9, cpuPct = 0.0).copy(windowSeconds = 9.9995, jitCpuSeconds = 0.0),
        )
        // written by the code before this table (commit 712c978)
        val header = "framework,model,engine,approach,users,repetition,driver,item_delay_ms,window_s,requests,errors" +
            ",error_rate,errors_status,errors_content,errors_connect,errors_read,errors_timeout,throughput_rps" +
            ",floor_rps,latency_mean_ms,latency_p50_ms,latency_p90_ms,latency_p99_ms,latency_p999_ms,latency_max_ms" +
            ",probe_samples,probe_failed,ttfb_p50_ms,ttfb_p99_ms,first_item_p50_ms,first_item_p99_ms,last_byte_p50_ms" +
            ",last_byte_p99_ms,server_cpu_us_per_req,driver_cpu_us_per_req,server_cpu_pct,server_cpu_pct_peak" +
            ",driver_cpu_pct,rss_mb_peak,heap_mb_mean,heap_mb_peak,gc_ms,threads_mean,threads_peak,driver_bound" +
            ",runtime,jdk,pinned_events,pinned_per_req,pinned_top_stack,workload,config,errors_pool_timeout" +
            ",errors_connect_timeout,load_model,rate_rps,errors_engine,errors_downstream_error,errors_downstream_down" +
            ",errors_downstream_timeout,latency_p95_ms,apdex,apdex_t_ms,apdex_f_ms,jit_cpu_s,jit_share,steady" +
            ",warmup_to_steady_s,warmup_requests,warmup_first_rps,warmup_steady_rps,batches,latency_mean_se_ms,requests_rps_se" +
            ",server_jvm,latency_p95_se_ms,latency_p99_se_ms,machine_cpu_pct,cores_busy,floor_share,other_cpu_pct,driver_share,regime" +
            ",requests_per_user,settle_s,pool,pool_threads,pool_floor_rps,pool_share,lead_s,open_streams,heap_live_mb_held" +
            ",heap_live_mb_after,rss_mb_held,rss_mb_idle,os_threads_held,os_threads_after,heap_kb_per_stream,rss_kb_per_stream"
        val lines = listOf(
            "webflux,presentations,jstachio,virtual,32,1,wrk,1,10.000,10000,0,0.0000,0,0,0,0,0,1000.00,3200.00,10.000" +
                ",9.500,12.000,16.000,20.000,25.000,50,0,1.500,2.500,2.000,3.000,10.000,15.000,150.0,40.0,100.0,125.0" +
                ",12.5,300.0,112.0,184.0,5.0,38.0,38,false,,25.0.3+9-LTS,-1,NaN,,pages,,0,0,closed,NaN,0,0,0,0,NaN,NaN,0" +
                ",0,NaN,NaN,true,NaN,0,NaN,NaN,0,NaN,NaN,0,NaN,NaN,NaN,NaN,0.313,NaN,NaN,,0,NaN,,0,NaN,NaN" +
                ",0.000,NaN,NaN,NaN,NaN,NaN,-1,-1,NaN,NaN",
            "mvc,stocks,rocker,platform,128,3,wrk,1,10.000,12352,7,0.0006,0,7,0,0,0,1234.57,12800.00,0.123,0.117" +
                ",0.148,0.198,0.247,0.309,50,0,1.500,2.500,2.000,3.000,0.123,0.185,150.0,40.0,100.0,125.0,12.5,300.0" +
                ",208.0,376.0,5.0,62.0,62,true,jdk21+zgc,21.0.1,385,0.0313,\"a.B.c(B.java:1) < \"\"q\"\", d\",pages,,0,0,closed" +
                ",NaN,0,0,0,0,NaN,NaN,0,0,NaN,NaN,true,NaN,0,NaN,NaN,0,NaN,NaN,0,NaN,NaN,NaN,NaN,0.096,NaN,NaN,driver,0,NaN,,0,NaN,NaN" +
                ",0.000,NaN,NaN,NaN,NaN,NaN,-1,-1,NaN,NaN",
            "webflux,presentations,jstachio,virtual,0,1,wrk,0,10.000,10000,3,0.0003,0,0,0,0,0,1000.00,NaN,10.000" +
                ",9.500,12.000,16.000,20.000,25.000,50,0,1.500,2.500,2.000,3.000,10.000,15.000,150.0,40.0,100.0,125.0" +
                ",12.5,300.0,112.0,184.0,5.0,38.0,38,false,,25.0.3+9-LTS,-1,NaN,,students,\"pool=10, x\",2,1,open,500.0,3,4" +
                ",5,6,12.346,0.8765,500,2000,0.457,0.0457,true,12.3,5678,123.46,987.65,0,NaN,NaN,0,NaN,NaN,NaN,NaN,NaN,NaN,NaN" +
                ",,0,NaN,,0,NaN,NaN" +
                ",0.000,NaN,NaN,NaN,NaN,NaN,-1,-1,NaN,NaN",
            "webflux,presentations,jstachio,virtual,32,1,wrk,1,10.000,-10,0,-0.0000,0,0,0,0,0,-1.01,3200.00" +
                ",1000000000.000,950000000.000,1200000000.000,1600000000.000,2000000000.000,2500000000.000,50,0,1.500" +
                ",2.500,2.000,3.000,1000000000.000,1500000000.000,150.0,40.0,0.0,0.0,12.5,300.0,112.0,184.0,5.0,38.0,38" +
                ",false,,25.0.3+9-LTS,-1,NaN,,pages,,0,0,closed,NaN,0,0,0,0,NaN,NaN,0,0,0.000,NaN,true,NaN,0,NaN,NaN,0,NaN,NaN,0,NaN,NaN" +
                ",NaN,NaN,-0.000,NaN,NaN,,0,NaN,,0,NaN,NaN" +
                ",0.000,NaN,NaN,NaN,NaN,NaN,-1,-1,NaN,NaN",
        )
        assertEquals(header, ResultRow.HEADER)
        assertEquals(lines, rows.map { it.toCsv() })
        val read = CsvFile.read(StringReader((listOf(header) + lines).joinToString("\n", postfix = "\n")), "golden")
        assertEquals(lines, read.map { ResultRow.fromCsv(it).toCsv() }, "a line read and written again")
    }

    @Test
    fun `a file with only the first version's columns reads every later column as not recorded`() {
        val row = resultRow()
        val values = CsvFile.read(StringReader(ResultRow.HEADER + "\n" + row.toCsv() + "\n"), "a row").single()
        val run = RunDirectory(tmp.resolve("first-version"))
        Files.createDirectories(run.dir)
        val first = ResultRow.REQUIRED
        assertEquals("driver_bound", first.last())
        Files.writeString(run.results, CsvFile.header(first) + "\n" + CsvFile.line(first.map(values::getValue)) + "\n")
        assertEquals(listOf(row.copy(jdk = "")), run.rows(), "resultRow() differs from the defaults in its jdk only")
    }

    @Test
    fun `an empty number in a later column reads as not recorded, an empty text as empty`() {
        val row = resultRow().copy(rateRps = 100.0, errorsEngine = 4, workload = "students")
        val empty = setOf("rate_rps", "errors_engine", "workload")
        val values = CsvFile.read(StringReader(ResultRow.HEADER + "\n" + row.toCsv() + "\n"), "a row").single()
        val back = ResultRow.fromCsv(values.mapValues { (name, v) -> if (name in empty) "" else v })
        assertEquals(row.copy(rateRps = Double.NaN, errorsEngine = 0, workload = ""), back)
    }

    @Test
    fun `the regime columns follow from the machine's CPU, the floor and the driver's share`() {
        // 2 cores: 190% of one core busy is 0.95 of the machine; the server took 150%, the driver 12.5%, the rest 27.5%
        val row = resultRow(users = 128, throughput = 5000.0, cpuPct = 150.0).copy(machineCpuPct = 190.0, coresBusy = 0.95)
        val back = RunDirectory(written(row).parent).rows().single()
        val csv = CsvFile.read(StringReader(ResultRow.HEADER + "\n" + row.toCsv() + "\n"), "a row").single()
        assertEquals("190.0", csv["machine_cpu_pct"])
        assertEquals("0.950", csv["cores_busy"])
        assertEquals("0.391", csv["floor_share"], "5,000 of 12,800 req/s")
        assertEquals("27.5", csv["other_cpu_pct"])
        assertEquals("0.066", csv["driver_share"])
        assertEquals("cpu", csv["regime"])
        assertEquals(Regime.CPU, back.regime)
        assertEquals("floor", resultRow(users = 32, throughput = 2850.0).copy(coresBusy = 0.42).regimeId)
        assertEquals("", resultRow().regimeId, "a row without the machine's CPU, below its floor: not recorded")
    }

    @Test
    fun `every ResultRow construction names its arguments, so two values swapped cannot compile`() {
        val sources = listOf("bench/src/main/kotlin", "bench/src/test/kotlin").map { Project.root.resolve(it) }
        val calls = sources.flatMap { dir -> Files.walk(dir).use { s -> s.filter { it.toString().endsWith(".kt") }.toList() } }
            .flatMap { file ->
                Regex("""(?<![\w.])ResultRow\(""").findAll(Files.readString(file)).map { file to it.range.last + 1 }.toList()
                    .filterNot { (f, at) -> Files.readString(f).substring(0, at).trimEnd('(').endsWith("class ResultRow") }
            }
        assertTrue(calls.size >= 3, "the constructions found: ${calls.map { it.first.fileName }}")
        for ((file, at) in calls) {
            val unnamed = arguments(Files.readString(file), at).map { arg -> arg.lines().filterNot { it.trim().startsWith("//") } }
                .filterNot { Regex("""^\s*\w+\s*=[^=]""").containsMatchIn(it.joinToString("\n")) }
            assertEquals(emptyList<String>(), unnamed, "${file.fileName} builds a ResultRow with unnamed arguments")
        }
    }

    /** The top-level arguments of the call whose parenthesis opens just before [from]. */
    private fun arguments(text: String, from: Int): List<String> {
        val args = mutableListOf<String>()
        var depth = 0
        var start = from
        for (i in from until text.length) {
            when (text[i]) {
                '(', '[', '{' -> depth++

                ')', ']', '}' -> if (depth == 0) return (args + text.substring(start, i)).filter { it.isNotBlank() } else depth--

                ',' -> if (depth == 0) {
                    args += text.substring(start, i)
                    start = i + 1
                }
            }
        }
        error("no closing parenthesis")
    }

    private fun written(row: ResultRow): Path {
        val run = RunDirectory(tmp.resolve("run"))
        run.append(row)
        return run.results
    }

    /** A value for each read column, in file order: each its own, none of them [resultRow]'s (nor so the defaults). */
    private fun sampleValues(): List<Any> = ResultColumns.ALL.filterNot { it.derived }.mapIndexed { i, column ->
        when (column.type) {
            String::class.java -> "text $i, with \"quotes\""
            Int::class.java -> 100 + i
            Long::class.java -> 1000L + i
            Double::class.java -> i + 0.5
            Boolean::class.java -> true
            else -> error("column ${column.name}: no sample value for ${column.type}")
        }
    }

    private fun everyColumnSet(): ResultRow = ResultColumns.construct(sampleValues()).also { row ->
        val defaults = resultRow()
        for (c in ResultColumns.ALL.filterNot { it.derived }) assertNotEquals(c.text(defaults), c.text(row), c.name)
    }
}
