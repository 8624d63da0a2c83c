package pssr.views

import org.jsoup.Jsoup
import org.jsoup.nodes.Document
import org.jsoup.nodes.Element
import org.jsoup.nodes.Entities
import org.jsoup.nodes.TextNode

/**
 * The one normalisation applied before comparing a page with its golden file: parse with jsoup (a real
 * HTML5 parser, so `<br/>` vs `<br>`, `&#39;` vs `&#x27;` and attribute quoting stop mattering), drop
 * whitespace-only text between tags, trim whitespace where text meets a tag, collapse runs of
 * whitespace inside text, and print one element per line. Whitespace is insignificant in these pages
 * (no `<pre>`), so nothing a browser would show differently is ignored.
 */
object HtmlNormalizer {
    fun normalize(html: String): String {
        val doc = Jsoup.parse(html)
        clean(doc)
        doc.outputSettings().prettyPrint(true).indentAmount(1).outline(true).charset("UTF-8")
            .escapeMode(Entities.EscapeMode.xhtml)
        return doc.outerHtml().trim() + "\n"
    }

    private fun clean(element: Element) {
        for (node in element.childNodes().toList()) {
            when (node) {
                is TextNode -> {
                    val text = node.wholeText.replace(WHITESPACE, " ").trim()
                    if (text.isEmpty()) node.remove() else node.text(text)
                }

                is Element -> clean(node)
            }
        }
    }

    private val WHITESPACE = Regex("\\s+")

    /** Parses a page for structural assertions. */
    fun parse(html: String): Document = Jsoup.parse(html)
}
