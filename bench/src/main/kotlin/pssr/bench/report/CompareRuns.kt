package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.console.UsageError
import pssr.bench.results.openRun
import java.nio.file.Files
import java.nio.file.Path

/**
 * `./pssr compare A B`: both runs read (closed-loop runs with load results), their environments checked, the comparison
 * printed and written as compare-A.md and compare-A.html ([out], default in B's folder), then `--fail-on-regression`'s
 * verdict: the exit code.
 */
object CompareRuns {
    fun execute(
        a: Path,
        b: Path,
        out: Path?,
        thresholdPct: Double,
        alpha: Double,
        allowDifferentEnv: Boolean,
        failOnRegressionPct: Double?,
    ): Int {
        val ra = openRun(a)
        val rb = openRun(b)
        val da = RunData.load(ra)
        val db = RunData.load(rb)
        for ((dir, d) in listOf(a to da, b to db)) {
            if (d.rows.isEmpty() && d.openRows.isNotEmpty()) {
                throw UsageError(
                    "$dir is an open-model run (--rate): compare reads closed-loop (--users) runs; its report names the highest rate " +
                        "held per route",
                )
            }
        }
        if (da.rows.isEmpty()) throw UsageError("$a has no load results (results.csv is missing or empty): nothing to compare")
        if (db.rows.isEmpty()) throw UsageError("$b has no load results (results.csv is missing or empty): nothing to compare")
        val env = EnvironmentCheck.of(da, db)
        if (!env.matches && !allowDifferentEnv) throw UsageError(env.refusal)
        val cmp = Compare.of(da, db, thresholdPct / 100, alpha, env)
        print(cmp.text())
        val target = out ?: rb.dir.resolve("compare-${da.name}.md")
        target.toAbsolutePath().parent?.let { Files.createDirectories(it) }
        Files.writeString(target, cmp.markdown())
        val page = CompareHtml.fileBeside(target)
        Files.writeString(page, cmp.html())
        println()
        println("written: ${target.toAbsolutePath().normalize()}")
        println("written: ${page.toAbsolutePath().normalize()}")
        return failOnRegressionPct?.let { regressions(cmp, it) } ?: 0
    }

    /** `--fail-on-regression PCT`: 1 when a significant change is a regression beyond [pct] ([Compare.regressions]), each printed. */
    private fun regressions(cmp: Compare, pct: Double): Int {
        val regressions = cmp.regressions(pct / 100)
        val limit = Fmt.significant(pct, 4, trim = true) + "%"
        println()
        if (regressions.isEmpty()) {
            println("--fail-on-regression $limit: no significant regression beyond $limit.")
            return 0
        }
        println(
            "--fail-on-regression $limit: ${regressions.size} significant regression${if (regressions.size == 1) "" else "s"} " +
                "beyond $limit (exit code 1):",
        )
        regressions.forEach { println("  $it") }
        return 1
    }
}
