package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import pssr.bench.console.UsageError
import pssr.bench.measure.LoadEngine
import java.net.InetAddress
import java.util.concurrent.Callable

@Command(
    name = "load-engine",
    mixinStandardHelpOptions = true,
    description = [
        "Run a JMeter remote engine (JMeter's RMI server) from pssr's own jar, until stopped (Ctrl-C / SIGTERM).",
        "A run on another machine uses it with: ./pssr run --driver jmeter --load-engines HOST:PORT[,HOST:PORT...] ...",
        "RMI runs without SSL (no keystore): bind it to loopback or to a private network only. docs/HARNESS.md has a two-machine example.",
    ],
)
class LoadEngineCommand : Callable<Int> {
    @Option(
        names = ["--port"],
        paramLabel = "PORT",
        description = ["RMI registry port the controller connects to (default \${DEFAULT-VALUE}, JMeter's)"],
    )
    var port: Int = 1099

    @Option(
        names = ["--bind"],
        paramLabel = "ADDRESS",
        description = [
            "Address to listen on and to advertise to the controller " +
                "(default \${DEFAULT-VALUE}); give this machine's address on the network the controller reaches",
        ],
    )
    var bind: String = "127.0.0.1"

    @Option(
        names = ["--rmi-port"],
        paramLabel = "PORT",
        description = [
            "Port of the engine's RMI object (default: PORT + 1, so a firewall needs to open exactly these two; 0 = any free port)",
        ],
    )
    var rmiPort: Int? = null

    override fun call(): Int {
        if (port !in 1..65535) throw UsageError("--port must be 1..65535, was $port")
        val objectPort = rmiPort ?: (port + 1)
        if (objectPort !in 0..65535) throw UsageError("--rmi-port must be 0..65535, was $objectPort")
        val address = try {
            InetAddress.getByName(bind)
        } catch (e: Exception) {
            throw UsageError("--bind '$bind' is not an address of this machine")
        }
        return LoadEngine.serve(bind, address, port, objectPort)
    }
}
