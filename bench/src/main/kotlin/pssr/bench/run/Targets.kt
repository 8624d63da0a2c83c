package pssr.bench.run

import pssr.bench.console.UsageError
import pssr.bench.measure.PortOwner
import pssr.bench.measure.ResourceSampler
import pssr.bench.process.ServerProcess
import pssr.probe.StreamProbe
import pssr.servers.ListedRoute
import pssr.servers.RoutesDocument
import java.net.URI
import java.time.Duration

/** A server to load: started by us (with a PID to sample and stop), or an already running one given by --target. */
internal interface Target : AutoCloseable {
    val host: String
    val port: Int
    val pid: Long?

    /** Samples the server's resources for as long as it runs (null when it is not our process). */
    val sampler: ResourceSampler?
    fun routes(): List<ListedRoute>

    /** Null while the server runs (or is not ours to know), else how it ended. */
    fun ended(): String?
}

internal class Started(val server: ServerProcess) : Target {
    override val host get() = server.host
    override val port get() = server.port
    override val pid get() = server.pid

    // attached once per server JVM (attaching costs a few hundred ms): levels read their window from it
    override val sampler by lazy { ResourceSampler(server.pid) }
    override fun routes() = server.routes()
    override fun ended() = server.ended()
    override fun close() {
        sampler.close()
        server.close()
    }
}

internal class Remote(url: String, allowRemote: Boolean = false) : Target {
    private val uri = checkLoopback(url, allowRemote)
    override val host: String = uri.host
    override val port: Int = if (uri.port > 0) uri.port else 80
    private val onThisMachine = host in LOOPBACK

    // a target on this machine is still measured: its PID is found from the listening socket (no sampler attached);
    // on another machine it has no PID here (its CPU per request is NaN)
    override val pid: Long? by lazy { if (onThisMachine) PortOwner.pid(port) else null }
    override val sampler: ResourceSampler? = null

    companion object {
        private val LOOPBACK = setOf("127.0.0.1", "localhost", "::1", "[::1]")

        fun isLoopback(host: String) = host in LOOPBACK

        /**
         * Load tests target loopback unless [allowRemote] (`--allow-remote-target`): load aimed at another machine is
         * not something to start by accident (a typo would load-test someone else's server). [what] names the argument.
         */
        fun checkLoopback(url: String, allowRemote: Boolean = false, what: String = "--target"): URI {
            val uri = try {
                URI(url)
            } catch (e: Exception) {
                null
            }
            if (uri?.host == null || uri.scheme != "http") throw UsageError("$what must look like http://127.0.0.1:8080, was '$url'")
            if (!allowRemote && uri.host !in LOOPBACK) {
                throw UsageError(
                    "$what must be a loopback address (127.0.0.1, localhost), was '${uri.host}'; to load another machine on purpose add " +
                        "--allow-remote-target (docs/HARNESS.md)",
                )
            }
            return uri
        }
    }
    override fun routes(): List<ListedRoute> {
        val listed = try {
            StreamProbe.get(host, port, "/routes", timeout = Duration.ofSeconds(10))
        } catch (e: Exception) {
            throw UsageError(
                "--target http://$host:$port does not answer (${e.message ?: e.javaClass.simpleName}); start the server first, or leave " +
                    "out --target and pssr starts its own",
            )
        }
        if (listed.status != 200) {
            throw UsageError("--target http://$host:$port: GET /routes answered ${listed.status}; pssr needs a pssr-bench server's /routes")
        }
        return RoutesDocument.parse(listed.body).also {
            if (it.isEmpty()) throw UsageError("--target http://$host:$port: GET /routes lists no routes")
        }
    }
    override fun ended(): String? = null
    override fun close() {}
}
