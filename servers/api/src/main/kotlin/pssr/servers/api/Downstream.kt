package pssr.servers.api

import io.netty.channel.ChannelOption
import pssr.model.api.Orders
import pssr.servers.PortAnnouncement
import reactor.core.publisher.Mono
import reactor.netty.DisposableServer
import reactor.netty.http.server.HttpServer
import reactor.netty.resources.LoopResources
import java.time.Duration

/**
 * The downstream service of the forward workload: `POST /orders` answers [Orders.answer] of the body after a
 * configurable latency. The latency is a timer (`Mono.delay`), not a sleeping thread, and the answer needs no
 * parsing, so this server is never what limits a forward measurement (the harness measures it alone to show it).
 * `--pssr.downstream.fail-status=500` makes every answer that status (a failing downstream, for tests).
 */
object Downstream {
    data class Settings(val latencyMs: Long, val failStatus: Int, val eventLoops: Int)

    fun start(host: String, port: Int, s: Settings): DisposableServer {
        val loops = LoopResources.create("downstream", s.eventLoops, true)
        val routes = """[{"framework":"downstream","workload":"forward","path":"/orders","method":"POST","settings":""" +
            """{"server":"Reactor Netty","latencyMs":${s.latencyMs},"failStatus":${s.failStatus},""" +
            """"eventLoops":${s.eventLoops},"jdk":"${Runtime.version()}"}}]"""
        return HttpServer.create().host(host).port(port).runOn(loops).option(ChannelOption.SO_BACKLOG, 4096)
            .route { r ->
                r.get("/routes") { _, res -> res.header("Content-Type", "application/json").sendString(Mono.just(routes)) }
                r.post("/orders") { req, res ->
                    req.receive().aggregate().asString(Charsets.UTF_8).defaultIfEmpty("")
                        .delayElement(Duration.ofMillis(s.latencyMs))
                        .flatMap { body ->
                            if (s.failStatus > 0) {
                                res.status(
                                    s.failStatus,
                                ).header("Content-Type", "text/plain").sendString(Mono.just("downstream fails on purpose\n")).then()
                            } else {
                                res.header("Content-Type", "application/json").sendString(Mono.just(Orders.answer(body))).then()
                            }
                        }
                }
            }.bindNow()
    }

    fun main(args: Array<String>) {
        fun arg(name: String) = args.lastOrNull { it.startsWith("--$name=") }?.substringAfter("=") ?: System.getProperty(name)
        val s = Settings(
            arg("pssr.downstream.latency-ms")?.toLong() ?: 100,
            arg("pssr.downstream.fail-status")?.toInt() ?: 0,
            arg("pssr.downstream.event-loops")?.toInt() ?: Runtime.getRuntime().availableProcessors(),
        )
        val server = start(arg("server.address") ?: "127.0.0.1", arg("server.port")?.toInt() ?: 0, s)
        Runtime.getRuntime().addShutdownHook(Thread { server.disposeNow(Duration.ofSeconds(3)) })
        PortAnnouncement.announce("downstream", server.host(), server.port(), arg("pssr.port-file"), "latency ${s.latencyMs} ms")
        server.onDispose().block()
    }
}
