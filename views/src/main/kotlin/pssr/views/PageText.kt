package pssr.views

/** Text shared by the pages that are written in code (baseline and internal DSLs); file templates carry a copy. */
object PageText {
    const val PRESENTATIONS_TITLE = "JVM Conference Presentations"
    const val PRESENTATIONS_CSS = "body{font-family:sans-serif;margin:0 auto;max-width:60rem}.card{border:1px solid " +
        "#ddd;border-radius:6px;margin:1rem 0}.card-header{background:#f4f4f4;padding:0 1rem}.card-body{padding:1rem}"
    const val STOCKS_TITLE = "Stock Prices"
    const val STOCKS_CSS = "body{font-family:sans-serif}table{border-collapse:collapse}td,th{padding:4px " +
        "8px}.minus{color:#c00}.plus{color:#070}"
    val STOCKS_COLUMNS = listOf("symbol", "name", "price", "change", "ratio")
}
