package pssr.bench.browser

import pssr.bench.console.UsageError
import pssr.bench.csv.JsonFile
import pssr.bench.csv.WriteFailed
import pssr.bench.setup.FrameworkVersions
import pssr.probe.Jackson
import java.nio.file.Files
import java.nio.file.Path

/**
 * What a `./pssr browser` campaign measures, kept in its folder as `campaign.json` so that `--resume DIR` alone goes on with
 * the same campaign: the cases whose Lighthouse reports are complete are kept, the rest run.
 */
data class BrowserCampaign(
    val runs: Int,
    val pages: List<String>,
    val renderings: List<String>,
    val throttling: List<String>,
    val filmstrips: Boolean,
) {
    fun asMap(): Map<String, Any> =
        linkedMapOf("runs" to runs, "pages" to pages, "renderings" to renderings, "throttling" to throttling, "filmstrips" to filmstrips)

    /** This campaign, its values checked: one that is wrong is a [UsageError] naming the valid ones. */
    fun checked(): BrowserCampaign = apply {
        if (runs < 1) throw UsageError("--runs must be >= 1, was $runs")
        throttling.forEach {
            if (it !in Lighthouse.THROTTLINGS) {
                throw UsageError("unknown throttling '$it'; valid: ${Lighthouse.THROTTLINGS.joinToString(", ")}")
            }
        }
    }

    /** campaign.json: this campaign, and the framework versions of the build that serves its pages (what a ledger says it ran on). */
    fun write(dir: Path) = WriteFailed.guard(dir.resolve(FILE)) {
        Files.writeString(dir.resolve(FILE), Jackson.writePretty(asMap() + ("frameworkVersions" to FrameworkVersions.ofThisBuild)))
    }

    /**
     * The campaign [dir] started, with the options named on this command line ([named], by their keys in [asMap]) checked
     * against it: one that differs would mix two campaigns in one folder, so it is refused, named.
     */
    fun resumed(dir: Path, named: Set<String>): BrowserCampaign {
        val file = dir.resolve(FILE)
        if (!Files.isRegularFile(file)) {
            throw UsageError("--resume: $dir holds no $FILE, so it is not a browser campaign this pssr can continue")
        }
        val stored = JsonFile.readObject(file)
        val now = Jackson.read(Jackson.write(asMap())) as Map<*, *>
        val differ = named.filter { stored[it] != now[it] }
        if (differ.isNotEmpty()) {
            throw UsageError(
                "--resume: $dir's campaign was started with other " +
                    differ.joinToString(", ") { "$it (${show(stored[it])} then, ${show(now[it])} now)" } +
                    "; leave them out (--resume DIR alone takes the campaign's own), or start a new one with --out",
            )
        }
        fun strings(key: String) = (stored[key] as? List<*>)?.map { it.toString() } ?: throw UsageError("--resume: $file has no $key")
        return BrowserCampaign(
            (stored["runs"] as? Number)?.toInt() ?: throw UsageError("--resume: $file has no runs"),
            strings("pages"),
            strings("renderings"),
            strings("throttling"),
            stored["filmstrips"] as? Boolean ?: true,
        )
    }

    private fun show(v: Any?): String = if (v is Double && v == Math.floor(v)) v.toLong().toString() else v.toString()

    companion object {
        const val FILE = "campaign.json"

        /** A Lighthouse report already in the folder, when it is complete (Lighthouse writes it at the end); else null. */
        fun kept(file: Path, throttling: String): LighthouseRun? = if (Files.isRegularFile(file)) {
            runCatching { Lighthouse.read(file, throttling) }.getOrNull()
        } else {
            null
        }
    }
}
