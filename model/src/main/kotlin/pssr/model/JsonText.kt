package pssr.model

/** A JSON string literal, the one escaping every hand-written JSON body of the API workloads uses. */
fun jsonString(s: String): String = buildString(s.length + 2) {
    append('"')
    for (c in s) when (c) {
        '"' -> append("\\\""); '\\' -> append("\\\\")
        else -> if (c < ' ') append("\\u%04x".format(c.code)) else append(c)
    }
    append('"')
}
