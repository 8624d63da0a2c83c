package pssr.bench.markup

/** A plain-text table for the terminal (and the same rows in Markdown for summary.md). */
class Table(val header: List<String>, val rows: List<List<String>>) {
    private val widths = header.indices.map { i -> (rows.map { it.getOrElse(i) { "" }.length } + header[i].length).max() }
    private fun numeric(s: String) = s.isNotEmpty() && (s[0].isDigit() || s[0] == '-' || s[0] == '±') && s.any { it.isDigit() }

    fun render(): String = buildString {
        appendLine(header.mapIndexed { i, h -> h.padEnd(widths[i]) }.joinToString("  ").trimEnd())
        appendLine(widths.joinToString("  ") { "-".repeat(it) })
        for (r in rows) {
            appendLine(
                r.mapIndexed { i, c ->
                    if (numeric(c)) c.padStart(widths[i]) else c.padEnd(widths[i])
                }.joinToString("  ").trimEnd(),
            )
        }
    }

    fun markdown(): String = buildString {
        appendLine(header.joinToString(" | ", "| ", " |"))
        appendLine(
            header.joinToString(" | ", "| ", " |") {
                if (rows.any { r -> numeric(r.getOrElse(header.indexOf(it)) { "" }) }) "---:" else "---"
            },
        )
        for (r in rows) appendLine(r.joinToString(" | ", "| ", " |"))
    }
}
