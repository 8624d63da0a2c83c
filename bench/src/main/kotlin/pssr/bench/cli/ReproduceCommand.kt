
package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import pssr.bench.console.UsageError
import pssr.bench.process.ConcurrencyOption
import pssr.bench.process.MeasureLock
import pssr.bench.process.Stopping
import pssr.bench.run.ReproduceRequest
import pssr.bench.run.ReproduceStart
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.Callable

@Command(
    name = "reproduce",
    mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "Run what the seeds' claims need, fitted to a time budget, into one folder, then judge every claim (./pssr claims): " +
            "the plan and its estimated time are printed before anything starts.",
        "Each phase is an ordinary ./pssr command into a folder of its own (pages per framework, students, products/forward, " +
            "browser); --resume DIR continues an interrupted reproduce, each phase where it stopped.",
        "Ends with the verdict counts and the path of claims.md.",
    ],
)
class ReproduceCommand : Callable<Int> {
    @picocli.CommandLine.Mixin lateinit var concurrency: ConcurrencyOption

    @picocli.CommandLine.Spec lateinit var spec: picocli.CommandLine.Model.CommandSpec

    // the first pass measures what the claims read (114 min estimated at 1 s windows, JMeter's windows counted; run L
    // measured 129); 150 min, the most a default reproduce may measure, leaves about 20 for the one-factor runs and the rounds
    // that decide (run L's 140 left -2), and 2 s windows (137 min estimated) do not fit its 90%: the time goes to rounds
    @Option(
        names = ["--budget"],
        paramLabel = "DURATION",
        description = [
            "Time for the whole reproduce, e.g. 90m, 2h (default \${DEFAULT-VALUE}: the " +
                "tool's setup and the papers' setups, then the one-factor runs and rounds the first pass asks for, on 2 cores); never " +
                "fewer than 3 repetitions; the plan names what " +
                "a shorter one leaves out",
        ],
    )
    var budget: String = "150m"

    @Option(
        names = ["--only"],
        split = ",",
        paramLabel = "PHASE",
        description = [
            "Run only these phases of the plan (names as --plan prints them), " +
                "e.g. pages-webflux,paper-000-pages-webflux,paper-000-ours-webflux-blocking-threads-webflux",
        ],
    )
    var only: List<String> = emptyList()

    @Option(
        names = ["--out"],
        paramLabel = "DIR",
        description = ["The folder (default results/reproduce-<time>); must not exist unless --resume"],
    )
    var out: Path? = null

    @Option(
        names = ["--resume"],
        paramLabel = "DIR",
        description = ["Continue an interrupted reproduce in DIR with the options it started with (its reproduce.json)"],
    )
    var resume: Path? = null

    @Option(
        names = ["--with"],
        split = ",",
        paramLabel = "DIR",
        description = [
            "The folders of this reproduce's other parts (--shard), run before: the claims are judged on their phase " +
                "folders with this part's, and this part's rounds serve every claim still open. Give it to the last part; " +
                "the other parts judge without rounds",
        ],
    )
    var with: List<Path> = emptyList()

    @Option(
        names = ["--plan"],
        description = ["Print the plan and its estimated time, and stop; with --resume also the one-factor runs its first pass asks for"],
    )
    var planOnly: Boolean = false

    @Option(
        names = ["--shard"],
        paramLabel = "K/N",
        description = [
            "Run part K of N of the phases (whole phases, balanced by estimate, " +
                "the same split on every machine); judge all parts together with ./pssr claims DIR...",
        ],
    )
    var shard: String? = null

    override fun call(): Int {
        if (out != null && resume != null && out!!.toAbsolutePath() != resume!!.toAbsolutePath()) {
            throw UsageError("--resume and --out name different directories; give only --resume DIR")
        }
        resume?.toAbsolutePath()?.normalize()?.let {
            if (!Files.isDirectory(it)) throw UsageError("--resume: no reproduce folder at $it")
            adoptStart(it)
        }
        val request = ReproduceRequest(budget, shard, only, out, resume, with, planOnly)
        // each phase is an ordinary command line on a new pssr command line (main's), so it parses exactly as printed
        return request.execute(Stopping.argsOf(spec), MeasureLock.describe(spec), concurrency.allowConcurrent) { args ->
            Pssr.commandLine().execute(*args.toTypedArray())
        }
    }

    /** A resume takes the plan's options its folder started with (reproduce.json), refusing ones given differently. */
    private fun adoptStart(dir: Path) {
        val start = ReproduceStart.read(dir) ?: return
        val parsed = spec.commandLine().parseResult
        val asked = ReproduceStart(budget, shard, only, with.map { it.toString() })
        val s = start.resumed(dir, asked) { parsed.hasMatchedOption(it) }
        budget = s.budget
        shard = s.shard
        only = s.only
        with = s.with.map { Path.of(it) }
    }
}
