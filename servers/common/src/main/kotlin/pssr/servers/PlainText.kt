package pssr.servers

/** The one-line plain-text answers every server gives when there is no page (404, 405, 400). */
object PlainText {
    const val CONTENT_TYPE = "text/plain;charset=UTF-8"
    const val HTML_CONTENT_TYPE = "text/html;charset=UTF-8"

    /** [message] as the body of a one-line answer: newlines folded, one at the end. */
    fun line(message: String): String = message.replace('\n', ' ') + "\n"

    fun noSuchPath(path: String): String = "no page at $path; pages are GET /{model}/{engine}/{approach}, listed by GET /routes"

    /** 405: a page path asked with another method. */
    fun methodNotAllowed(method: String, path: String): String =
        "method $method not allowed on $path; pages answer GET only (list them with GET /routes)"
}
