package pssr.views

/** Minimal HTML escaping for hand-written markup (the baseline and tests); engines use their own. */
object Html {
    fun escape(text: String): String {
        var i = 0
        while (i < text.length) {
            when (text[i]) {
                '<', '>', '&', '"', '\'' -> return escapeFrom(text, i)
            }
            i++
        }
        return text
    }

    private fun escapeFrom(text: String, start: Int): String {
        val sb = StringBuilder(text.length + 16).append(text, 0, start)
        for (i in start until text.length) {
            when (val c = text[i]) {
                '<' -> sb.append("&lt;")
                '>' -> sb.append("&gt;")
                '&' -> sb.append("&amp;")
                '"' -> sb.append("&quot;")
                '\'' -> sb.append("&#39;")
                else -> sb.append(c)
            }
        }
        return sb.toString()
    }
}
