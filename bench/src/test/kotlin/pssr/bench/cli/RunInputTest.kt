
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

/** Bad input to `run`: one line naming the problem, exit code 2, nothing written, nothing started. */
class RunInputTest {
    @TempDir lateinit var tmp: Path

    private fun run(vararg args: String): Pair<Int, String> {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        val err = ByteArrayOutputStream()
        val old = System.err
        System.setErr(PrintStream(err, true))
        val code = try {
            cli().execute("run", *args)
        } finally {
            System.setErr(old)
        }
        return code to err.toString().trim()
    }

    private fun assertRefused(expected: String, vararg args: String) {
        val out = tmp.resolve("out")
        val (code, err) = run(*args, "--out", out.toString())
        assertEquals(2, code, err)
        assertEquals(1, err.lines().size, "one line: $err")
        assertTrue(err.contains(expected), err)
        assertFalse(Files.exists(out.resolve("results.csv")) || Files.exists(out.resolve("environment.json")), "nothing written")
    }

    @Test fun `a target with nothing listening is named`() =
        assertRefused("--target http://127.0.0.1:1 does not answer", "--target", "http://127.0.0.1:1")

    @Test fun `shared JVMs without a shared-JVM run are refused`() =
        assertRefused("--jvms needs --quick", "--jvms", "2", "--frameworks", "webflux")

    @Test fun `repetitions at a level the run does not measure are refused`() =
        assertRefused("--repeat-at must be USERS:N", "--quick", "--users", "1,32", "--repeat-at", "64:6")

    @Test fun `repetitions at levels without a count are refused`() =
        assertRefused("one colon between the levels and N", "--quick", "--repeat-at", "32,128")

    @Test fun `a number of requests per user with wrk, which runs for a time, is refused`() =
        assertRefused("--requests-per-user must be 1 to 100000 with --driver jmeter or ab", "--requests-per-user", "256", "--driver", "wrk")

    @Test fun `the two presets together are refused`() = assertRefused(
        "--quick and --answer are two presets; give one",
        "--quick",
        "--answer",
    )

    @Test fun `shared JVMs out of range are refused`() = assertRefused("--jvms must be 1 to 8, was 9", "--quick", "--jvms", "9")

    @Test fun `a target on another machine is refused`() = assertRefused("must be a loopback address", "--target", "http://10.1.2.3:8080")

    @Test fun `an unknown driver lists the valid ones`() =
        assertRefused("unknown --driver 'gatling'; valid drivers: wrk, jmeter", "--driver", "gatling", "--frameworks", "webflux")

    @Test fun `a missing wrk says how to install it`() =
        assertRefused("apt-get install wrk", "--wrk", "/nonexistent/wrk", "--frameworks", "webflux")

    @Test fun `CPUs the machine does not have are refused`() =
        assertRefused("names CPUs this machine does not have", "--server-cpus", "7-9", "--frameworks", "webflux")

    @Test fun `a heap size that is not a size is refused`() =
        assertRefused("--heap-max must be a size", "--heap-max", "abc", "--frameworks", "webflux")

    @Test fun `a window that is not whole seconds is refused`() =
        assertRefused("--duration must be a duration from 1 s to 60 min (3, 3s, 2m or 1h)", "--duration", "1.5s", "--frameworks", "webflux")

    @Test fun `a rate for the students workload is refused`() =
        assertRefused("--rate loads the pages workload", "--rate", "100", "--workloads", "students")

    @Test fun `a profile with rates is refused`() = assertRefused(
        "--profile USERS profiles a closed-loop level; with --rate alone there is none",
        "--rate",
        "100",
        "--profile",
        "32",
        "--frameworks",
        "webflux",
    )

    @Test fun `a rate of zero is refused`() =
        assertRefused("--rate must be requests per second from 1 to 100000", "--rate", "0", "--frameworks", "webflux")

    @Test fun `a p99 limit of zero is refused`() =
        assertRefused("--p99-limit must be milliseconds above 0", "--rate", "100", "--p99-limit", "0", "--frameworks", "webflux")

    @Test fun `load engines without the jmeter driver are refused`() =
        assertRefused("use it with --driver jmeter", "--load-engines", "127.0.0.1:1099", "--users", "2", "--frameworks", "webflux")

    @Test fun `a load engine that is not HOST PORT is refused`() = assertRefused(
        "--load-engines must be HOST:PORT",
        "--driver", "jmeter", "--load-engines", "127.0.0.1", "--users", "2", "--frameworks", "webflux",
    )

    @Test fun `user levels that do not split evenly over the engines are refused`() = assertRefused(
        "must be multiples of 2",
        "--driver", "jmeter", "--load-engines", "127.0.0.1:1,127.0.0.1:2", "--users", "1,2", "--frameworks", "webflux",
    )

    @Test fun `a load engine that does not answer is named`() = assertRefused(
        "load engine 127.0.0.1:1 does not answer",
        "--driver", "jmeter", "--load-engines", "127.0.0.1:1", "--users", "2", "--frameworks", "webflux",
    )

    @Test fun `a JDK path that holds no JDK is refused`() =
        assertRefused("--jdk /nonexistent: not a JDK", "--jdk", "/nonexistent", "--frameworks", "webflux")

    @Test fun `a JDK too old for the servers is refused`() =
        assertRefused("the servers need Java 21 or later", "--jdk", "17", "--frameworks", "webflux")

    @Test fun `JVM flags without a label are refused`() =
        assertRefused("--jvm must be LABEL=FLAGS", "--jvm", "-XX:+UseZGC", "--frameworks", "webflux")

    @Test fun `a runtime with a target is refused`() =
        assertRefused("with --target the server is yours", "--jdk", "25", "--target", "http://127.0.0.1:1")

    @Test
    fun `an out path that is a file is refused`() {
        val file = Files.writeString(tmp.resolve("a-file"), "x")
        val (code, err) = run("--frameworks", "webflux", "--out", file.toString())
        assertEquals(2, code, err)
        assertTrue(err.contains("is a file"), err)
    }

    @Test
    fun `resuming with other options is refused and names what differs`() {
        val dir = tmp.resolve("old")
        Files.createDirectories(dir)
        Files.writeString(
            dir.resolve("environment.json"),
            """{"options": {"frameworks": ["webflux"], "models": [], "engines": [], "approaches": [], "driver": "wrk", "driverThreads": 1, "levels": [1,32,128], "routeWarmupS": 10, "warmupS": 3, "durationS": 10, "repeat": 5, "itemDelayMs": 5, "quick": false, "freshJvmPerRoute": true, "target": "started by pssr", "idleTimeoutS": 10, "heapMax": "2g", "serverCpus": null, "loadCpus": null}}""",
        )
        val before = Files.list(dir).use { it.count() }
        val (code, err) = run("--frameworks", "webflux", "--users", "1,32,128", "--resume", dir.toString())
        assertEquals(2, code, err)
        assertTrue(err.contains("itemDelayMs: 5 then, 1 now"), err)
        assertEquals(before, Files.list(dir).use { it.count() }, "nothing written")
    }
}
