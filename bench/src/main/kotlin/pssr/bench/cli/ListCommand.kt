package pssr.bench.cli

import picocli.CommandLine.Command
import pssr.bench.console.Fmt
import pssr.bench.project.Frameworks
import pssr.bench.setup.Setups
import pssr.bench.setup.SetupsDoc
import pssr.model.Model
import pssr.views.Approach
import pssr.views.Engine
import pssr.views.Engines
import pssr.views.Rendering

@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = ["List the engines, models, approaches, frameworks and the seeds' setups pssr-bench knows."],
)
class ListCommand : Runnable {
    @picocli.CommandLine.Option(
        names = ["--setups"],
        description = ["Print the seeds' setups (every setting, the paper's value and the tool's, its source) as Markdown"],
    )
    var setups: Boolean = false

    override fun run() {
        if (setups) {
            print(SetupsDoc.markdown())
            return
        }
        printEngines()
        println("Models:")
        for (m in Model.all) println(Fmt.line("  %-14s %d items", m.id, m.items.size))
        println("Approaches:")
        for (a in Approach.entries) println(Fmt.line("  %-15s %s", a.id, a.description))
        println("Frameworks:")
        for (f in Frameworks.all) println(Fmt.line("  %-9s %s%s", f.name, f.description, if (f.isBuilt()) "" else "  (not built)"))
        println("Setups (run --setup NAME; every setting: ./pssr list --setups, docs/SETUPS.md):")
        for (s in Setups.all) println(Fmt.line("  %-9s %s", s.name, s.description))
    }

    private fun printEngines() {
        println("Engines (views/src/main/kotlin/pssr/views/Engines.kt):")
        for (e in Engines.all) {
            val renderings = Rendering.entries.filter { r ->
                Model.all.all { e.view(it).supports(r) }
            }.joinToString("+") { it.name.lowercase() }
            val ahead = when (e.readAhead) {
                0 -> ""
                Engine.ALL_ITEMS -> "  [reads the whole Iterable first]"
                else -> "  [reads ${e.readAhead} item ahead]"
            }
            println(Fmt.line("  %-11s %-26s %s%s", e.name, renderings, e.description, ahead))
        }
    }
}
