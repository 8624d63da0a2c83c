package pssr.bench.markup

internal fun htmlEscape(s: String): String = buildString(s.length) {
    for (ch in s) {
        when (ch) {
            '<' -> append("&lt;")
            '>' -> append("&gt;")
            '&' -> append("&amp;")
            '"' -> append("&quot;")
            '\'' -> append("&#39;")
            else -> append(ch)
        }
    }
}

/** The start of a pssr page up to `<body>`: its title and the one style sheet every pssr report uses. */
internal fun pageHead(title: String): String = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${htmlEscape(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px auto;max-width:1400px;padding:0 16px;color:#222;
 line-height:1.4}
h1 small{font-weight:normal;color:#666;font-size:60%}
h2{border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:48px}
h3{margin-top:28px}
table{border-collapse:collapse;margin:8px 0 16px;font-size:13px;display:block;max-width:100%;overflow-x:auto}
pre{max-width:100%;overflow-x:auto}
th,td{border:1px solid #ddd;padding:3px 7px;vertical-align:middle;white-space:pre-line}
th{background:#f4f4f4;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr.contra td{background:#ffe3e3;color:#a00000}
tr.failed td{background:#fff1d6}
td.err{background:#ffd6d6;color:#a00000;font-weight:bold}
td.drv{background:#eef0ff}
.bad{color:#b00000;font-weight:bold}
.meta,.note{color:#555;font-size:14px}
.ci{color:#888;font-size:11px}
.flag{font-size:11px;color:#a00000}
.dflag{font-size:11px;color:#2030a0}
img.chart{max-width:100%;border:1px solid #eee;margin:6px 0}
img.small{width:520px;max-width:100%;border:1px solid #eee;margin:4px}
details{margin:8px 0}
summary{cursor:pointer;font-weight:bold}
code{background:#f4f4f4;padding:0 3px}
nav a{margin-right:12px}
div.chart{position:relative;margin:10px 0 2px;min-height:40px}
.pssr-tip{display:none;position:absolute;z-index:5;background:#fff;border:1px solid #999;padding:5px 8px;font-size:12px;pointer-events:none;
 box-shadow:0 1px 4px rgba(0,0,0,.2);max-width:420px}
.controls fieldset{display:inline-block;border:1px solid #ddd;margin:2px 6px 2px 0;padding:2px 6px;font-size:13px;vertical-align:top}
.controls label{margin-right:8px;white-space:nowrap}
.u-legend{font-size:12px}
tr.judged td{background:#fff3e0}
@media print{nav,.controls,.pssr-tip{display:none}details::details-content{content-visibility:visible;display:contents}
 details>summary{list-style:none}h2{break-before:auto}div.chart{break-inside:avoid}}
.verdict-streams{color:#006400;font-weight:bold}.verdict-buffered{color:#8a5a00;font-weight:bold}
.verdict-malformed{color:#b00000;font-weight:bold}
</style></head><body>
"""

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
