package pssr.bench.console

/** A mistake in what the user asked for: printed as one line, exit code 2 (Main.kt's `cli()`). */
class UsageError(message: String) : RuntimeException(message)
