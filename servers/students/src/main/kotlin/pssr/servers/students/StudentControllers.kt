package pssr.servers.students

import org.slf4j.LoggerFactory
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController
import pssr.model.students.Students
import reactor.core.publisher.Mono
import java.time.Duration

/** `?page=&size=&io=` checked the same way by both stacks; a bad value is a one-line 400. */
data class StudentQuery(val page: Int, val size: Int, val io: String) {
    companion object {
        fun parse(page: String?, size: String?, io: String?, s: StudentSettings): Result<StudentQuery> {
            val p = page?.toIntOrNull() ?: if (page == null) 0 else -1
            val n = size?.toIntOrNull() ?: if (size == null) s.pageSize else -1
            val where = io ?: s.io
            return when {
                p !in 0..1_000_000 -> Result.failure(IllegalArgumentException("page must be an integer from 0, was '$page'"))

                n !in 1..Students.MAX_PAGE_SIZE -> Result.failure(
                    IllegalArgumentException("size must be 1..${Students.MAX_PAGE_SIZE}, was '$size'"),
                )

                where !in StudentSettings.IO -> Result.failure(
                    IllegalArgumentException("io must be one of ${StudentSettings.IO}, was '$io'"),
                )

                else -> Result.success(StudentQuery(p, n, where))
            }
        }
    }
}

private val JSON = MediaType.APPLICATION_JSON
private fun text(status: Int, line: String): ResponseEntity<String> =
    ResponseEntity.status(status).contentType(MediaType.TEXT_PLAIN).body(line + "\n")

/** Spring MVC: the request thread (platform or virtual, per variant) waits out the I/O and the query. */
@RestController
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class MvcStudents(private val repo: StudentRepository, private val s: StudentSettings, private val routes: StudentRoutes) {
    private val log = LoggerFactory.getLogger(MvcStudents::class.java)

    @GetMapping("/routes")
    fun routes(): ResponseEntity<String> = ResponseEntity.ok().contentType(JSON).body(routes.json)

    @GetMapping("/api/students")
    fun students(
        @RequestParam("page", required = false) page: String?,
        @RequestParam("size", required = false) size: String?,
        @RequestParam("io", required = false) io: String?,
    ): ResponseEntity<String> {
        val q = StudentQuery.parse(page, size, io, s).getOrElse { return text(400, it.message!!) }
        return try {
            if (q.io == "app") Thread.sleep(s.ioDelayMs) // the paper's Thread.sleep standing for I/O
            val rows = repo.pageBlocking(q.page, q.size, if (q.io == "db") s.ioDelayMs else 0)
            ResponseEntity.ok().contentType(JSON).body(Students.toJson(rows))
        } catch (e: Exception) {
            log.warn(DbFailure.line(e))
            text(DbFailure.status(e), DbFailure.line(e))
        }
    }
}

/** Spring WebFlux: nothing blocks; the app-side I/O is a timer delay, the query an R2DBC publisher. */
@RestController
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class WebfluxStudents(repo: StudentRepository, private val s: StudentSettings, private val routes: StudentRoutes) {
    private val log = LoggerFactory.getLogger(WebfluxStudents::class.java)
    private val r2dbc = repo as R2dbcStudents

    @GetMapping("/routes")
    fun routes(): Mono<ResponseEntity<String>> = Mono.just(ResponseEntity.ok().contentType(JSON).body(routes.json))

    @GetMapping("/api/students")
    fun students(
        @RequestParam("page", required = false) page: String?,
        @RequestParam("size", required = false) size: String?,
        @RequestParam("io", required = false) io: String?,
    ): Mono<ResponseEntity<String>> {
        val q = StudentQuery.parse(page, size, io, s).getOrElse { return Mono.just(text(400, it.message!!)) }
        val pause = if (q.io == "app") Mono.delay(Duration.ofMillis(s.ioDelayMs)).then() else Mono.empty()
        return pause.then(r2dbc.page(q.page, q.size, if (q.io == "db") s.ioDelayMs else 0))
            .map { ResponseEntity.ok().contentType(JSON).body(Students.toJson(it)) }
            .onErrorResume { e ->
                log.warn(DbFailure.line(e))
                Mono.just(text(DbFailure.status(e), DbFailure.line(e)))
            }
    }
}
