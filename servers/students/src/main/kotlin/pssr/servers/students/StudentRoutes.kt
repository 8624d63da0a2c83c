package pssr.servers.students

import org.springframework.boot.tomcat.autoconfigure.TomcatServerProperties
import pssr.servers.spring.SpringServer

/**
 * `GET /routes` of a students server: one entry per I/O placement, each with `"workload":"students"` and
 * every pool size and timeout that decides how the variant fails under load (the database password is not printed).
 * [tomcat]: Boot's `server.tomcat.*`, asked for only by the mvc variants (Boot binds them where Tomcat serves).
 */
class StudentRoutes(private val s: StudentSettings, tomcat: () -> TomcatServerProperties) {
    val settings: Map<String, Any> = buildMap {
        put("server", SpringServer.describe(s.variant.reactive))
        put("variant", s.variant.id)
        put("threads", s.variant.threads)
        put("access", s.variant.access)
        put("ioDelayMs", s.ioDelayMs)
        put("ioDefault", s.io)
        put("pageSize", s.pageSize)
        put("db", "postgresql://${s.dbHost}:${s.dbPort}/${s.dbName} as ${s.dbUser}")
        put("dbConnectTimeoutMs", s.connectTimeoutMs)
        if (s.variant.access == "jdbc") {
            put("jdbcPool", "HikariCP, fixed size")
            put("jdbcPoolSize", s.jdbcPoolSize)
            put("jdbcConnectionTimeoutMs", s.jdbcConnectionTimeoutMs)
        } else {
            put("r2dbcPool", "r2dbc-pool, initial = max")
            put("r2dbcPoolSize", s.r2dbcPoolSize)
            put("r2dbcAcquireTimeoutMs", s.r2dbcAcquireTimeoutMs)
        }
        if (!s.variant.reactive) {
            val t = tomcat()
            put("tomcatMaxThreads", t.threads.max)
            put("tomcatMinSpareThreads", t.threads.minSpare)
            put("tomcatAcceptCount", t.acceptCount)
            put("tomcatMaxConnections", t.maxConnections)
            put("tomcatConnectionTimeoutMs", t.connectionTimeout?.toMillis() ?: -1)
            put("tomcatKeepAliveTimeoutMs", t.keepAliveTimeout?.toMillis() ?: -1)
            put("tomcatMaxKeepAliveRequests", t.maxKeepAliveRequests)
            put(
                "requestThreads",
                if (s.variant.threads == "virtual") {
                    "a virtual thread per request (spring.threads.virtual.enabled)"
                } else {
                    "Tomcat's platform worker pool"
                },
            )
        }
        put("jdk", Runtime.version().toString())
    }

    val json: String = StudentSettings.IO.joinToString(",\n", "[\n", "\n]\n") { io ->
        """{"framework":"${s.variant.framework}","workload":"students","variant":"${s.variant.id}","approach":"${s.variant.threads}",""" +
            """"access":"${s.variant.access}","io":"$io","path":"/api/students?io=$io","settings":${obj(settings)}}"""
    }

    private fun obj(m: Map<String, Any>): String = m.entries.joinToString(",", "{", "}") { (k, v) ->
        "\"$k\":" + if (v is Number) v.toString() else "\"" + v.toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\""
    }
}
