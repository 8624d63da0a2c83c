package pssr.bench.measure

import org.apache.jmeter.engine.RemoteJMeterEngineImpl
import org.apache.jmeter.util.JMeterUtils
import pssr.bench.console.UsageError
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment
import java.io.IOException
import java.net.InetAddress
import java.net.InetSocketAddress
import java.net.ServerSocket

/**
 * `./pssr load-engine`: a JMeter remote engine (JMeter's RMI server) in this JVM, with the settings [RemoteEngines]'s
 * controller side expects (RMI without SSL), until the process is stopped.
 */
object LoadEngine {
    /** Serves on [bind] ([address]): the registry on [port], the engine's RMI object on [objectPort] (0: any free port). */
    fun serve(bind: String, address: InetAddress, port: Int, objectPort: Int): Int {
        // Before JMeter's set-up (seconds on a busy machine): a taken port is reported at once.
        for (p in listOf(port, objectPort).filter { it > 0 }) {
            try {
                ServerSocket().use {
                    it.reuseAddress = true
                    it.bind(InetSocketAddress(address, p))
                }
            } catch (e: IOException) {
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
