package pssr.servers.quarkus

import io.quarkus.dev.appstate.ApplicationStateNotification
import io.quarkus.runtime.Quarkus
import io.quarkus.runtime.annotations.QuarkusMain
import pssr.servers.ServerStartup
import kotlin.system.exitProcess

/**
 * The entry point: Quarkus as usual, except that a server that cannot start (port in use or out of range, a
 * bad setting) says why in one line and exits 2 ([ServerStartup]) instead of Quarkus's error, hints and stack
 * trace (its `io.quarkus.runtime.Application` log category is off in application.properties for that).
 *
 * Quarkus reports a failed start to the exit handler only after `Application.stop()` returns, and that stop
 * can wait forever (seen here: `main` parked in `Application.stop`, no other thread left, SIGTERM ignored).
 * So the failure is taken where Quarkus announces it first, [ApplicationStateNotification], by a daemon
 * thread that reports it and exits; [ServerStartup]'s watchdog halts the JVM if the exit itself hangs.
 */
@QuarkusMain
class QuarkusServer {
    companion object {
        @JvmStatic
        fun main(args: Array<String>) = ServerStartup.run(Pages.FRAMEWORK, args, ServerStartup.Listen.QUARKUS) {
            Thread.ofPlatform().daemon().name("pssr-start-failure").start {
                try {
                    ApplicationStateNotification.waitForApplicationStart()
                } catch (e: Throwable) {
                    ServerStartup.failed(Pages.FRAMEWORK, e.cause ?: e)
                }
            }
            Quarkus.run(null, { code, failure ->
                if (failure != null) throw failure
                exitProcess(code)
            }, *args)
        }
    }
}
