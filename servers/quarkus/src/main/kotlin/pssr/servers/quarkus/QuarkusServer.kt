package pssr.servers.quarkus

import io.quarkus.runtime.Quarkus
import io.quarkus.runtime.annotations.QuarkusMain
import pssr.servers.ServerStartup
import kotlin.system.exitProcess

/**
 * The entry point: Quarkus as usual, except that a server that cannot start (port in use or out of range, a
 * bad setting) says why in one line and exits 2 ([ServerStartup]) instead of Quarkus's error, hints and stack
 * trace (its `io.quarkus.runtime.Application` log category is off in application.properties for that).
 */
@QuarkusMain
class QuarkusServer {
    companion object {
        @JvmStatic
        fun main(args: Array<String>) = ServerStartup.run(Pages.FRAMEWORK) {
            Quarkus.run(null, { code, failure ->
                if (failure != null) throw failure
                exitProcess(code)
            }, *args)
        }
    }
}
