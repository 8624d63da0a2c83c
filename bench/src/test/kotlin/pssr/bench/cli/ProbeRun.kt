package pssr.bench.cli

import java.io.ByteArrayOutputStream
import java.io.PrintStream
import pssr.bench.cli as pssrCli

/** One `./pssr` invocation in this JVM: its exit code, what it printed, and how long it took. */
data class ProbeRun(val code: Int, val out: String, val err: String, val millis: Long) {
    companion object {
        @Synchronized
        fun of(vararg args: String): ProbeRun {
            val out = ByteArrayOutputStream()
            val err = ByteArrayOutputStream()
            val oldOut = System.out
            val oldErr = System.err
            System.setOut(PrintStream(out, true, Charsets.UTF_8))
            System.setErr(PrintStream(err, true, Charsets.UTF_8))
            val start = System.nanoTime()
            try {
                val code = pssrCli().execute(*args)
                return ProbeRun(code, out.toString(Charsets.UTF_8), err.toString(Charsets.UTF_8), (System.nanoTime() - start) / 1_000_000)
            } finally {
                System.setOut(oldOut)
                System.setErr(oldErr)
            }
        }
    }
}
