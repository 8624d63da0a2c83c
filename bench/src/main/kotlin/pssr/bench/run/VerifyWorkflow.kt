package pssr.bench.run

import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.process.ServerStartFailed
import pssr.bench.results.RunDirectory
import java.nio.file.Path

/**
 * `./pssr verify` from its checked options (cli/VerifyCommand only parses): each selected framework's server started, its
 * routes verified at [itemDelayMs] per item ([Verifier]), a table per framework, verification.csv in [out] when given.
 * Returns the exit code: 0 when every route passes and no verdict contradicts its claim, 1 otherwise.
 */
class VerifyWorkflow(private val selection: Selection, private val itemDelayMs: Long, private val out: Path?) {
    fun execute(): Int {
        val run = out?.let { RunDirectory(it) }
        val logs = (out ?: Path.of(System.getProperty("java.io.tmpdir"), "pssr-verify")).resolve("logs")
        var failed = 0
        for (framework in selection.frameworks()) {
            val checks = try {
                ServerProcess.start(framework, ServerLaunch(), logs, "verify").use { server ->
                    Verifier(itemDelayMs).verify(framework.name, server.host, server.port, server.routes().filter(selection::accepts))
                }
            } catch (e: ServerStartFailed) {
                System.err.println("pssr: ${e.message}\n${e.logTail}")
                failed++
                continue
            }
            println("== ${framework.name}: ${checks.size} routes, itemDelayMs=$itemDelayMs")
            print(Verifier.table(checks))
            println(
                "   ${checks.count { it.verdict == "streams" }} stream, ${checks.count { it.verdict == "buffered" }} buffered, " +
                    "${checks.count { !it.passed }} failed, ${checks.count { it.contradicts }} contradict their claim",
            )
            failed += checks.count { !it.passed || it.contradicts }
            checks.forEach { run?.append(it) }
        }
        return if (failed == 0) 0 else 1
    }
}
