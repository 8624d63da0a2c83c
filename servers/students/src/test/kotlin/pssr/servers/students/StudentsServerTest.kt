package pssr.servers.students

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.springframework.boot.web.server.context.WebServerApplicationContext
import org.springframework.context.ConfigurableApplicationContext
import pssr.model.students.Students
import pssr.servers.spring.SpringServer
import pssr.testkit.ChildProcesses
import java.net.InetAddress
import java.net.ServerSocket
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path

/**
 * Every variant over real HTTP against a real PostgreSQL (embedded, seeded with the harness's table): the
 * same JSON bytes from all four, for both I/O placements, and the I/O taking its time once per request.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StudentsServerTest {
    private val dir = Files.createTempDirectory("pssr-students-test-")
    private lateinit var pg: EmbeddedPostgres
    private val rows = 1000
    private val http = HttpClient.newHttpClient()

    @BeforeAll
    fun database() {
        pg = EmbeddedPostgres.builder().setOverrideWorkingDirectory(dir.resolve("bin").toFile()).setDataDirectory(dir.resolve("data"))
            .setCleanDataDirectory(true).setServerConfig("listen_addresses", "127.0.0.1").start()
        pg.postgresDatabase.connection.use { c ->
            c.createStatement().use {
                it.execute("CREATE ROLE pssr LOGIN PASSWORD 'pssr'")
                it.execute("GRANT ALL ON SCHEMA public TO pssr")
            }
            Students.seed(c, rows)
        }
        pg.postgresDatabase.connection.use { c -> c.createStatement().use { it.execute("ALTER TABLE students OWNER TO pssr") } }
    }

    @AfterAll
    fun stop() {
        pg.close()
        dir.toFile().deleteRecursively()
    }

    private fun start(variant: Variant, vararg extra: String): ConfigurableApplicationContext = SpringServer.application(
        StudentsServer::class.java,
        SpringServer.Stack(
            variant.framework,
            virtualThreads =
            variant.threads == "virtual",
        ),
    ).run(
        "--server.port=0",
        "--pssr.students.variant=${variant.id}",
        "--pssr.db.port=${pg.port}",
        "--pssr.students.io-delay-ms=300",
        *extra,
    )

    private fun get(ctx: ConfigurableApplicationContext, path: String): HttpResponse<String> {
        val port = (ctx as WebServerApplicationContext).webServer!!.port
        return http.send(HttpRequest.newBuilder(URI("http://127.0.0.1:$port$path")).build(), HttpResponse.BodyHandlers.ofString())
    }

    /**
     * A port another process holds: one line and exit code 2, both when the early check finds it and when Spring meets it
     * itself (the check off), never Spring's "APPLICATION FAILED TO START".
     */
    @Test
    fun `a port already in use is one line and exit code 2`() {
        ServerSocket(0, 50, InetAddress.getByName("127.0.0.1")).use { taken ->
            for (check in listOf("true", "false")) {
                val builder = ProcessBuilder(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dpssr.port-check=$check",
                    "-cp",
                    System.getProperty("java.class.path"),
                    "pssr.servers.students.StudentsServerKt",
                    "--server.port=${taken.localPort}",
                    "--pssr.db.port=${pg.port}",
                )
                val (code, out) = ChildProcesses.runToExit(builder)
                val lines = ChildProcesses.failureLines(out)
                assertEquals(2, code, "check $check: ${out.joinToString("\n")}")
                assertEquals(1, lines.size, "check $check: ${lines.joinToString("\n")}")
                assertTrue(lines.single().contains("port ${taken.localPort} is already in use"), lines.single())
            }
        }
    }

    @Test
    fun `every variant returns the same page of students as JSON, for both I-O placements`() {
        val expected = Students.toJson(Students.expectedPage(rows, 2, 20))
        for (variant in Variant.entries) {
            start(variant).use { ctx ->
                for (io in listOf("app", "db")) {
                    val started = System.nanoTime()
                    val r = get(ctx, "/api/students?page=2&io=$io")
                    val ms = (System.nanoTime() - started) / 1_000_000
                    assertEquals(200, r.statusCode(), "${variant.id} io=$io: ${r.body()}")
                    assertEquals(expected, r.body(), "${variant.id} io=$io")
                    // 300 ms of I/O, once per request (pg_sleep must not run per row: 20 rows would take 6 s)
                    assertTrue(ms in 300..2500, "${variant.id} io=$io took $ms ms")
                }
            }
        }
    }

    @Test
    fun `routes list the students workload with every pool size and timeout`() {
        start(Variant.MVC_PLATFORM, "--pssr.jdbc.pool-size=7").use { ctx ->
            val body = get(ctx, "/routes").body()
            assertTrue(body.contains("\"workload\":\"students\""), body)
            assertTrue(body.contains("\"path\":\"/api/students?io=db\""), body)
            for (key in listOf(
                "\"jdbcPoolSize\":7",
                "jdbcConnectionTimeoutMs",
                "tomcatMaxThreads",
                "tomcatAcceptCount",
                "tomcatConnectionTimeoutMs",
            )) {
                assertTrue(body.contains(key), "$key missing in $body")
            }
            assertTrue(!body.contains("password", ignoreCase = true), "no password in /routes: $body")
        }
        start(Variant.WEBFLUX_R2DBC).use { ctx ->
            val body = get(ctx, "/routes").body()
            for (key in listOf("r2dbcPoolSize", "r2dbcAcquireTimeoutMs")) assertTrue(body.contains(key), "$key missing in $body")
        }
    }

    @Test
    fun `a bad page size is a one-line 400`() {
        start(Variant.MVC_VIRTUAL).use { ctx ->
            val r = get(ctx, "/api/students?size=0")
            assertEquals(400, r.statusCode())
            assertEquals(1, r.body().trim().lines().size, r.body())
        }
    }
}
