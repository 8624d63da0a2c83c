package pssr.servers.students

import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration
import org.springframework.context.annotation.Import
import pssr.servers.spring.SpringServer

/**
 * Seed 003's student portal: `GET /api/students` returns a page of the students table as JSON, in one of
 * four variants chosen at launch ([Variant]). One jar, so every variant runs the same SQL and writes the
 * same bytes; only the thread model and the access layer differ.
 *
 * Boot's own DataSource and R2DBC auto-configuration is off: [StudentsConfig] builds exactly the pool the
 * variant needs, with every size and timeout from a named setting.
 */
@SpringBootApplication(
    proxyBeanMethods = false,
    exclude = [ErrorMvcAutoConfiguration::class],
    // Boot 4's DataSource and R2DBC auto-configuration live in spring-boot-jdbc and spring-boot-r2dbc, which this jar does not
    // bring: named, not imported, so that they stay off should a dependency bring them (a name not on the classpath is ignored)
    excludeName = [
        "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
        "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration",
    ],
)
@Import(SpringServer::class)
class StudentsServer

/** The four servers seed 003 compares (and the two it left out). */
enum class Variant(val id: String, val framework: String, val threads: String, val access: String) {
    MVC_PLATFORM("mvc-platform", "mvc", "platform", "jdbc"),
    MVC_VIRTUAL("mvc-virtual", "mvc", "virtual", "jdbc"),
    MVC_VIRTUAL_R2DBC("mvc-virtual-r2dbc", "mvc", "virtual", "r2dbc"),
    WEBFLUX_R2DBC("webflux-r2dbc", "webflux", "reactive", "r2dbc"),
    ;

    val reactive: Boolean get() = framework == "webflux"

    companion object {
        fun of(id: String): Variant = entries.firstOrNull { it.id == id }
            ?: throw IllegalArgumentException("unknown pssr.students.variant '$id'; valid: ${entries.joinToString(", ") { it.id }}")
    }
}

/** A server that cannot start (port in use or out of range, a bad setting) says why in one line and exits 2. */
fun main(args: Array<String>) = SpringServer.start("students", args, StudentsServer::class.java) {
    val variant = Variant.of(SpringServer.arg(args, "pssr.students.variant") ?: "mvc-platform")
    // The thread model is the variant: Tomcat's request threads are virtual only for mvc-virtual*.
    SpringServer.Stack(variant.framework, virtualThreads = variant.threads == "virtual")
}
