package pssr.model

/** A stock quote, the shape of the classic template-benchmark's `Stock`. */
data class Stock(
    val name: String,
    val name2: String,
    val url: String,
    val symbol: String,
    val price: Double,
    val change: Double,
    val ratio: Double,
) {
    /** Derived, not stored: logic-less templates (Mustache) need a boolean to colour a falling price. */
    val negative: Boolean get() = change < 0
}
