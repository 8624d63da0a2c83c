package pssr.servers

import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption

/** How a server tells the harness where it listens: one recognisable log line, and a file when asked. */
object PortAnnouncement {
    const val PREFIX = "pssr-server listening:"

    /** Prints `pssr-server listening: <framework> http://<host>:<port>[ (<detail>)]` and writes [port] to [portFile] (atomically) when
     * given. */
    fun announce(framework: String, host: String, port: Int, portFile: String?, detail: String? = null) {
        println("$PREFIX $framework http://$host:$port${detail?.let { " ($it)" } ?: ""}")
        if (!portFile.isNullOrBlank()) {
            val target = Path.of(portFile)
            val tmp = target.resolveSibling(target.fileName.toString() + ".tmp")
            Files.writeString(tmp, port.toString())
            Files.move(
                tmp,
                target,
                StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE,
            )
        }
    }
}
