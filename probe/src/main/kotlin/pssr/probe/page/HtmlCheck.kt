package pssr.probe.page

import org.jsoup.Jsoup
import org.jsoup.nodes.Document
import org.jsoup.nodes.Element
import org.jsoup.nodes.TextNode
import org.jsoup.parser.Parser
import org.jsoup.select.NodeVisitor

/** A piece of what the user sees: its text length and where it ends in the decoded body. */
data class Visible(val endIndex: Int, val chars: Int, val what: String)

/**
 * The page parsed as a browser parses it (jsoup's HTML5 tree builder, with source positions): what is
 * visible and where, and the warnings for seed 002's naive-async failure — markup after `</html>`,
 * unbalanced tags, template placeholders never filled.
 */
class HtmlCheck(html: String) {
    val visible: List<Visible>
    val warnings: List<String>

    init {
        val parser = Parser.htmlParser().setTrackPosition(true).setTrackErrors(100)
        val doc = Jsoup.parse(html, "", parser)
        val found = mutableListOf<Visible>()
        doc.body().traverse(
            NodeVisitor { node, _ ->
                if (node is TextNode && !node.isBlank && node.sourceRange().isTracked && !hidden(node.parent() as? Element)) {
                    found += Visible(node.sourceRange().end().pos(), node.text().trim().length, node.text().trim().take(40))
                } else if (node is Element && node.normalName() in MEDIA && node.sourceRange().isTracked) {
                    found += Visible(node.sourceRange().end().pos(), 1, "<${node.normalName()}>")
                }
            },
        )
        visible = found.sortedBy { it.endIndex }
        warnings = buildList {
            afterHtml(html)?.let { add(it) }
            unbalanced(html, parser.errors.map { it.errorMessage })?.let { add(it) }
            placeholders(doc)?.let { add(it) }
        }
    }

    private fun hidden(e: Element?): Boolean {
        var p = e
        while (p != null) {
            if (p.normalName() in INVISIBLE || p.hasAttr("hidden")) return true
            p = p.parent()
        }
        return false
    }

    private fun afterHtml(html: String): String? {
        val end = html.lastIndexOf("</html>", ignoreCase = true)
        if (end < 0) return null
        val rest = html.substring(end + "</html>".length).trim()
        if (rest.isEmpty()) return null
        return "${rest.length} characters after </html> (starting '${snippet(rest)}'): written after the page ended, " +
            "as a naive async template does when it returns before its data arrives (seed 002); browsers move it to the end of <body>"
    }

    private fun unbalanced(html: String, errors: List<String>): String? {
        val counts = HashMap<String, Int>()
        val stripped = html.replace(SKIPPED, "")
        for (m in TAG.findAll(stripped)) {
            val name = m.groupValues[2].lowercase()
            if (name in VOID || name in OPTIONAL_END || m.groupValues[3] == "/") continue
            counts[name] = (counts[name] ?: 0) + if (m.groupValues[1] == "/") -1 else 1
        }
        val off = counts.filterValues { it != 0 }.toSortedMap()
        val endTagErrors = errors.filter { it.contains("EndTag", ignoreCase = true) || it.contains("unclosed", ignoreCase = true) }
        if (off.isEmpty() && endTagErrors.isEmpty()) return null
        val parts = buildList {
            if (off.isNotEmpty()) {
                add(
                    off.entries.joinToString(", ") { (tag, n) ->
                        "<$tag> ${if (n > 0) "$n more opened than closed" else "${-n} more closed than opened"}"
                    },
                )
            }
            if (endTagErrors.isNotEmpty()) add("${endTagErrors.size} end tags a browser had to repair (first: ${endTagErrors.first()})")
        }
        return "unbalanced tags: ${parts.joinToString("; ")}"
    }

    private fun placeholders(doc: Document): String? {
        val text = doc.body().wholeText() + " " + doc.title()
        val unfilled = PLACEHOLDER.findAll(text).map { it.value }.distinct().take(3).toList()
        if (unfilled.isEmpty()) return null
        return "template placeholders never filled: ${unfilled.joinToString(", ") { "'${it.take(40)}'" }}"
    }

    private fun snippet(s: String) = s.replace(Regex("\\s+"), " ").take(50)

    private companion object {
        val INVISIBLE = setOf("script", "style", "template", "noscript", "title", "head")
        val MEDIA = setOf("img", "svg", "video", "canvas", "iframe", "input", "button", "picture")
        val VOID = setOf(
            "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param",
            "keygen",
        )

        // end tags HTML lets authors omit: a missing one is not an error
        val OPTIONAL_END = setOf(
            "html", "head", "body", "p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot", "option",
            "optgroup", "colgroup", "caption", "rb", "rt", "rp", "rtc",
        )
        val SKIPPED = Regex(
            "<!--.*?-->|<script\\b.*?</script\\s*>|<style\\b.*?</style\\s*>|<!\\[CDATA\\[.*?]]>",
            setOf(RegexOption.DOT_MATCHES_ALL, RegexOption.IGNORE_CASE),
        )
        val TAG = Regex("<(/?)([a-zA-Z][a-zA-Z0-9-]*)(?:\\s[^<>]*?)?\\s*(/?)>")

        // unrendered expressions of the common engines: Mustache/Handlebars/Pebble/Jinja {{x}}, JSP/EL/FreeMarker/Velocity ${x}, Thymeleaf
        // [[${x}]], JSF #{x}, JSP/ERB <%= %>
        val PLACEHOLDER =
            Regex(
                listOf(
                    "\\{\\{[^{}\\n]{1,80}}}",
                    "\\$\\{[^{}\\n]{1,80}}",
                    "\\[\\[[^\\]\\n]{1,80}]]",
                    "#\\{[^{}\\n]{1,80}}",
                    "<%=?[^%\\n]{1,80}%>",
                    "\\{%[^%\\n]{1,80}%}",
                ).joinToString("|"),
            )
    }
}
