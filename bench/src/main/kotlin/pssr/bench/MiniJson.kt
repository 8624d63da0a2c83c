package pssr.bench

/**
 * Just enough JSON to show `environment.json` as a table: parses objects, arrays, strings, numbers,
 * booleans and null; [flatten] turns nesting into dotted keys. The report treats the file as opaque
 * key/values written by the harness, so nothing here knows its fields.
 */
object MiniJson {
    class ParseError(message: String) : RuntimeException(message)

    fun parse(text: String): Any? {
        val p = Parser(text)
        val v = p.value()
        p.ws()
        if (p.i != text.length) throw ParseError("trailing characters at ${p.i}")
        return v
    }

    /** `{"a":{"b":1},"c":[1,2]}` -> [("a.b","1"), ("c","1, 2")] — arrays of scalars joined, arrays of objects indexed. */
    fun flatten(v: Any?, prefix: String = ""): List<Pair<String, String>> = when (v) {
        is Map<*, *> -> if (v.isEmpty()) listOf(prefix to "{}") else v.entries.flatMap { (k, x) -> flatten(x, if (prefix.isEmpty()) "$k" else "$prefix.$k") }
        is List<*> -> if (v.all { it !is Map<*, *> && it !is List<*> }) listOf(prefix to v.joinToString(", ") { scalar(it) })
            else v.flatMapIndexed { i, x -> flatten(x, "$prefix[$i]") }
        else -> listOf(prefix to scalar(v))
    }

    private fun scalar(v: Any?): String = when (v) {
        null -> "null"
        is Double -> if (v == Math.floor(v) && !v.isInfinite() && Math.abs(v) < 1e15) v.toLong().toString() else v.toString()
        else -> v.toString()
    }

    private class Parser(val s: String) {
        var i = 0
        fun ws() { while (i < s.length && s[i].isWhitespace()) i++ }
        fun value(): Any? {
            ws()
            if (i >= s.length) throw ParseError("unexpected end")
            return when (val c = s[i]) {
                '{' -> obj()
                '[' -> arr()
                '"' -> str()
                't' -> lit("true", true)
                'f' -> lit("false", false)
                'n' -> lit("null", null)
                else -> if (c == '-' || c.isDigit()) num() else throw ParseError("unexpected '$c' at $i")
            }
        }
        fun lit(word: String, v: Any?): Any? {
            if (!s.startsWith(word, i)) throw ParseError("expected $word at $i")
            i += word.length; return v
        }
        fun num(): Double {
            val start = i
            while (i < s.length && (s[i].isDigit() || s[i] in "+-.eE")) i++
            return s.substring(start, i).toDoubleOrNull() ?: throw ParseError("bad number at $start")
        }
        fun str(): String {
            i++ // opening quote
            val sb = StringBuilder()
            while (true) {
                if (i >= s.length) throw ParseError("unterminated string")
                val c = s[i++]
                when (c) {
                    '"' -> return sb.toString()
                    '\\' -> {
                        if (i >= s.length) throw ParseError("unterminated escape")
                        when (val e = s[i++]) {
                            'n' -> sb.append('\n'); 't' -> sb.append('\t'); 'r' -> sb.append('\r')
                            'b' -> sb.append('\b'); 'f' -> sb.append('\u000c')
                            'u' -> { sb.append(s.substring(i, i + 4).toInt(16).toChar()); i += 4 }
                            else -> sb.append(e)
                        }
                    }
                    else -> sb.append(c)
                }
            }
        }
        fun obj(): Map<String, Any?> {
            i++
            val m = LinkedHashMap<String, Any?>()
            ws()
            if (i < s.length && s[i] == '}') { i++; return m }
            while (true) {
                ws()
                if (i >= s.length || s[i] != '"') throw ParseError("expected a key at $i")
                val k = str()
                ws()
                if (i >= s.length || s[i] != ':') throw ParseError("expected ':' at $i")
                i++
                m[k] = value()
                ws()
                if (i < s.length && s[i] == ',') { i++; continue }
                if (i < s.length && s[i] == '}') { i++; return m }
                throw ParseError("expected ',' or '}' at $i")
            }
        }
        fun arr(): List<Any?> {
            i++
            val l = ArrayList<Any?>()
            ws()
            if (i < s.length && s[i] == ']') { i++; return l }
            while (true) {
                l += value()
                ws()
                if (i < s.length && s[i] == ',') { i++; continue }
                if (i < s.length && s[i] == ']') { i++; return l }
                throw ParseError("expected ',' or ']' at $i")
            }
        }
    }
}
