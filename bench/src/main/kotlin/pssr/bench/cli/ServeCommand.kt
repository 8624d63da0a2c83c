package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.console.UsageError
import pssr.bench.process.ServerProcess
import pssr.bench.project.FrameworkNames
import pssr.bench.project.Frameworks
import java.util.concurrent.Callable

@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = [
        "Start one server in the foreground on 127.0.0.1 (for curl and browsers; --bind for remote load engines); Ctrl-C stops it.",
    ],
)
class ServeCommand : Callable<Int> {
    @Parameters(
        index = "0",
        paramLabel = "FRAMEWORK",
        completionCandidates = FrameworkNames::class,
        description = ["\${COMPLETION-CANDIDATES}"],
    )
    lateinit var framework: String

    @Option(names = ["--port"], description = ["Port (default: \${DEFAULT-VALUE}; 0 picks a free one)"])
    var port: Int = 8080

    @Option(
        names = ["--bind"],
        paramLabel = "ADDRESS",
        description = [
            "Address to listen on (default \${DEFAULT-VALUE}); another machine's load engines need this machine's network address",
        ],
    )
    var bind: String = "127.0.0.1"

    override fun call(): Int {
        if (port !in 0..65535) throw UsageError("--port must be from 0 (any free port) to 65535, was $port")
        val fw = Frameworks.byName(framework)
        val artifact = fw.launchable() ?: throw UsageError(
            "the $framework server is not built; run ./mvnw install (or ./pssr, which builds first)",
        )
        return ServerProcess.foreground(fw, artifact, bind, port)
    }
}
