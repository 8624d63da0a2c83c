package pssr.bench.console

import java.util.Locale
import kotlin.math.abs

/**
 * Every number pssr prints or writes, in one place and in [Locale.ROOT]: the same digits, separators and decimal point
 * on every machine, whatever its locale (a comma decimal would break CSV files and the golden outputs).
 */
object Fmt {
    private val L = Locale.ROOT

    // the report's figures: an en dash where there is none
    fun rps(v: Double) = if (!v.isFinite()) "–" else String.format(L, "%,.0f", v)
    fun ms(v: Double) = if (!v.isFinite()) {
        "–"
    } else if (v >= 100) {
        String.format(L, "%,.0f", v)
    } else {
        String.format(L, "%.1f", v)
    }
    fun pct(v: Double, decimals: Int = 0) = if (!v.isFinite()) "–" else String.format(L, "%.${decimals}f%%", v * 100)
    fun ratio(v: Double) = if (!v.isFinite()) "–" else String.format(L, "%.2f×", v)
    fun num(v: Double, decimals: Int = 1) = if (!v.isFinite()) "–" else String.format(L, "%,.${decimals}f", v)
    fun compact(v: Double): String = when {
        !v.isFinite() -> ""
        abs(v) >= 10_000 -> String.format(L, "%,.0f", v)
        abs(v) >= 10 || v == 0.0 -> String.format(L, "%,.0f", v)
        abs(v) >= 1 -> String.format(L, "%.1f", v)
        else -> String.format(L, "%.2f", v)
    }

    /** [v] with [decimals] decimals and its thousands grouped (4,487 or 1,234.5); [missing] for NaN. */
    fun grouped(v: Double, decimals: Int = 0, missing: String = "-"): String =
        if (v.isNaN()) missing else String.format(L, "%,.${decimals}f", v)

    /** [v] with [decimals] decimals, not grouped (CSV files, ratios: 1234.50); [missing] for NaN. */
    fun fixed(v: Double, decimals: Int, missing: String = "-"): String = if (v.isNaN()) missing else String.format(L, "%.${decimals}f", v)

    /** A figure in a claim's text: whole and grouped from 100 up (4,487), else with [digits] decimals (1.15); "-" for NaN. */
    fun figure(v: Double, digits: Int): String = if (v.isNaN()) {
        "-"
    } else if (abs(v) >= 100) {
        grouped(v)
    } else {
        fixed(v, digits)
    }
}
