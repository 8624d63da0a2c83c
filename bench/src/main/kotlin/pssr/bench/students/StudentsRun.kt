package pssr.bench.students

import pssr.bench.console.Fmt
import pssr.bench.console.UsageError
import pssr.bench.db.StudentDatabase
import pssr.bench.measure.ErrorKinds
import pssr.bench.measure.JmeterProfile
import pssr.bench.measure.ProfileMeasurement
import pssr.bench.measure.ResourceSampler
import pssr.bench.process.ServerLaunch
import pssr.bench.process.Stopping
import pssr.bench.process.WorkloadServer
import pssr.bench.project.Workloads
import pssr.bench.results.Failure
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import pssr.bench.results.toRow
import pssr.model.students.Students
import pssr.probe.StreamProbe
import java.nio.file.Path
import java.time.Duration

/**
 * `./pssr run --workloads students`: one PostgreSQL for the whole run (embedded unless --db-url), seeded once;
 * then for every variant x I/O placement x Tomcat thread count x user level a fresh server JVM, a short
 * warm-up, and seed 003's JMeter profile, written as a `students` row of results.csv.
 */
class StudentsRun(
    private val run: RunDirectory,
    private val o: StudentsOptions,
    private val levels: List<Int>,
    private val launch: ServerLaunch,
    /** Called when a level's load starts (tests kill the database here). */
    private val onLoad: (StudentDatabase) -> Unit = {},
) {
    private val load = JmeterProfile(
        Duration.ofSeconds(o.responseTimeoutSeconds),
        run.dir.resolve("jtl"),
        "students",
        ErrorKinds.Companion.StatusKinds.STUDENTS,
    )

    companion object {
        /** Seed 003's load: 2,000 users. */
        val DEFAULT_USERS = listOf(2000)

        /** The database the options ask for: an external one reached and logged into now (or a [pssr.bench.console.UsageError]), else an
         * embedded one. */
        fun open(o: StudentsOptions): StudentDatabase = o.dbUrl?.let { StudentDatabase.external(it) }
            ?: StudentDatabase.embedded(Path.of(System.getProperty("java.io.tmpdir")))
    }

    /** Returns the number of failures (levels without a row). A resumed run skips the levels that already have a row. */
    fun execute(db: StudentDatabase): Int {
        var failures = 0
        val done = run.rows().map { it.key }.toSet()
        System.err.println("== students: ${db.description}, seeding ${o.rows} rows")
        db.seed(o.rows)
        val expected = Students.toJson(Students.expectedPage(o.rows, 0, Students.DEFAULT_PAGE_SIZE))
        fun threadCounts(variant: String) = if (variant.startsWith("mvc")) o.tomcatMaxThreads else listOf(0)
        val cases = o.variants.flatMap { v -> o.io.flatMap { io -> threadCounts(v).map { Triple(v, io, it) } } }
        for ((variant, io, threads) in cases) {
            for (users in levels) {
                Stopping.check() // no further level once a stop signal came
                val config = config(variant, threads)
                val label = "$variant-$io" + (if (threads > 0) "-t$threads" else "")
                val (fw, model, engine, approach) = names(variant, io)
                val key = ResultRow.keyOf(ResultRow.routeOf(fw, model, engine, approach, config), users, 1)
                if (key in done) {
                    System.err.println("== students $label: $users users already measured (resumed run)")
                    continue
                }
                System.err.println("== students $label: $users users, ${o.rampUpSeconds} s ramp-up, ${o.loops} loops ($config)")
                Stopping.position = "students $label at $users users"
                try {
                    WorkloadServer.start(
                        Workloads.STUDENTS,
                        launch,
                        serverArgs(db, variant, io, threads),
                        run.logs,
                        "$label-u$users",
                    ).use { server ->
                        ResourceSampler(server.pid).use { sampler ->
                            val url = "http://127.0.0.1:${server.port}/api/students?page=0&io=$io"
                            val first = StreamProbe.get(
                                "127.0.0.1",
                                server.port,
                                "/api/students?page=0&io=$io",
                                timeout = Duration.ofSeconds(30),
                            )
                            check(first.status == 200 && first.body == expected) {
                                "GET /api/students answered ${first.status}, not the seeded page: ${first.body.take(200)}"
                            }
                            // warm-up, discarded: opens the pools and compiles the hot path; a tenth of the profile's users, no ramp
                            load.run(url, expected, maxOf(1, minOf(users / 10, 100)), Duration.ZERO, 2, "warmup")
                            onLoad(db)
                            val m = ProfileMeasurement.of(server.pid, sampler) { load.run(url, expected, users, o.rampUp, o.loops, label) }
                            val r = m.result
                            val row = m.toRow(
                                fw, model, engine, approach, users, o.ioDelayMs, bound(variant, io, users), Workloads.STUDENTS,
                                config,
                            )
                            run.append(row)
                            run.append(row.key, r.latency)
                            val errorsPct = Fmt.fixed(100.0 * r.errors.total / r.samples.coerceAtLeast(1), 2)
                            System.err.println(
                                "   ${r.samples} requests, mean ${Fmt.fixed(r.meanMs, 0)} ms, errors $errorsPct% (${r.errors}), " +
                                    "${Fmt.fixed(
                                        r.samples / r.seconds,
                                        1,
                                    )} req/s (JMeter), ${Fmt.fixed(r.correct / r.seconds, 1)} correct/s",
                            )
                        }
                    }
                } catch (e: Exception) {
                    if (e is UsageError) throw e
                    Stopping.check() // the stop, not a failure
                    failures++
                    run.append(
                        Failure(fw, model, engine, approach, "load", "${e.message?.lineSequence()?.first()} ($config, $users users)", key),
                    )
                    System.err.println("pssr: students $label at $users users failed: ${e.message}; the run goes on")
                }
            }
        }
        dropStaleFailures()
        return failures
    }

    /** Failures of levels that now have a row (a resumed run measured them) are no longer true. */
    private fun dropStaleFailures() {
        val old = run.failures()
        val measured = run.rows().map { it.key }.toSet()
        val keep = old.filter { it.key.isEmpty() || it.key !in measured }
        if (keep.size != old.size) run.rewriteFailures(keep)
    }

    private fun names(variant: String, io: String): List<String> {
        val (fw, threads, access) = when (variant) {
            "mvc-platform" -> Triple("mvc", "platform", "jdbc")
            "mvc-virtual" -> Triple("mvc", "virtual", "jdbc")
            "mvc-virtual-r2dbc" -> Triple("mvc", "virtual", "r2dbc")
            else -> Triple("webflux", "reactive", "r2dbc")
        }
        return listOf(fw, "students-$io", access, threads)
    }

    private fun pool(variant: String) = if (variant.endsWith("r2dbc")) o.r2dbcPoolSize else o.jdbcPoolSize

    /** The settings a row was measured under, in one readable string (the report groups by it). */
    private fun config(variant: String, threads: Int): String = buildList {
        if (threads > 0) {
            add("tomcatMaxThreads=$threads")
            add("acceptCount=${o.tomcatAcceptCount}")
            add("maxConnections=${o.tomcatMaxConnections}")
        }
        add("pool=${pool(variant)}")
        add("poolTimeoutMs=${o.poolTimeoutMs}")
        add("clientTimeoutS=${o.responseTimeoutSeconds}")
    }.joinToString(" ")

    private fun serverArgs(db: StudentDatabase, variant: String, io: String, threads: Int): List<String> = db.address.serverArgs() + listOf(
        "--pssr.students.variant=$variant", "--pssr.students.io=$io", "--pssr.students.io-delay-ms=${o.ioDelayMs}",
        "--pssr.jdbc.pool-size=${o.jdbcPoolSize}", "--pssr.jdbc.connection-timeout-ms=${o.poolTimeoutMs}",
        "--pssr.r2dbc.pool-size=${o.r2dbcPoolSize}", "--pssr.r2dbc.acquire-timeout-ms=${o.poolTimeoutMs}",
        "--pssr.tomcat.max-threads=${if (threads > 0) threads else 200}", "--pssr.tomcat.accept-count=${o.tomcatAcceptCount}",
        "--pssr.tomcat.max-connections=${o.tomcatMaxConnections}", "--pssr.tomcat.connection-timeout-ms=${o.tomcatConnectionTimeoutMs}",
    )

    /**
     * The best the profile allows: [users] x loops requests, the last user starting (users - 1) / users of the
     * ramp after the first (JMeter spaces starts evenly) and then needing loops x the I/O delay, so no run can
     * end sooner; with the I/O in the
     * database each request also holds one of `pool` connections for the delay.
     */
    fun bound(variant: String, io: String, users: Int): Double {
        val delayS = o.ioDelayMs / 1000.0
        val profile = users.toDouble() * o.loops / (o.rampUpSeconds * (users - 1.0) / users + o.loops * delayS)
        return if (io == "db" && delayS > 0) minOf(profile, pool(variant) / delayS) else profile
    }
}
