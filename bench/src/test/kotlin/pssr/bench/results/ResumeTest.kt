package pssr.bench.results

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.measure.JmeterDriver
import pssr.bench.measure.Latency
import pssr.bench.resultRow
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
