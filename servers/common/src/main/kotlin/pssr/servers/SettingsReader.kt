package pssr.servers

import pssr.model.ItemDelay

/**
 * Reads a server's own properties (`pssr.*` and the framework's bind address) from its framework's
 * configuration, given as [lookup] (Spring's `Environment::getProperty`, MicroProfile Config), with the same
 * parsing and limits on every server. A bad value is an [IllegalArgumentException] with a one-line reason
 * naming the property and what is valid; the server stops with it.
 */
class SettingsReader(private val lookup: (String) -> String?) {
    fun text(name: String): String? = lookup(name)?.trim()?.takeIf { it.isNotEmpty() }

    fun int(name: String, default: Int, min: Int = Int.MIN_VALUE): Int {
        val raw = text(name) ?: return default
        val value = raw.toIntOrNull()
        require(value != null && value >= min) { "$name must be an integer${if (min > Int.MIN_VALUE) " >= $min" else ""}, was '$raw'" }
        return value
    }

    fun long(name: String, default: Long, min: Long = Long.MIN_VALUE): Long {
        val raw = text(name) ?: return default
        val value = raw.toLongOrNull()
        require(value != null && value >= min) { "$name must be an integer${if (min > Long.MIN_VALUE) " >= $min" else ""}, was '$raw'" }
        return value
    }

    fun bool(name: String, default: Boolean): Boolean = when (val raw = text(name)) {
        null -> default
        "true" -> true
        "false" -> false
        else -> throw IllegalArgumentException("$name must be true or false, was '$raw'")
    }

    /** `pssr.item-delay-ms`: the default delay between items, with the same 0..1000 ms bounds as `?itemDelayMs=`. */
    fun itemDelay(name: String = ITEM_DELAY, default: ItemDelay = ItemDelay.DEFAULT): ItemDelay =
        PageRequest.itemDelay(text(name), default).getOrElse { throw IllegalArgumentException("$name: ${it.message}") }

    /** Where to write the bound port (`pssr.port-file`), or null. */
    fun portFile(): String? = text(PORT_FILE)

    companion object {
        const val ITEM_DELAY = "pssr.item-delay-ms"
        const val PORT_FILE = "pssr.port-file"
        const val WARMUP_RENDERS = "pssr.warmup-renders"
        const val BLOCKING_POOL_SIZE = "pssr.blocking-pool-size"
        const val THYMELEAF_BUFFER = "pssr.thymeleaf-buffer"
    }
}
