package pssr.bench.console

/** A group of options (a picocli mixin) that `--help` prints under its own [heading], in the order the command declares them
 * (cli/SectionedHelp). */
interface HelpSection {
    val heading: String
}
