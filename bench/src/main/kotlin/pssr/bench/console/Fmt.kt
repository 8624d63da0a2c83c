package pssr.bench.console

import java.time.LocalDateTime
import java.time.ZonedDateTime
import java.time.format.DateTimeFormatter
import java.util.Locale
import kotlin.math.abs

/**
 * Every number and timestamp pssr prints or writes, in one place and in [Locale.ROOT]: the same digits, grouping comma and
 * decimal point on every machine, whatever its locale (a comma decimal would break the CSV files, and a reader would take
 * German's 1.166 ms for 1.166). The one place a `format` call may go without naming the locale (FormatLocaleTest).
 */
object Fmt {
    private val L = Locale.ROOT

    /** What `%f` writes for NaN: the CSV files and the claims' texts keep it (`missing = NAN`). */
    const val NAN = "NaN"

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

    /**
     * A figure in a claim's text: whole and grouped from 100 up (4,487), else with [digits] decimals (1.15); "-" for NaN. Past
     * two decimals (an edge's digits, see below) a figure from 100 up gets the ones past two (4,487.5 at three).
     */
    fun figure(v: Double, digits: Int): String = if (v.isNaN()) {
        "-"
    } else if (abs(v) >= 100) {
        grouped(v, if (digits > 2) digits - 2 else 0)
    } else {
        fixed(v, digits)
    }

    /**
     * [figure] with as many decimals (from [digits], at most [MAX_DIGITS]) as it takes for the printed number to lie on the
     * same side of each of [edges] as [v] does (below, at, above): a reader comparing the printed bound with a printed
     * tolerance reaches the verdict the true bound gives (an upper bound of 0.8996 against 0.90 prints 0.8996, not 0.90).
     */
    fun figure(v: Double, digits: Int, edges: Collection<Double>): String = figure(v, digitsFor(listOf(v), digits, edges))

    /** The decimals [figure] needs for every one of [vs] against [edges] (one count, so the figures of one interval align). */
    fun digitsFor(vs: Collection<Double>, digits: Int, edges: Collection<Double>): Int {
        var d = digits
        val finite = vs.filter { it.isFinite() }
        while (d < MAX_DIGITS && finite.any { v -> !sameSides(v, figure(v, d).replace(",", "").toDouble(), edges) }) d++
        return d
    }

    /** The most decimals [figure] gives a figure to put it on the right side of an edge. */
    const val MAX_DIGITS = 6

    private fun sameSides(v: Double, p: Double, edges: Collection<Double>) =
        edges.all { !it.isFinite() || kotlin.math.sign(v - it) == kotlin.math.sign(p - it) }

    /** A value already in percent, with [decimals] decimals and a % sign (12.5 -> "12.5%"); [missing] for NaN. */
    fun percent(v: Double, decimals: Int, missing: String = "-"): String = if (v.isNaN()) missing else fixed(v, decimals) + "%"

    /**
     * [v] to [digits] significant digits as `%g` writes them (0.0012, 1.0e-05: a p-value); [trim]: trailing zeros dropped
     * (0.05, 2.5, 100: an alpha or a limit as the user typed it).
     */
    fun significant(v: Double, digits: Int, trim: Boolean = false): String =
        String.format(L, "%.${digits}g", v).let { if (trim) it.trimEnd('0').trimEnd('.') else it }

    /** [v] to 3 decimals as a JSON number for the reports' pages (their charts need no more); null where it is not finite. */
    fun json(v: Double): Double? = if (v.isFinite()) Math.round(v * 1000) / 1000.0 else null

    /** A line laid out by a printf [pattern] (padded columns, %d), in [Locale.ROOT]. */
    fun line(pattern: String, vararg args: Any?): String = String.format(L, pattern, *args)

    /** A folder's time stamp: 20260101-120000. */
    fun stamp(t: LocalDateTime): String = t.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", L))

    /** A time a reader reads to the minute: 2026-01-01 12:00. */
    fun minute(t: LocalDateTime): String = t.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", L))

    /** A time with its offset, ISO 8601: 2026-01-01T12:00:00.123+01:00. */
    fun iso(t: ZonedDateTime): String = t.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)
}
