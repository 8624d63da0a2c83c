package pssr.bench.report

internal fun htmlEscape(s: String): String = buildString(s.length) {
    for (ch in s) when (ch) {
        '<' -> append("&lt;"); '>' -> append("&gt;"); '&' -> append("&amp;"); '"' -> append("&quot;"); '\'' -> append("&#39;")
        else -> append(ch)
    }
}

/** A part of an HTML page written into a shared buffer, with the table and image helpers every section uses. */
internal abstract class HtmlSection(protected val sb: StringBuilder) {
    protected fun img(uri: String?) {
        if (uri != null) sb.append("<img class=chart alt=\"chart\" src=\"").append(uri).append("\">\n")
    }

    protected fun htmlTable(header: List<String>, rows: List<List<String>>, cellClass: (Int, Int) -> String? = { _, _ -> null }) {
        sb.append("<table><tr>")
        for (h in header) sb.append("<th>").append(htmlEscape(h)).append("</th>")
        sb.append("</tr>\n")
        rows.forEachIndexed { r, row ->
            sb.append("<tr>")
            row.forEachIndexed { c, v ->
                val numeric = v.isNotEmpty() && (v[0].isDigit() || v[0] == '–' || v[0] == '-') && v.any { it.isDigit() }
                val cls = listOfNotNull(if (numeric) "n" else null, cellClass(r, c)).joinToString(" ")
                sb.append(if (cls.isEmpty()) "<td>" else "<td class=\"$cls\">").append(htmlEscape(v)).append("</td>")
            }
            sb.append("</tr>\n")
        }
        sb.append("</table>\n")
    }
}
