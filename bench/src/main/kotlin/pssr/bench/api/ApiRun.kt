package pssr.bench.api

import pssr.bench.console.Fmt
import pssr.bench.console.UsageError
import pssr.bench.measure.Apdex
import pssr.bench.measure.ErrorKinds
import pssr.bench.measure.JmeterProfile
import pssr.bench.measure.ProfileMeasurement
import pssr.bench.measure.ResourceSampler
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.process.WorkloadServer
import pssr.bench.project.Workloads
import pssr.bench.results.Failure
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import pssr.bench.results.toRow
import pssr.model.api.Orders
import pssr.model.api.Products
import pssr.probe.StreamProbe
import java.nio.file.Files
import java.time.Duration

/**
 * `./pssr run --workloads products,forward` (seed 004). Per variant (and, for forward's mvc, per client pool size)
 * and user level: a fresh server JVM from servers/api, its first answer compared with the one expected body, a
 * warm-up that also measures how many loops fit the time budget, then the JMeter profile, written as a row.
 * Forward's downstream service is started once (unless `--downstream-url`), measured alone at 4 x the most users
 * forward uses, and stopped by PID on every exit.
 */
class ApiRun(private val run: RunDirectory, private val o: ApiOptions, private val launch: ServerLaunch) {
    private val apdexT = o.apdex[0]
    private val apdexF = o.apdex[1]

    /** Levels a resumed run already has a row for (their keys hold the settings, so each sweep point counts alone). */
    private val done: Set<String> = run.rows().map { it.key }.toSet()

    /** The products workload; returns the number of failed rows. */
    fun products(): Int {
        val load = JmeterProfile(o.responseTimeout, run.dir.resolve("jtl"), Workloads.PRODUCTS, ErrorKinds.Companion.StatusKinds.NONE)
        val expected = Products.expectedJson(o.productRows, 0, o.pageSize)
        System.err.println(
            "== products: ${o.productRows} rows in H2, ${o.pageSize} enriched per response, " +
                "variants ${o.productVariants.joinToString(", ")}",
        )
        var failures = 0
        val profile = o.productsProfile()
        for (variant in o.productVariants) {
            for (users in profile.users) {
                val config = config(variant, null)
                failures += level(
                    Workloads.PRODUCTS, variant, users, config, o.serverArgs(variant), "/api/products?page=0", expected, null,
                    profile, load,
                    floorRps = Double.NaN,
                )
            }
        }
        return failures
    }

    /** The forward workload, its downstream started and stopped here; returns the number of failed rows. */
    fun forward(): Int {
        val load = JmeterProfile(o.responseTimeout, run.dir.resolve("jtl"), Workloads.FORWARD, ErrorKinds.Companion.StatusKinds.FORWARD)
        val payload = Orders.payload(o.orderItems)
        val expected = Orders.answer(payload)
        val profile = o.forwardProfile()
        val downstream = if (o.downstreamUrl == null) Downstream.start(launch, o.downstreamLatencyMs, run, o.downstreamFailStatus) else null
        downstream.use {
            val url = o.downstreamUrl?.trimEnd('/') ?: downstream!!.baseUrl
            val started = if (downstream != null) "${o.downstreamLatencyMs} ms latency, started by pssr" else "external"
            System.err.println(
                "== forward: downstream $url ($started), " +
                    "order of ${o.orderItems} lines (${payload.length} bytes), variants ${o.forwardVariants.joinToString(", ")}",
            )
            var failures = 0
            if (downstream != null) failures += downstreamAlone(downstream, payload, expected, 4 * profile.users.max(), load)
            val cases = o.forwardVariants.flatMap { v -> (if (v == "mvc") o.clientPoolSizes else listOf(0)).map { v to it } }
            for ((variant, pool) in cases) {
                for (users in profile.users) {
                    val effectivePool = if (pool > 0) {
                        pool
                    } else if (variant.startsWith("webflux")) {
                        maxOf(16, 2 * o.cores)
                    } else {
                        5
                    }
                    val config = config(variant, effectivePool)
                    val args = o.serverArgs(variant) + listOf("--pssr.forward.downstream-url=$url", "--pssr.forward.pool-size=$pool")
                    val latencyS = o.downstreamLatencyMs / 1000.0
                    val floor = if (downstream != null && latencyS > 0) users / latencyS else Double.NaN
                    failures += level(
                        Workloads.FORWARD, variant, users, config, args, "/api/forward", expected, null, profile, load, floor,
                        tag = "p$effectivePool",
                    )
                }
            }
            return failures
        }
    }

