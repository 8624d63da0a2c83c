package pssr.bench.cli

import picocli.CommandLine
import picocli.CommandLine.Help
import picocli.CommandLine.Model.OptionSpec
import pssr.bench.console.HelpSection

/**
 * `--help` in sections: picocli's argument groups cannot hold mixins, and the options of `run` are mixins (each
 * workload's own in its package), so the option list is rendered here, one block per [HelpSection] mixin, with
 * picocli's own layout. Options of no section (`--help`, `--version`) come last.
 */
object SectionedHelp {
    fun install(cl: CommandLine) {
        if (cl.commandSpec.mixins().values.none { it.userObject() is HelpSection }) return
        cl.helpSectionMap[CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING] = CommandLine.IHelpSectionRenderer { "" }
        cl.helpSectionMap[CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST] = CommandLine.IHelpSectionRenderer { render(it) }
    }

    fun render(help: Help): String = buildString {
        val spec = help.commandSpec()
        val sections = spec.mixins().values.mapNotNull { m -> (m.userObject() as? HelpSection)?.let { it.heading to m.options() } }
        val placed = sections.flatMap { it.second }.toSet()
        for ((heading, options) in sections + listOf("Help" to spec.options().filter { it !in placed })) {
            val shown = options.filter { !it.hidden() }
            if (shown.isEmpty()) continue
            append('\n').append(heading).append(":\n").append(layout(help, shown))
        }
    }

    private fun layout(help: Help, options: List<OptionSpec>): String {
        val layout = help.createDefaultLayout()
        val labels = help.createDefaultParamLabelRenderer()
        options.forEach { layout.addOption(it, labels) }
        return layout.toString()
    }
}
