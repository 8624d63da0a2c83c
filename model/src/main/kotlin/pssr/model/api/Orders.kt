package pssr.model.api

import pssr.model.jsonString

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
        val lines = (1..items).joinToString(",", "[", "]") { i ->
            val p = Products.row(i)
            """{"line":$i,"productId":${p.id},"name":${jsonString(p.name)},"quantity":${1 + i % 4},"priceCents":${p.priceCents}}"""
        }
        return """{"orderId":"order-$items","customer":"customer-42","currency":"EUR","lines":$lines}"""
    }

    /** The downstream's answer to [payload]: no parsing, so the downstream costs next to nothing per request. */
    fun answer(payload: String): String = """{"accepted":true,"bytes":${payload.toByteArray(Charsets.UTF_8).size},"order":$payload}"""
}
