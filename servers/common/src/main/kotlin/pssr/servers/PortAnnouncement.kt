package pssr.servers

/** How a server tells the harness where it listens: one recognisable log line, and a file when asked. */
object PortAnnouncement {
    const val PREFIX = "pssr-server listening:"

    /** Prints `pssr-server listening: <framework> http://<host>:<port>[ (<detail>)]` and writes [port] to [portFile] (atomically) when
     * given. */
    fun announce(framework: String, host: String, port: Int, portFile: String?, detail: String? = null) {
        println("$PREFIX $framework http://$host:$port${detail?.let { " ($it)" } ?: ""}")
        if (!portFile.isNullOrBlank()) {
            val target = java.nio.file.Path.of(portFile)
            val tmp = target.resolveSibling(target.fileName.toString() + ".tmp")
            java.nio.file.Files.writeString(tmp, port.toString())
            java.nio.file.Files.move(
                tmp,
                target,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE,
            )
        }
    }
}
