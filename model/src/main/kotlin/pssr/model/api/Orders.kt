package pssr.model.api

import pssr.model.Json

/** One line of an [Orders.payload]. */
data class OrderLine(val line: Int, val productId: Int, val name: String, val quantity: Int, val priceCents: Int)

/** The order [Orders.payload] sends. */
data class Order(val orderId: String, val customer: String, val currency: String, val lines: List<OrderLine>)

/**
 * The network-bound workload of seed 004: `GET /api/forward` POSTs an order (a JSON payload) to a downstream
 * service and returns the downstream's answer. The payload is a pure function of its size, and the downstream's
 * answer a pure function of the payload ([answer]), so the harness knows every correct response in advance.
 */
object Orders {
    const val DEFAULT_ITEMS = 10
    const val MAX_ITEMS = 10_000

    /** The order the API sends: [items] lines taken from the product table's rows. */
    fun payload(items: Int): String {
        require(items in 1..MAX_ITEMS) { "order items must be 1..$MAX_ITEMS, was $items" }
        val lines = (1..items).map { i -> Products.row(i).let { p -> OrderLine(i, p.id, p.name, 1 + i % 4, p.priceCents) } }
        return Json.write(Order("order-$items", "customer-42", "EUR", lines))
    }

    /** The downstream's answer to [payload]: no parsing, so the downstream costs next to nothing per request. */
    fun answer(payload: String): String = """{"accepted":true,"bytes":${payload.toByteArray(Charsets.UTF_8).size},"order":$payload}"""
}
