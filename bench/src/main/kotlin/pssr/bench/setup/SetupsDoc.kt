package pssr.bench.setup

/** The setups as docs/SETUPS.md shows them (and `./pssr list --setups` prints): a table per setup. */
object SetupsDoc {
    fun markdown(): String = buildString {
        for (s in Setups.all) {
            appendLine("### ${s.name}")
            appendLine()
            appendLine(s.description + ".")
            s.measuredAs?.let { appendLine("Where no run of its own measured a route, its pages are $it's: ${s.measuredWhy}.") }
            appendLine()
            appendLine("| factor | setting | the paper's | the tool's | applied | source |")
            appendLine("|---|---|---|---|---|---|")
            for (x in s.settings) {
                val machine = x.machine?.let { "; machine: $it" } ?: ""
                val row = "| `${x.factor}` | ${x.what} | ${x.paper} | ${x.ours} | ${applied(x)} | ${x.source}$machine |"
                appendLine(row.replace("\n", " "))
            }
            appendLine()
        }
    }

    private fun applied(x: Setting): String = when (val a = x.applied) {
        is Applied.ServerFlag -> "`${a.flag}` on ${if (a.framework == Setup.ALL) "every server" else a.framework}" +
            (x.approaches?.let { " (acts on ${it.joinToString("/")})" } ?: "")

        is Applied.LaunchVariant ->
            "${a.framework}'s `${a.variant}` build" + (x.approaches?.let { " (acts on ${it.joinToString("/")})" } ?: "")

        is Applied.RunArgs -> "`${a.args.joinToString(" ")}` on the ${a.workload} phase"

        is Applied.RunDefault ->
            "`${a.option} ${a.value}` unless the run gives its own" +
                (a.notInReproduce?.let { "; not in `reproduce`: $it" } ?: "")

        is Applied.NotApplied -> "no: ${a.why}"
    }
}
