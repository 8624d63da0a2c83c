package pssr.bench.run

/** What `run --quick` and `run --answer` measure where the user names no level, repetition or JVM count (PresetsTest). */
object Presets {
    /**
     * The quick run's one level, where it ranks: at 256 users no route reaches its floor (25,600 req/s for the
     * presentations), where at 128 Quarkus's and Helidon's fastest did (12,800) and could not be ranked. Its
     * [QUICK_RANKING_WINDOWS] windows of each route, alternated (A B B A), give each ratio to the ceiling its interval (two
     * did not: t(0.975, 1) is 12.7). The floor's and the knee's levels (32, 128 users) left the quick run for them: there
     * the item delay sets or caps the figure, so they cannot tell the stacks apart (docs/RESULTS.md, answer.md).
     */
    const val QUICK_RANKING_LEVEL = 256
    const val QUICK_RANKING_WINDOWS = 4

    /**
     * `--answer`'s levels: 128 users (the presentations' floor is 12,800 req/s there, the stocks' 6,400) and 256 (none
     * reaches its floor; whether a route still rises), each once in each of [ANSWER_JVMS] shared JVMs per framework, so that
     * every ratio's interval holds the JVMs' variance.
     */
    val ANSWER_LEVELS = listOf(128, 256)
    const val ANSWER_JVMS = 3
}
