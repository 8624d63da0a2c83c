package pssr.model

/**
 * A page's data model: its name in URLs and results, its items, and the marker that starts each item's
 * markup in the rendered page (how clients count items and time the first one without parsing).
 */
sealed class Model<T : Any>(val id: String, val repository: Repository<T>, val itemMarker: String) {
    val items: List<T> get() = repository.items

    object Presentations : Model<Presentation>("presentations", Repository(PresentationData.items), "<div class=\"card mb-3")
    object Stocks : Model<Stock>("stocks", Repository(StockData.items), "<tr class=\"stock")

    override fun toString() = id

    companion object {
        val all: List<Model<*>> by lazy { listOf(Presentations, Stocks) }
        fun byId(id: String): Model<*>? = all.firstOrNull { it.id == id }
    }
}
