package pssr.bench.run

import pssr.bench.console.Fmt
import pssr.bench.markup.Table
import pssr.bench.results.Probed
import pssr.bench.results.RouteCheck
import pssr.probe.StreamProbe
import pssr.probe.Verdict
import pssr.servers.ListedRoute
import pssr.views.Golden
import java.time.Duration
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * Verification before load, per route: the body must normalise to the golden page, and the route's
 * streaming is measured, not taken from its claim — requested with a slow source (`itemDelayMs`, default
 * 100 ms) by a client that timestamps every chunk. Probes run a few at a time so a server verifies in
 * seconds, not minutes.
 */
class Verifier(private val itemDelayMs: Long = 100, private val parallelism: Int = 16) {

    fun verify(framework: String, host: String, port: Int, routes: List<ListedRoute>): List<RouteCheck> {
        val pool = Executors.newFixedThreadPool(parallelism)
        try {
            return routes.map { r -> pool.submit(Callable { check(framework, host, port, r) }) }
                .map { it.get(2, TimeUnit.MINUTES) }
        } finally {
            pool.shutdownNow()
        }
    }

    fun check(framework: String, host: String, port: Int, route: ListedRoute): RouteCheck {
        val probed = Probed(framework, route.model.id, route.engine, route.approach, route.path, route.streams)
        val result = try {
            StreamProbe.get(host, port, "${route.path}?itemDelayMs=$itemDelayMs", route.model.itemMarker, Duration.ofSeconds(60))
        } catch (e: Exception) {
            return probed.failed("${e.message}")
        }
        val bodyOk = result.status == 200 && result.complete && Golden.matches(route.model, result.body)
        val verdict = Verdict.of(result, route.model.items.size, itemDelayMs, bodyOk)
        val error = when {
            result.error != null -> result.error!!
            result.status != 200 -> "status ${result.status}: ${result.body.lineSequence().firstOrNull().orEmpty().take(200)}"
            !bodyOk -> "body differs from golden/${route.model.id}.html"
            else -> ""
        }
        return probed.measured(verdict, bodyOk, result, error)
    }

    companion object {
        fun table(checks: List<RouteCheck>): String = Table(
            listOf("route", "claim", "verdict", "body", "ttfb ms", "1st item ms", "last byte ms", "chunks", ""),
            checks.map { c ->
                listOf(
                    c.route, if (c.claimsStreaming) "streams" else "buffered", c.verdict, if (c.bodyOk) "ok" else "WRONG",
                    Fmt.fixed(c.ttfbMs, 0), Fmt.fixed(c.firstItemMs, 0), Fmt.fixed(c.lastByteMs, 0), c.chunks.toString(),
                    when {
                        !c.passed -> "FAILED: ${c.error}"
                        c.contradicts -> "CONTRADICTS CLAIM"
                        else -> ""
                    },
                )
            },
        ).render()
    }
}
