package pssr.bench.results

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.csv.CsvFile
import pssr.bench.measure.JmeterDriver
import pssr.bench.measure.Latency
import pssr.bench.resultRow
import java.io.StringReader
import java.net.SocketTimeoutException
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption

class ResumeTest {
    private fun row(users: Int, rep: Int) = resultRow(users = users, repetition = rep, throughput = 100.0 * users)

    private val levels = listOf(1, 8, 32, 128)
    private val route = "webflux/presentations/jstachio/virtual"

    @Test
    fun `a run killed in the middle of writing a row resumes without duplicated or lost rows`(@TempDir dir: Path) {
        val run = RunDirectory(dir)
        run.append(row(1, 1))
        run.append(row(8, 1))
        // the crash: half of the next row made it to disk
        Files.writeString(run.results, row(32, 1).toCsv().take(40), StandardOpenOption.APPEND)

        assertEquals(
            listOf("results.csv line 4 was cut mid-write (40 bytes, no line break): dropped; its level is measured again"),
            run.repair(),
        )
        assertEquals(listOf(1, 8), run.rows().map { it.users })
        val pending = run.pending(route, 1, levels)
        assertEquals(listOf(32, 128), pending)

        pending.forEach { run.append(row(it, 1)) }
        assertEquals(listOf(1, 8, 32, 128), run.rows().map { it.users })
        assertEquals(emptyList<Int>(), run.pending(route, 1, levels))
        assertEquals(levels, run.pending(route, 2, levels), "repetition 2 has not started")
        assertEquals(emptyList<String>(), run.repair(), "a clean file is left alone")
    }

    /** [row]'s results.csv as an older pssr wrote it: without this version's last [dropped] columns. */
    private fun olderFile(file: Path, dropped: Int, rows: List<ResultRow>) {
        val names = ResultColumns.TABLE.names.dropLast(dropped)
        val text = (listOf(ResultRow.HEADER) + rows.map { it.toCsv() }).joinToString("\n", postfix = "\n")
        val records = CsvFile.read(StringReader(text), "rows")
        Files.writeString(
            file,
            (listOf(CsvFile.header(names)) + records.map { r -> CsvFile.line(names.map { r.getValue(it) }) })
                .joinToString("\n", postfix = "\n"),
        )
    }

    @Test
    fun `a folder an older pssr wrote is written again in this version's columns before rows are appended to it`(@TempDir dir: Path) {
        val run = RunDirectory(dir)
        olderFile(run.results, 16, listOf(row(1, 1), row(8, 1)))
        assertEquals(
            listOf(
                "results.csv was written before its columns requests_per_user, settle_s, pool, pool_threads, pool_floor_rps, " +
                    "pool_share, lead_s, open_streams, heap_live_mb_held, heap_live_mb_after, rss_mb_held, rss_mb_idle, " +
                    "os_threads_held, os_threads_after, heap_kb_per_stream, rss_kb_per_stream: written again with them " +
                    "(2 rows, not recorded there)",
            ),
            run.upgrade(),
        )
        run.append(row(32, 1).copy(settleSeconds = 2.0))
        assertEquals(listOf(1, 8, 32), run.rows().map { it.users }, "the file reads, older rows and the new one")
        assertEquals(listOf(0, 0, 0), run.rows().map { it.requestsPerUser })
        assertEquals("NaN NaN 2.0", run.rows().joinToString(" ") { it.settleSeconds.toString() })
        assertEquals(emptyList<String>(), run.upgrade(), "a file in this version's columns is left alone")
    }

    @Test
    fun `a folder a newer pssr wrote is not resumed, and not changed`(@TempDir dir: Path) {
        val run = RunDirectory(dir)
        run.append(row(1, 1))
        val newer = Files.readString(run.results).replaceFirst("\n", ",shiny_new_column\n").replace("\n$".toRegex(), ",7\n")
        Files.writeString(run.results, newer)
        val e = assertThrows(NewerFolder::class.java) { run.upgrade() }
        assertEquals(listOf("shiny_new_column"), e.columns)
        assertEquals(newer, Files.readString(run.results))
    }

    @Test
    fun `rows survive a CSV round trip`(@TempDir dir: Path) {
        val run = RunDirectory(dir)
        val original = row(32, 2)
        run.append(original)
        assertEquals(listOf(original), run.rows())
    }
}

class JtlTest {
    @Test
    fun `a JTL whose failure message quotes a multi-line response is read record by record`(@TempDir dir: Path) {
        val jtl = dir.resolve("samples.jtl")
        Files.writeString(
            jtl,
            """
            timeStamp,elapsed,label,responseCode,success,failureMessage,threadName,Latency
            1000,12,u1,200,true,,u1 1-1,3
            1012,10039,u1,Non HTTP response code: SocketTimeoutException,false,"Test failed: text expected to equal /

            ****** received  : [[[java.net.SocketTimeoutException, ""read"" timed out]]]",u1 1-1,0
            2000,11,u1,200,true,,u1 1-1,2
            """.trimIndent() + "\n",
        )
        val samples = JmeterDriver.readJtl(jtl)
        assertEquals(listOf(true, false, true), samples.map { it.success })
        assertEquals(10039, samples[1].elapsedMs)
        assertEquals(listOf(1000L, 1012L, 2000L), samples.map { it.startMillis })
    }
}
