package pssr.bench.cli

import org.apache.jmeter.engine.RemoteJMeterEngineImpl
import org.apache.jmeter.util.JMeterUtils
import picocli.CommandLine.Command
import picocli.CommandLine.Option
import pssr.bench.console.UsageError
import pssr.bench.measure.RemoteEngines
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment
import java.net.InetAddress
import java.net.InetSocketAddress
import java.net.ServerSocket
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
        // Before JMeter's set-up (seconds on a busy machine): a taken port is reported at once.
        for (p in listOf(port, objectPort).filter { it > 0 }) {
            try {
                ServerSocket().use {
                    it.reuseAddress = true
                    it.bind(InetSocketAddress(address, p))
                }
            } catch (e: java.io.IOException) {
                throw UsageError("cannot start a load engine on $bind:$p: ${e.message}; choose other ports with --port and --rmi-port")
            }
        }
        JmeterEnvironment() // JMeter's home and properties, unpacked from the jar as for the embedded engine
        System.setProperty("java.rmi.server.hostname", bind)
        JMeterUtils.setProperty(RemoteEngines.RMI_SSL_OFF, "true")
        JMeterUtils.setProperty("server.rmi.localport", objectPort.toString())
        try {
            RemoteJMeterEngineImpl.startServer(port)
        } catch (e: Exception) {
            throw UsageError("cannot start a load engine on $bind:$port: ${e.cause?.message ?: e.message}")
        }
        println("pssr load-engine: JMeter remote engine on $bind:$port (RMI object on $objectPort, SSL off); stop it with Ctrl-C")
        Thread.currentThread().join()
        return 0
    }
}
