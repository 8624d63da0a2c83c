package pssr.bench.console

import java.time.Duration
import java.time.temporal.ChronoUnit

/**
 * The one syntax of every duration option of every command (run's windows, load's, probe's and run's --timeout,
 * reproduce --budget, the students' and products/forward ramp-ups and timeouts): a whole number with an optional
 * unit, `3` (the option's own unit: seconds, minutes for reproduce --budget), `3s`, `2m` or `1h`. Each option
 * states its range once, where it is read, and every refusal has the same form ([UsageError], exit 2).
 */
object Durations {
    /** What every refusal shows as examples. */
    const val FORMS = "3, 3s, 2m or 1h"
    private val SYNTAX = Regex("^(\\d{1,9})\\s*([smh]?)$")

    /**
     * [text] as a duration from [min] to [max]; a number without a unit counts in [bare] (seconds unless the
     * option says otherwise). Anything else is a [UsageError] naming [option], the range and the forms.
     */
    fun parse(option: String, text: String, min: Duration, max: Duration, bare: ChronoUnit = ChronoUnit.SECONDS): Duration {
        val m = SYNTAX.matchEntire(text.trim()) ?: throw refused(option, text, min, max)
        val n = m.groupValues[1].toLong()
        val d = when (m.groupValues[2]) {
            "s" -> Duration.ofSeconds(n)
            "m" -> Duration.ofMinutes(n)
            "h" -> Duration.ofHours(n)
            else -> Duration.of(n, bare)
        }
        if (d < min || d > max) throw refused(option, text, min, max)
        return d
    }

    /** [parse] with the range in whole seconds. */
    fun seconds(option: String, text: String, minSeconds: Long, maxSeconds: Long): Duration =
        parse(option, text, Duration.ofSeconds(minSeconds), Duration.ofSeconds(maxSeconds))

    /** `0`, `45 s`, `2 min`, `90 min`, `2 h`: how a range bound reads in a message. */
    fun describe(d: Duration): String {
        val s = d.seconds
        return when {
            s == 0L -> "0"
            s % 3600 == 0L && s >= 7200 -> "${s / 3600} h"
            s % 60 == 0L && s >= 60 -> "${s / 60} min"
            else -> "$s s"
        }
    }

    /** `45 s`, `1 min 30 s`, `124 min 51 s`: a measured or estimated span, to the second (a plan of 90 s is not "1 min"). */
    fun span(d: Duration): String = if (d.seconds < 60) "${d.seconds} s" else Fmt.line("%d min %02d s", d.toMinutes(), d.toSecondsPart())

    private fun refused(option: String, text: String, min: Duration, max: Duration) =
        UsageError("$option must be a duration from ${describe(min)} to ${describe(max)} ($FORMS), was '$text'")
}