    /** The downstream alone, at [users] (several times forward's): what it can answer, to show it is never the bottleneck. */
    private fun downstreamAlone(d: ServerProcess, payload: String, expected: String, users: Int, load: JmeterProfile): Int = try {
        val config = "latencyMs=${o.downstreamLatencyMs} alone"
        if (ResultRow.keyOf(ResultRow.routeOf("downstream", Workloads.FORWARD, "downstream", "reactive", config), users, 1) in done) {
            0
        } else {
            ResourceSampler(d.pid).use { sampler ->
                val url = "${d.baseUrl}/orders"
                load.run(url, expected, minOf(users, 50), Duration.ZERO, 5, "downstream-warmup", payload)
                val loops = loopsFor(load.run(url, expected, users, Duration.ZERO, 3, "downstream-calibrate", payload).rps, users)
                System.err.println("== forward downstream alone: $users users, ${o.rampUpSeconds} s ramp-up, $loops loops")
                val m = ProfileMeasurement.of(d.pid, sampler) {
                    load.run(url, expected, users, Duration.ofSeconds(o.rampUpSeconds), loops, "downstream", payload)
                }
                val latencyS = o.downstreamLatencyMs / 1000.0
                val row = m.toRow(
                    "downstream", Workloads.FORWARD, "downstream", "reactive", users, o.downstreamLatencyMs,
                    if (latencyS > 0) users / latencyS else Double.NaN, Workloads.FORWARD, config,
                    Apdex.of(m.result.ok, m.result.samples, apdexT, apdexF),
                )
                run.append(row)
                run.append(row.key, m.result.latency)
                report(m)
                0
            }
        }
    } catch (e: Exception) {
        run.append(
            Failure(
                "downstream",
                Workloads.FORWARD,
                "downstream",
                "reactive",
                "load",
                e.message?.lineSequence()?.first()
                    ?: e.toString(),
            ),
        )
        System.err.println("pssr: the downstream alone failed: ${e.message}; the run goes on")
        1
    }

    /** Loops that make [users] users take about the time budget at [rps], within 1..the paper's 10,000 (or exactly --api-loops). */
    private fun loopsFor(rps: Double, users: Int): Int = o.loops ?: (o.budgetSeconds * rps / users).toInt().coerceIn(1, PAPER_LOOPS)

    private fun level(
        workload: String,
        variant: String,
        users: Int,
        config: String,
        args: List<String>,
        path: String,
        expected: String,
        post: String?,
        profile: LoadProfile,
        load: JmeterProfile,
        floorRps: Double,
        tag: String = "",
    ): Int {
        val label = "$variant${if (tag.isEmpty()) "" else "-$tag"}"
        val (framework, approach) = names(variant)
        val key = ResultRow.keyOf(ResultRow.routeOf(framework, workload, variant, approach, config), users, 1)
        if (key in done) {
            System.err.println("== $workload $label: $users users already measured (resumed run)")
            return 0
        }
        return try {
            WorkloadServer.start(workload, launch, args, run.logs, "$workload-$label-u$users").use { server ->
                ResourceSampler(server.pid).use { sampler ->
                    val first = StreamProbe.get("127.0.0.1", server.port, path, timeout = Duration.ofSeconds(30))
                    // a wrong 200 means this server is broken: no row. An error status (a downstream down, too slow, failing) is
                    // what the profile then counts by kind, so it is reported, not refused.
                    check(first.status != 200 || first.body == expected) {
                        "GET $path answered 200 with another body than expected: ${first.body.take(200)}"
                    }
                    if (first.status != 200) {
                        System.err.println("   GET $path answered ${first.status}: ${first.body.lineSequence().first().take(200)}")
                    }
                    val url = "${server.baseUrl}$path"
                    // the server's own account of every tuning setting, kept for the report's settings table
                    Files.createDirectories(run.dir.resolve("routes"))
                    Files.writeString(
                        run.dir.resolve("routes/$workload-$label.json"),
                        StreamProbe.get("127.0.0.1", server.port, "/routes", timeout = Duration.ofSeconds(10)).body,
                    )
                    // warm-up, discarded: compiles the hot path and opens the pools; then the same again, warm, measures the rate
                    // the budget's loops are sized by (a cold warm-up underestimates it by half or more)
                    load.run(url, expected, minOf(users, 100), Duration.ZERO, WARMUP_LOOPS, "warmup", post)
                    val loops = loopsFor(
                        load.run(url, expected, minOf(users, 100), Duration.ZERO, WARMUP_LOOPS, "calibrate", post).rps,
                        users,
                    )
                    System.err.println("== $workload $label: $users users, ${profile.rampUpSeconds} s ramp-up, $loops loops ($config)")
                    val m = ProfileMeasurement.of(server.pid, sampler) {
                        load.run(url, expected, users, Duration.ofSeconds(profile.rampUpSeconds), loops, label, post)
                    }
                    val row = m.toRow(
                        framework, workload, variant, approach, users,
                        if (workload == Workloads.FORWARD) o.downstreamLatencyMs else 0, floorRps,
                        workload, config, Apdex.of(m.result.ok, m.result.samples, apdexT, apdexF),
                    )
                    run.append(row)
                    run.append(row.key, m.result.latency)
                    report(m)
                }
            }
            0
        } catch (e: Exception) {
            if (e is UsageError) throw e
            run.append(
                Failure(
                    framework,
                    workload,
                    variant,
                    approach,
                    "load",
                    "${e.message?.lineSequence()?.first()} ($config, $users users)",
                    key,
                ),
            )
            System.err.println("pssr: $workload $label at $users users failed: ${e.message}; the run goes on")
            1
        }
    }

