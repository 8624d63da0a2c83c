package pssr.servers.students

import com.zaxxer.hikari.HikariConfig
import com.zaxxer.hikari.HikariDataSource
import io.r2dbc.pool.ConnectionPool
import io.r2dbc.pool.ConnectionPoolConfiguration
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration
import io.r2dbc.postgresql.PostgresqlConnectionFactory
import org.springframework.beans.factory.ObjectProvider
import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.tomcat.autoconfigure.TomcatServerProperties
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import pssr.model.students.Students
import java.time.Duration

/** Every setting that shapes a students measurement, read once; printed by `GET /routes`. */
data class StudentSettings(
    val variant: Variant,
    val io: String,
    val ioDelayMs: Long,
    val pageSize: Int,
    val dbHost: String,
    val dbPort: Int,
    val dbName: String,
    val dbUser: String,
    val dbPassword: String,
    val connectTimeoutMs: Long,
    val jdbcPoolSize: Int,
    val jdbcConnectionTimeoutMs: Long,
    val r2dbcPoolSize: Int,
    val r2dbcAcquireTimeoutMs: Long,
) {
    init {
        require(io in IO) { "pssr.students.io must be one of $IO, was '$io'" }
        require(ioDelayMs in 0..60_000) { "pssr.students.io-delay-ms must be 0..60000, was $ioDelayMs" }
        require(pageSize in 1..Students.MAX_PAGE_SIZE) { "pssr.students.page-size must be 1..${Students.MAX_PAGE_SIZE}, was $pageSize" }
        require(jdbcPoolSize > 0) { "pssr.jdbc.pool-size must be > 0, was $jdbcPoolSize" }
        require(r2dbcPoolSize > 0) { "pssr.r2dbc.pool-size must be > 0, was $r2dbcPoolSize" }
        require(jdbcConnectionTimeoutMs >= 250) {
            "pssr.jdbc.connection-timeout-ms must be >= 250 (Hikari's minimum), was $jdbcConnectionTimeoutMs"
        }
        require(r2dbcAcquireTimeoutMs > 0) { "pssr.r2dbc.acquire-timeout-ms must be > 0, was $r2dbcAcquireTimeoutMs" }
    }

    companion object {
        val IO = listOf("app", "db")
    }
}

@Configuration(proxyBeanMethods = false)
class StudentsConfig {
    @Bean
    fun studentSettings(
        @Value("\${pssr.students.variant}") variant: String,
        @Value("\${pssr.students.io}") io: String,
        @Value("\${pssr.students.io-delay-ms}") ioDelayMs: Long,
        @Value("\${pssr.students.page-size}") pageSize: Int,
        @Value("\${pssr.db.host}") host: String,
        @Value("\${pssr.db.port}") port: Int,
        @Value("\${pssr.db.name}") name: String,
        @Value("\${pssr.db.user}") user: String,
        @Value("\${pssr.db.password}") password: String,
        @Value("\${pssr.db.connect-timeout-ms}") connectTimeoutMs: Long,
        @Value("\${pssr.jdbc.pool-size}") jdbcPool: Int,
        @Value("\${pssr.jdbc.connection-timeout-ms}") jdbcTimeout: Long,
        @Value("\${pssr.r2dbc.pool-size}") r2dbcPool: Int,
        @Value("\${pssr.r2dbc.acquire-timeout-ms}") r2dbcTimeout: Long,
    ) = StudentSettings(
        Variant.of(variant),
        io, ioDelayMs, pageSize, host, port, name, user, password, connectTimeoutMs, jdbcPool, jdbcTimeout, r2dbcPool, r2dbcTimeout,
    )

    /** Only the access layer the variant uses is built, so an unused pool never opens connections. */
    @Bean(destroyMethod = "close")
    fun studentRepository(s: StudentSettings): StudentRepository = when (s.variant.access) {
        "jdbc" -> JdbcStudents(
            HikariDataSource(
                HikariConfig().apply {
                    jdbcUrl = "jdbc:postgresql://${s.dbHost}:${s.dbPort}/${s.dbName}"
                    username = s.dbUser
                    password = s.dbPassword
                    maximumPoolSize = s.jdbcPoolSize
                    minimumIdle = s.jdbcPoolSize // a fixed pool, as Hikari recommends: the size is the size
                    connectionTimeout = s.jdbcConnectionTimeoutMs
                    poolName = "students-jdbc"
                    addDataSourceProperty("connectTimeout", (s.connectTimeoutMs / 1000).coerceAtLeast(1).toString())
                    // start even when the database is down: the harness checks it first, and a test stops it mid-run
                    initializationFailTimeout = -1
                },
            ),
        )

        else -> R2dbcStudents(
            ConnectionPool(
                ConnectionPoolConfiguration.builder(
                    PostgresqlConnectionFactory(
                        PostgresqlConnectionConfiguration.builder().host(s.dbHost).port(s.dbPort).database(s.dbName)
                            .username(s.dbUser).password(s.dbPassword).connectTimeout(Duration.ofMillis(s.connectTimeoutMs)).build(),
                    ),
                )
                    .name("students-r2dbc")
                    .initialSize(s.r2dbcPoolSize).maxSize(s.r2dbcPoolSize)
                    .maxAcquireTime(Duration.ofMillis(s.r2dbcAcquireTimeoutMs))
                    .build(),
            ),
        )
    }

    @Bean
    fun routes(s: StudentSettings, tomcat: ObjectProvider<TomcatServerProperties>): StudentRoutes = StudentRoutes(s) { tomcat.getObject() }
}
