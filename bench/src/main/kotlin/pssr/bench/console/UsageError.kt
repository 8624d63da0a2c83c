package pssr.bench.console

/** A mistake in what the user asked for: printed as one line, exit code 2 (Main.kt's `cli()`). */
class UsageError(message: String) : RuntimeException(message) {
    companion object {
        /** [v] of [option] within [min]..[max] (no [max]: at least [min]), or a [UsageError] saying what is valid. */
        fun requireIn(option: String, v: Long, min: Long, max: Long = Long.MAX_VALUE) {
            if (v < min || v > max) throw UsageError("$option must be ${if (max == Long.MAX_VALUE) ">= $min" else "$min..$max"}, was $v")
        }
    }
}
