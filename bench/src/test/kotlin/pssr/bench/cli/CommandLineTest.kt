package pssr.bench.cli

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.cli
import java.io.ByteArrayOutputStream
import java.io.PrintStream
import java.nio.file.Files
import java.nio.file.Path

/** Bad input is one clear line naming the valid values, exit code 2, and never a stack trace. */
class CommandLineTest {
    private fun run(vararg args: String): Pair<Int, String> {
        val err = ByteArrayOutputStream()
        val old = System.err
        System.setErr(PrintStream(err, true))
        try {
            val code = cli().execute(*args)
            return code to err.toString()
        } finally {
            System.setErr(old)
        }
    }

    @Test
    fun `an unknown engine is refused with the list of valid engines`() {
        val (code, err) = run("run", "--engines", "mustache", "--quick")
        assertEquals(2, code)
        assertTrue(err.contains("unknown engine 'mustache'; valid engines: baseline, htmlflow, thymeleaf"), err)
        assertFalse(err.contains("\tat "), "no stack trace: $err")
    }

    @Test
    fun `unknown framework, model and approach names are refused the same way`() {
        assertTrue(run("verify", "--frameworks", "play").second.contains("valid frameworks: webflux, mvc, quarkus"))
        assertTrue(run("run", "--models", "cars").second.contains("valid models: presentations, stocks"))
        assertTrue(run("run", "--approaches", "threads").second.contains("valid approaches: reactive, suspending, virtual"))
    }

    @Test
    fun `malformed options are refused before anything runs`() {
        assertEquals(2, run("run", "--warmup", "lots").first)
        assertEquals(2, run("run", "--item-delay", "1s").first)
        assertEquals(2, run("run", "--users", "0").first)
        assertEquals(2, run("run", "--target", "http://example.com:80").first, "load tests only target loopback")
    }

    @Test
    fun `the item delay is spelled the same in every command`() {
        val (code, err) = run("verify", "--item-delay", "5000ms")
        assertEquals(2, code)
        assertTrue(err.contains("--item-delay must look like 1ms or 0"), err)
        assertEquals(2, run("verify", "--item-delay-ms", "100").first, "the old spelling is gone")
    }

    @Test
    fun `serve refuses a port out of range in one line`() {
        val (code, err) = run("serve", "webflux", "--port", "70000")
        assertEquals(2, code)
        assertTrue(err.contains("--port must be from 0 (any free port) to 65535, was 70000"), err)
        assertFalse(err.contains("\tat "), "no stack trace: $err")
    }

    @Test
    fun `an existing run directory is never overwritten without --resume`(@TempDir dir: Path) {
        Files.writeString(dir.resolve("results.csv"), "keep me")
        val (code, err) = run("run", "--quick", "--out", dir.toString())
        assertEquals(2, code)
        assertTrue(err.contains("already holds a run"), err)
        assertEquals("keep me", Files.readString(dir.resolve("results.csv")))
    }
}
