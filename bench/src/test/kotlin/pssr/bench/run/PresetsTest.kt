package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** What `--quick` and `--answer` measure when the user names no level, repetition or JVM count. */
class PresetsTest {
    @Test
    fun `the quick run ranks at 256 users with four alternated windows`() {
        val plan = LoadOptions().plan(quick = true, itemDelayMs = 1, profileUsers = null)
        assertEquals(listOf(256), plan.levels)
        assertEquals(4, plan.repeat)
        assertEquals(emptyMap<Int, Int>(), plan.repeatAt)
        assertEquals(1, plan.jvms)
    }

    @Test
    fun `the answer's reference run measures 128 and 256 users once in each of three JVMs`() {
        val loading = LoadOptions().also { it.useAnswerDefaults() }
        val plan = loading.plan(quick = true, itemDelayMs = 1, profileUsers = null)
        assertEquals(listOf(128, 256), plan.levels)
        assertEquals(3, plan.repeat)
        assertEquals(3, plan.jvms)
        assertEquals(emptyMap<Int, Int>(), plan.repeatAt, "every level in every JVM")
    }

    @Test
    fun `levels the user names win over the answer's`() {
        val loading = LoadOptions().also {
            it.users = listOf(64, 128)
            it.useAnswerDefaults()
        }
        assertEquals(listOf(64, 128), loading.plan(quick = true, itemDelayMs = 1, profileUsers = null).levels)
    }
}
