package pssr.bench.process

import pssr.bench.project.Framework
import pssr.bench.project.Frameworks
import java.nio.file.Path

/**
 * The server of an API workload (students, products, forward), started like every server: from the launch
 * descriptor of the module that names the workload, by [ServerProcess], ready once it announced its port.
 */
object WorkloadServer {
    /** A fresh server with [args]; log `<logDir>/<framework>-<tag>.log`. No -Xms: the API seeds compare memory footprints. */
    fun start(workload: String, launch: ServerLaunch, args: List<String>, logDir: Path, tag: String): ServerProcess {
        val d = Frameworks.forWorkload(workload)
            ?: throw IllegalStateException("no servers/*/launch.properties names workload $workload in this tree")
        return ServerProcess.start(Framework(d.framework, d.description, d), launch.copy(heapMin = null), logDir, tag, args) { }
    }
}
