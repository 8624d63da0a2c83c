package pssr.model.api

import pssr.model.Json
import pssr.model.refillTable
import java.sql.Connection
import java.util.Locale

/** One row of seed 004's product table, as stored. Prices in cents so no driver formats a decimal. */
data class Product(
    val id: Int,
    val name: String,
    val category: String,
    val region: String,
    val type: String,
    val priceCents: Int,
    val stock: Int,
)

/** A product after the enrichment: what `GET /api/products` returns for each row. */
data class EnrichedProduct(
    val id: Int,
    val sku: String,
    val name: String,
    val slug: String,
    val category: String,
    val region: String,
    val currency: String,
    val type: String,
    val shipping: String,
    val priceCents: Int,
    val discountPct: Int,
    val taxCents: Int,
    val totalCents: Int,
    val stockStatus: String,
    val tags: List<String>,
    val summary: String,
)

/**
 * The compute-bound workload of seed 004: a product table in H2, read a page at a time and enriched through
 * in-memory lookup maps (category, region, type) with string processing and business rules. Rows are a pure
 * function of their id (no random seed to record), the enrichment a pure function of the row, and the JSON
 * is written here, once, so every server variant sends the same bytes and the harness knows them in advance.
 */
object Products {
    const val DEFAULT_ROWS = 1000
    const val DEFAULT_PAGE_SIZE = 20
    const val MAX_PAGE_SIZE = 200

    private data class Category(val label: String, val discountPct: Int, val discountFromCents: Int)
    private data class Region(val label: String, val currency: String, val taxBasisPoints: Int)
    private data class Kind(val label: String, val shipping: String)

    /** The lookup maps the paper's enrichment reads. */
    private val categories = mapOf(
        "ELEC" to Category("Electronics", 5, 50_000),
        "HOME" to Category("Home and garden", 10, 20_000),
        "BOOK" to Category("Books", 0, 0),
        "TOYS" to Category("Toys and games", 15, 5_000),
        "FOOD" to Category("Food and drink", 0, 0),
        "SPRT" to Category("Sports and outdoors", 8, 10_000),
    )
    private val regions = mapOf(
        "EU" to Region("Europe", "EUR", 2_000),
        "NA" to Region("North America", "USD", 825),
        "AP" to Region("Asia Pacific", "JPY", 1_000),
        "LA" to Region("Latin America", "BRL", 1_700),
        "UK" to Region("United Kingdom", "GBP", 2_000),
    )
    private val kinds = mapOf(
        "PHYS" to Kind("physical", "standard"),
        "BULK" to Kind("bulky", "freight"),
        "DIGI" to Kind("digital", "none"),
        "PERI" to Kind("perishable", "express"),
    )

    private val NOT_ALNUM = Regex("[^a-z0-9]+")
    private val adjectives = listOf(
        "compact", "deluxe", "ergonomic", "rustic", "smart", "classic", "portable", "premium",
        "eco friendly",
        "vintage", "modular",
    )
    private val nouns = listOf(
        "lamp", "kettle", "backpack", "novel", "puzzle", "speaker", "blender", "tent",
        "coffee beans",
        "chair", "headphones", "board game", "atlas",
    )

    fun row(id: Int): Product {
        val c = categories.keys.elementAt(id % categories.size)
        val r = regions.keys.elementAt((id / 7) % regions.size)
        val t = kinds.keys.elementAt((id / 3) % kinds.size)
        val name = "${adjectives[(id * 31) % adjectives.size]} ${nouns[(id * 17) % nouns.size]} mk ${id % 9 + 1}"
        return Product(id, name, c, r, t, 199 + (id * 7_919) % 99_800, (id * 13) % 120)
    }

    const val CREATE = "CREATE TABLE products (id integer PRIMARY KEY, name varchar(100) NOT NULL, category varchar(8) NOT NULL, " +
        "region varchar(8) NOT NULL, type varchar(8) NOT NULL, price_cents integer NOT NULL, stock integer NOT NULL)"

    /** The page query, the same for JDBC (`?`) and r2dbc-h2 (`$1`, `$2`). */
    const val QUERY_R2DBC = "SELECT id, name, category, region, type, price_cents, stock FROM products ORDER BY id LIMIT $1 OFFSET $2"
    val QUERY_JDBC: String = QUERY_R2DBC.replace("\$1", "?").replace("\$2", "?")

    /** Drops and refills the table with rows 1..[rows] in one transaction. */
    fun seed(connection: Connection, rows: Int) {
        require(rows >= 1) { "product rows must be >= 1, was $rows" }
        refillTable(connection, "products", CREATE, "INSERT INTO products VALUES (?, ?, ?, ?, ?, ?, ?)", rows) { id ->
            row(id).let { p -> listOf(p.id, p.name, p.category, p.region, p.type, p.priceCents, p.stock) }
        }
    }

    /**
     * The enrichment: lookups in the three maps, string processing (SKU, title case, slug, tags, a summary) and
     * business rules (a category discount above a price, regional tax, stock status, shipping by type).
     */
    fun enrich(p: Product): EnrichedProduct {
        val c = categories.getValue(p.category)
        val r = regions.getValue(p.region)
        val k = kinds.getValue(p.type)
        val title = p.name.split(' ').joinToString(" ") { w -> w.replaceFirstChar { it.titlecase(Locale.ROOT) } }
        val slug = p.name.lowercase(Locale.ROOT).replace(NOT_ALNUM, "-").trim('-') + "-" + p.id
        val sku = "${p.category}-${p.region}-${p.type.take(2)}-${p.id.toString().padStart(6, '0')}"
        val discount = if (c.discountPct > 0 && p.priceCents >= c.discountFromCents) c.discountPct else 0
        val net = p.priceCents - p.priceCents * discount / 100
        val tax = if (k.label == "digital" && p.region == "NA") 0 else net * r.taxBasisPoints / 10_000
        val stock = when {
            k.label == "digital" -> "always available"

            p.stock == 0 -> "out of stock"

            p.stock < 10 ->
                "low stock"

            else -> "in stock"
        }
        val tags = buildList {
            add(c.label.lowercase(Locale.ROOT))
            add(r.label.lowercase(Locale.ROOT))
            add(k.label)
            if (discount > 0) add("sale")
            if (net >= 50_000) add("premium")
            if (stock == "low stock") add("last items")
        }.sorted()
        val summary = "$title ($sku): ${c.label} for ${r.label}, ${money(net + tax, r.currency)} incl. tax" +
            (if (discount > 0) ", $discount% off" else "") + ", ${k.shipping} shipping, $stock."
        return EnrichedProduct(
            p.id, sku, title, slug, c.label, r.label, r.currency, k.label, k.shipping, p.priceCents, discount, tax,
            net + tax, stock, tags, summary,
        )
    }

    private fun money(cents: Int, currency: String) = "$currency ${cents / 100}.${(cents % 100).toString().padStart(2, '0')}"

    /** The response body, byte for byte the same from every server. */
    fun toJson(page: List<EnrichedProduct>): String = Json.write(page)

    /** What every server must answer for (page, size) of a table of [rows]. */
    fun expectedJson(rows: Int, page: Int, size: Int): String =
        toJson(((page * size + 1)..minOf(rows, page * size + size)).map { enrich(row(it)) })
}
