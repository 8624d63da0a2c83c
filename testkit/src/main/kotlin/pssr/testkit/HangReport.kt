package pssr.testkit

import org.junit.jupiter.api.extension.BeforeAllCallback
import org.junit.jupiter.api.extension.BeforeEachCallback
import org.junit.jupiter.api.extension.ExtensionContext
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler
import java.util.concurrent.TimeoutException

/**
 * What a test that ran out of time leaves in the test output: the thread dump of every JVM it started that is
 * still alive (the stuck server is usually the cause), this JVM's own threads, and then those children are
 * stopped by their PID so that the next test and the build can go on.
 *
 * Registered for every test of every module by JUnit's extension auto-detection (META-INF/services; switched on
 * in the parent POM with the default timeout, `junit.jupiter.execution.timeout.default`, so no test waits forever).
 */
class HangReport :
    BeforeAllCallback,
    BeforeEachCallback,
    TestExecutionExceptionHandler,
    LifecycleMethodExecutionExceptionHandler {
    private val namespace = ExtensionContext.Namespace.create(HangReport::class.java)

    override fun beforeAll(context: ExtensionContext) = context.getStore(namespace).put(BEFORE, ChildProcesses.pids())
    override fun beforeEach(context: ExtensionContext) = context.getStore(namespace).put(BEFORE, ChildProcesses.pids())

    override fun handleTestExecutionException(context: ExtensionContext, throwable: Throwable) = report(context, throwable)
    override fun handleBeforeAllMethodExecutionException(context: ExtensionContext, throwable: Throwable) = report(context, throwable)
    override fun handleBeforeEachMethodExecutionException(context: ExtensionContext, throwable: Throwable) = report(context, throwable)
    override fun handleAfterEachMethodExecutionException(context: ExtensionContext, throwable: Throwable) = report(context, throwable)
    override fun handleAfterAllMethodExecutionException(context: ExtensionContext, throwable: Throwable) = report(context, throwable)

    private fun report(context: ExtensionContext, throwable: Throwable): Nothing {
        if (throwable is TimeoutException) {
            // Children started by this test (or, for a class-level method, by this class), not by earlier tests.
            @Suppress("UNCHECKED_CAST")
            val before = context.getStore(namespace).get(BEFORE) as Set<Long>?
            System.out.println(text(context.displayName, throwable.message, ChildProcesses.startedSince(before)))
            System.out.flush()
        }
        throw throwable
    }

    companion object {
        private const val BEFORE = "children-before"

        /** The report for a test [name] that timed out: each child's thread dump (JVMs), this JVM's threads; stops the children. */
        fun text(name: String, why: String?, children: List<ProcessHandle>): String = buildString {
            appendLine(
                "==== pssr HangReport: '$name' ran out of time (${why ?: "timeout"}); ${children.size} child process(es) still alive",
            )
            for (child in children) {
                appendLine("---- child ${ChildProcesses.describe(child)}")
                appendLine(if (ChildProcesses.isJvm(child)) ChildProcesses.threadDump(child.pid()) else "(not a JVM: no thread dump)")
            }
            appendLine("---- this test JVM's threads")
            for ((thread, stack) in Thread.getAllStackTraces()) {
                appendLine("\"${thread.name}\" ${thread.state}${if (thread.isDaemon) " daemon" else ""}")
                stack.take(25).forEach { appendLine("    at $it") }
            }
            for (child in children) {
                child.descendants().forEach { it.destroyForcibly() }
                child.destroyForcibly()
            }
            appendLine("==== stopped ${children.size} child process(es) with SIGKILL")
        }
    }
}
