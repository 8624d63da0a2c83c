package pssr.probe.page

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The malformed-page check: what seed 002's naive async templates produce, and what a well-formed page does not. */
class HtmlCheckTest {
    private val good = "<!DOCTYPE html><html><head><title>t</title><script>if (a < b) { x = '<div>' }</script></head>" +
        "<body><h1>Title</h1><ul><li>one<li>two</ul><p>para<br><img src=x></body></html>\n"

    @Test
    fun `a well-formed page has no warnings, optional end tags and void elements included`() {
        assertEquals(emptyList<String>(), HtmlCheck(good).warnings)
    }

    @Test
    fun `markup after the closing html tag is reported with its start`() {
        val w = HtmlCheck("<html><body><div class=container><h1>T</h1></div></body></html><div class=card>late item</div>").warnings
        assertEquals(1, w.size, w.toString())
        assertTrue(w[0].startsWith("31 characters after </html> (starting '<div class=card>late item</div>')"), w[0])
    }

    @Test
    fun `an element closed that was never opened, or opened and never closed, is unbalanced`() {
        val w = HtmlCheck("<html><body><div><section>text</div></div></body></html>").warnings.single()
        assertTrue(w.startsWith("unbalanced tags: <div> 1 more closed than opened, <section> 1 more opened than closed"), w)
    }

    @Test
    fun `template expressions left in the text are placeholders never filled`() {
        val w = HtmlCheck("<html><body><h1>{{ title }}</h1><p>Hello \${user.name}</p></body></html>").warnings.single()
        assertEquals("template placeholders never filled: '{{ title }}', '\${user.name}'", w)
    }

    @Test
    fun `visible text excludes the head, scripts and styles, in document order`() {
        assertEquals(listOf("Title", "one", "two", "para", "<img>"), HtmlCheck(good).visible.map { it.what })
    }
}