    private fun report(m: ProfileMeasurement) {
        val r = m.result
        System.err.println(
            "   ${r.samples} requests, ${Fmt.fixed(r.rps, 1)} req/s, mean ${Fmt.fixed(r.meanMs, 1)} ms, " +
                "Apdex ${Apdex.of(r.ok, r.samples, apdexT, apdexF)}, " +
                "errors ${Fmt.fixed(100.0 * r.errors.total / r.samples.coerceAtLeast(1), 2)}% (${r.errors}), " +
                "server CPU ${Fmt.fixed(m.serverCpuUsPerRequest, 0)} µs/request",
        )
    }

    private fun names(variant: String): Pair<String, String> = when (variant) {
        "mvc" -> "mvc" to "platform"
        "mvc-virtual" -> "mvc" to "virtual"
        else -> "webflux" to "reactive"
    }

    /** The settings a row was measured under (the report reads clientPool from it). */
    private fun config(variant: String, clientPool: Int?): String = buildList {
        if (variant.startsWith("mvc")) {
            add("tomcatMaxThreads=${o.servers.maxThreads}")
            add("acceptCount=${o.servers.tomcatAcceptCount}")
            if (clientPool == null) {
                add("hikari=${o.servers.hikariMax}/${o.servers.hikariMinIdle}")
                if (variant == "mvc") add("executor=${o.servers.executorSizes.joinToString("/")}")
            }
        } else {
            add("eventLoops=${o.servers.eventLoops}")
            if (clientPool == null) add("r2dbcPool=${o.servers.r2dbcPoolSize}")
        }
        if (clientPool != null) {
            add("clientPool=$clientPool")
            add("clientTimeoutMs=${o.clientResponseTimeoutMs}")
        } else {
            add("rows=${o.productRows}")
            add("pageSize=${o.pageSize}")
        }
    }.joinToString(" ")

    companion object {
        /** Seed 004's loop count, the most a budgeted profile runs. */
        const val PAPER_LOOPS = 10_000
        const val WARMUP_LOOPS = 20
    }
}

/** The downstream service: the servers/api jar in its downstream role, a server JVM like any other (stopped by PID). */
object Downstream {
    fun start(launch: ServerLaunch, latencyMs: Long, run: RunDirectory, failStatus: Int = 0): ServerProcess = WorkloadServer.start(
        Workloads.FORWARD,
        launch.copy(heapMax = "512m"),
        listOf("--pssr.api.role=downstream", "--pssr.downstream.latency-ms=$latencyMs", "--pssr.downstream.fail-status=$failStatus"),
        run.logs,
        "downstream",
    )
}
