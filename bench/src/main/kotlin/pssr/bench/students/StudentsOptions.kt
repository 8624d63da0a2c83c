package pssr.bench.students

import picocli.CommandLine.Option
import pssr.bench.console.Durations
import pssr.bench.console.HelpSection
import pssr.bench.console.UsageError
import java.time.Duration

/** The four variants of the students server (servers/students), by the names its `pssr.students.variant` takes. */
val VARIANTS = listOf("mvc-platform", "mvc-virtual", "mvc-virtual-r2dbc", "webflux-r2dbc")

/**
 * `./pssr run --workloads students` options. Defaults are seed 003's profile (2,000 users, 30 s ramp-up,
 * 10 loops, 300 ms of I/O in the application) and the frameworks' own defaults for every pool and timeout,
 * stated so they are reported.
 */
class StudentsOptions : HelpSection {
    override val heading = "Students workload (seed 003; docs/STUDENTS.md)"

    @Option(
        names = ["--db-url"],
        paramLabel = "URL",
        description = [
            "students: an external PostgreSQL, " +
                "postgresql://user:password@host:5432/db (default: an embedded one started and removed by pssr)",
        ],
    )
    var dbUrl: String? = null

    @Option(
        names = ["--student-rows"],
        paramLabel = "N",
        description = ["students: rows seeded into the students table (default \${DEFAULT-VALUE})"],
    )
    var rows: Int = 1000

    @Option(
        names = ["--variants"],
        split = ",",
        paramLabel = "NAME",
        description = ["students: server variants (default all: mvc-platform, mvc-virtual, mvc-virtual-r2dbc, webflux-r2dbc)"],
    )
    var variants: List<String> = VARIANTS

    @Option(
        names = ["--io"],
        split = ",",
        paramLabel = "WHERE",
        description = [
            "students: where the I/O delay happens: app (sleep / timer, as the paper), db (pg_sleep in the query) (default app)",
        ],
    )
    var io: List<String> = listOf("app")

    @Option(
        names = ["--io-delay"],
        paramLabel = "MS",
        description = ["students: the simulated I/O in milliseconds (default \${DEFAULT-VALUE}, the paper's)"],
    )
    var ioDelayMs: Long = 300

    @Option(
        names = ["--ramp-up"],
        paramLabel = "DURATION",
        description = ["students: JMeter ramp-up (default \${DEFAULT-VALUE}, the paper's)"],
    )
    var rampUpText: String = "30s"
    val rampUpSeconds: Long get() = Durations.seconds("--ramp-up", rampUpText, 0, 3600).seconds

    @Option(
        names = ["--loops"],
        paramLabel = "N",
        description = ["students: requests per user (JMeter loop count, default \${DEFAULT-VALUE}, the paper's)"],
    )
    var loops: Int = 10

    @Option(
        names = ["--jdbc-pool-size"],
        paramLabel = "N",
        description = ["students: HikariCP pool size (default \${DEFAULT-VALUE}, Hikari's)"],
    )
    var jdbcPoolSize: Int = 10

    @Option(
        names = ["--r2dbc-pool-size"],
        paramLabel = "N",
        description = ["students: r2dbc-pool size (default \${DEFAULT-VALUE}, r2dbc-pool's)"],
    )
    var r2dbcPoolSize: Int = 10

    @Option(
        names = ["--pool-timeout"],
        paramLabel = "MS",
        description = ["students: how long a request waits for a pooled connection, both pools (default \${DEFAULT-VALUE}, Hikari's)"],
    )
    var poolTimeoutMs: Long = 30000

    @Option(
        names = ["--tomcat-max-threads"],
        split = ",",
        paramLabel = "N",
        description = ["students: Tomcat worker threads for the mvc variants; several values sweep them (default 200, Boot's)"],
    )
    var tomcatMaxThreads: List<Int> = listOf(200)

    @Option(
        names = ["--tomcat-accept-count"],
        paramLabel = "N",
        description = ["students: Tomcat accept queue (default \${DEFAULT-VALUE}, Boot's)"],
    )
    var tomcatAcceptCount: Int = 100

    @Option(
        names = ["--tomcat-max-connections"],
        paramLabel = "N",
        description = ["students: Tomcat max connections (default \${DEFAULT-VALUE}, Boot's)"],
    )
    var tomcatMaxConnections: Int = 8192

    @Option(
        names = ["--tomcat-connection-timeout"],
        paramLabel = "MS",
        description = ["students: Tomcat connection timeout (default \${DEFAULT-VALUE}, Boot's)"],
    )
    var tomcatConnectionTimeoutMs: Long = 20000

    @Option(
        names = ["--response-timeout"],
        paramLabel = "DURATION",
        description = ["students: JMeter connect and response timeout (default \${DEFAULT-VALUE}; JMeter's own default is none)"],
    )
    var responseTimeoutText: String = "60s"
    val responseTimeoutSeconds: Long get() = Durations.seconds("--response-timeout", responseTimeoutText, 1, 3600).seconds

    /** Everything checked before a database or server is started; a mistake is one line (exit 2). */
    fun validate() {
        for (v in variants) if (v !in VARIANTS) throw UsageError("unknown --variants '$v'; valid variants: ${VARIANTS.joinToString(", ")}")
        for (w in io) if (w !in listOf("app", "db")) throw UsageError("unknown --io '$w'; valid: app, db")
        UsageError.requireIn("--student-rows", rows.toLong(), 1, 10_000_000)
        UsageError.requireIn("--io-delay", ioDelayMs, 0, 60_000)
        // the duration options: each getter parses and checks its option (Durations)
        for (duration in listOf(::rampUpSeconds, ::responseTimeoutSeconds)) duration.get()
        UsageError.requireIn("--loops", loops.toLong(), 1, 100_000)
        UsageError.requireIn("--jdbc-pool-size", jdbcPoolSize.toLong(), 1, 10_000)
        UsageError.requireIn("--r2dbc-pool-size", r2dbcPoolSize.toLong(), 1, 10_000)
        UsageError.requireIn("--pool-timeout", poolTimeoutMs, 250, 600_000)
        for (t in tomcatMaxThreads) UsageError.requireIn("--tomcat-max-threads", t.toLong(), 1, 100_000)
        UsageError.requireIn("--tomcat-accept-count", tomcatAcceptCount.toLong(), 1, 100_000)
        UsageError.requireIn("--tomcat-max-connections", tomcatMaxConnections.toLong(), 1, 1_000_000)
        UsageError.requireIn("--tomcat-connection-timeout", tomcatConnectionTimeoutMs, 1, 600_000)
    }

    val rampUp: Duration get() = Duration.ofSeconds(rampUpSeconds)

    /** For environment.json (and a --resume's comparison). */
    fun asMap(): Map<String, Any?> = mapOf(
        "studentsDb" to (if (dbUrl == null) "embedded" else "external"), "studentRows" to rows,
        "studentVariants" to variants, "studentIo" to io, "studentIoDelayMs" to ioDelayMs, "studentRampUpS" to rampUpSeconds,
        "studentLoops" to loops,
        "jdbcPoolSize" to jdbcPoolSize, "r2dbcPoolSize" to r2dbcPoolSize, "poolTimeoutMs" to poolTimeoutMs,
        "tomcatMaxThreads" to tomcatMaxThreads,
        "tomcatAcceptCount" to tomcatAcceptCount, "tomcatMaxConnections" to tomcatMaxConnections,
        "tomcatConnectionTimeoutMs" to tomcatConnectionTimeoutMs,
        "studentResponseTimeoutS" to responseTimeoutSeconds,
    )
}
