package pssr.testkit

import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit

/** The processes a test JVM started, as the operating system sees them: to dump a stuck one's threads and to stop it. */
object ChildProcesses {
    /** The PIDs of this JVM's live descendants now. */
    fun pids(): Set<Long> = ProcessHandle.current().descendants().filter { it.isAlive }.map { it.pid() }.toList().toSet()

    /**
     * Every live descendant of this JVM that was not among [before] (PIDs, as [pids] gave them; all descendants when
     * null). PIDs, not start times: the kernel gives those in jiffies after a boot time in whole seconds.
     */
    fun startedSince(before: Set<Long>?): List<ProcessHandle> =
        ProcessHandle.current().descendants().filter { p -> p.isAlive && (before == null || p.pid() !in before) }.toList()

    /** One line naming [p]: its PID and command line, shortened. */
    fun describe(p: ProcessHandle): String {
        val info = p.info()
        val command = info.commandLine().orElse(info.command().orElse("?"))
        return "pid ${p.pid()}: ${if (command.length > 300) command.take(297) + "..." else command}"
    }

    /**
     * The thread dump of JVM [pid] by `jcmd <pid> Thread.print` (this JDK's jcmd), bounded to [timeoutSeconds]; for a
     * process that is not a JVM, or when jcmd cannot attach, a line saying so.
     */
    fun threadDump(pid: Long, timeoutSeconds: Long = 20): String {
        val jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd")
        if (!Files.isExecutable(jcmd)) return "(no jcmd in ${jcmd.parent}: no thread dump)"
        val out = Files.createTempFile("pssr-threads-", ".txt")
        try {
            val p = ProcessBuilder(
                jcmd.toString(),
                pid.toString(),
                "Thread.print",
            ).redirectErrorStream(true).redirectOutput(out.toFile()).start()
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly()
                return "(jcmd $pid Thread.print did not answer within $timeoutSeconds s)"
            }
            return Files.readString(out)
        } finally {
            Files.deleteIfExists(out)
        }
    }

    /**
     * Runs [builder] to its exit, waiting at most [timeoutSeconds]: its exit code and its output lines (stdout and
     * stderr, through a file, so no read can outlast the wait). A process that does not exit in time is killed and
     * reported with its thread dump in the [AssertionError].
     */
    fun runToExit(builder: ProcessBuilder, timeoutSeconds: Long = 60): Pair<Int, List<String>> {
        val log = Files.createTempFile("pssr-child-", ".log")
        val process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start()
        try {
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                throw AssertionError(
                    "${describe(process.toHandle())} did not exit within $timeoutSeconds s; its threads:\n${threadDump(
                        process.pid(),
                    )}\nits output:\n${Files.readString(log).takeLast(4000)}",
                )
            }
            return process.exitValue() to Files.readAllLines(log)
        } finally {
            if (process.isAlive) {
                process.destroyForcibly()
                process.waitFor(10, TimeUnit.SECONDS)
            }
            Files.deleteIfExists(log)
        }
    }

    /** The lines of a server's output a failed start may print: its one "cannot start" line, and any stack trace or exception. */
    fun failureLines(out: List<String>): List<String> = out.filter {
        it.contains("cannot start") || it.trimStart().startsWith("at ") || it.contains("Exception") ||
            it.contains("FAILED TO START")
    }

    /** Whether [p] is a JVM (its command is a `java` binary): only those have threads jcmd can print. */
    fun isJvm(p: ProcessHandle): Boolean = p.info().command().map { Path.of(it).fileName.toString() == "java" }.orElse(false)
}
