package pssr.bench.run

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.SyntheticRun
import pssr.bench.cli.ProbeRun
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/**
 * A sharded reproduce (docs/CLAIMS.md, "Rounds"): the parts before the last judge once and run no rounds; the last part,
 * given the others' folders with `--with`, judges every part's first pass together and its rounds get what the other
 * parts left of the whole budget. A folder `--with` cannot use is one line, exit 2.
 */
class ReproducePartsTest {
    /** `./pssr ARGS` in this JVM: exit code, standard output, standard error. */
    private fun pssr(vararg args: String): Triple<Int, String, String> = ProbeRun.of(*args).let { Triple(it.code, it.out, it.err) }

    /** A measured phase folder: a small synthetic pages run of [framework] (the judging reads it like any run). */
    private fun phase(folder: Path, framework: String): Path {
        SyntheticRun.write(folder, frameworks = listOf(framework), users = listOf(1, 32, 64, 128), repetitions = 3)
        return folder
    }

    private fun refused(vararg args: String): String {
        val (code, _, err) = pssr(*args)
        assertEquals(2, code, err)
        assertEquals(1, err.trim().lines().size, "one line: $err")
        assertFalse("\tat " in err, "no stack trace: $err")
        return err
    }

    @Test
    fun `--with belongs to the last part of a sharded reproduce`(@TempDir dir: Path) {
        val part1 = dir.resolve("p1")
        phase(part1.resolve("pages-webflux"), "webflux")
        assertTrue("give it with --shard N/N" in refused("reproduce", "--plan", "--with", part1.toString()))
        assertTrue("give it with --shard N/N" in refused("reproduce", "--plan", "--shard", "1/2", "--with", part1.toString()))
    }

    @Test
    fun `a folder that is missing, measured nothing or ran rounds of its own is refused`(@TempDir dir: Path) {
        fun with(folder: Path) =
            refused("reproduce", "--plan", "--shard", "2/2", "--out", dir.resolve("p2").toString(), "--with", "$folder")
        assertTrue("no such folder" in with(dir.resolve("nowhere")))
        Files.createDirectories(dir.resolve("empty/pages-webflux"))
        assertTrue("no measured phase folder" in with(dir.resolve("empty")))
        phase(dir.resolve("rounded/pages-webflux"), "webflux")
        phase(dir.resolve("rounded/round-2-webflux-1"), "webflux")
        assertTrue("ran rounds of its own" in with(dir.resolve("rounded")))
    }

    @Test
    fun `the last part's plan counts the other parts' folders and what they left of the budget`(@TempDir dir: Path) {
        val part1 = dir.resolve("p1")
        phase(part1.resolve("pages-webflux"), "webflux")
        phase(part1.resolve("pages-mvc"), "mvc")
        Files.writeString(part1.resolve(ReproduceClock.FILE), "3600\n")
        val (code, out, err) = pssr("reproduce", "--plan", "--shard", "2/2", "--with", "$part1", "--out", dir.resolve("p2").toString())
        assertEquals(0, code, err)
        assertTrue("judged with 2 phase folders of the other parts" in out, out)
        assertTrue("the other parts spent 60 min of the 150 min budget; this part and its rounds have 90 min" in out, out)
    }

    @Test
    fun `a part before the last says its rounds are the last part's`() {
        val (code, out, err) = pssr("reproduce", "--plan", "--shard", "1/2")
        assertEquals(0, code, err)
        assertTrue("no rounds in this part" in out && "--shard 2/2 --with" in out, out)
    }

    /** The workflow over one phase whose run is complete (its `run --resume` finds every level done and writes nothing). */
    private fun workflow(
        dir: Path,
        earlier: List<Path>,
        rounds: Boolean,
        commands: MutableList<List<String>>,
        start: ReproduceStart? = null,
        code: (List<String>) -> Int = { 0 },
    ): Int {
        phase(dir.resolve("pages-quarkus"), "quarkus")
        val plan = ReproducePlan(
            listOf(ReproducePlan.Phase("pages-quarkus", "pages-quarkus", listOf("run", "--quick"), Duration.ofMinutes(1), "pages")),
            repeat = 3,
            measuredSeconds = 1,
            budget = Duration.ofMinutes(180),
        )
        return ReproduceWorkflow(dir, plan, plan.budget, "./pssr reproduce --resume $dir", "test", true, earlier, rounds, start) { args ->
            commands += args
            code(args)
        }.execute()
    }

    @Test
    fun `a part before the last judges its own folders once and measures no round`(@TempDir dir: Path) {
        val commands = ArrayList<List<String>>()
        assertEquals(0, workflow(dir.resolve("p1"), emptyList(), rounds = false, commands))
        assertEquals(listOf(listOf("run", "--quick", "--resume", dir.resolve("p1/pages-quarkus").toString())), commands, "the phase only")
        assertTrue(Files.isRegularFile(dir.resolve("p1/claims.csv")))
    }

    @Test
    fun `the last part judges the other parts' folders with its own, and its rounds serve their claims`(@TempDir dir: Path) {
        val earlier = ReproduceParts.earlierFolders(listOf(phase(dir.resolve("p1/pages-webflux"), "webflux").parent), dir.resolve("p2"))
        val commands = ArrayList<List<String>>()
        assertEquals(0, workflow(dir.resolve("p2"), earlier, rounds = true, commands))
        assertTrue(
            dir.resolve("p1/pages-webflux").toString() in Files.readString(dir.resolve("p2/claims.md")),
            "the ledger names its sources",
        )
        val rounds = commands.drop(1)
        assertTrue(rounds.any { it.containsAll(listOf("--frameworks", "webflux")) }, "a round measures the other part's routes: $rounds")
    }

    @Test
    fun `a round run refused with exit code 2 ends the rounds`(@TempDir dir: Path) {
        val earlier = ReproduceParts.earlierFolders(listOf(phase(dir.resolve("p1/pages-webflux"), "webflux").parent), dir.resolve("p2"))
        val commands = ArrayList<List<String>>()
        workflow(dir.resolve("p2"), earlier, rounds = true, commands) { args -> if ("--resume" in args) 0 else 2 }
        assertEquals(1, commands.drop(1).size, "one refused round run, none after it: ${commands.drop(1)}")
    }

    @Test
    fun `a resume continues the part its folder started as`(@TempDir dir: Path) {
        ReproduceStart("3h", "1/2", emptyList(), emptyList()).write(dir)
        val (code, out, err) = pssr("reproduce", "--plan", "--resume", "$dir")
        assertEquals(0, code, err)
        assertTrue("reproduce --shard 1/2:" in out, out)
    }

    @Test
    fun `a resume given another part than its folder started with is refused`(@TempDir dir: Path) {
        ReproduceStart("3h", "1/2", emptyList(), emptyList()).write(dir)
        val err = refused("reproduce", "--plan", "--resume", "$dir", "--shard", "2/2")
        assertTrue("--shard differs from how this reproduce started (--budget 3h --shard 1/2)" in err, err)
    }

    @Test
    fun `a resume given another budget is refused, the same budget in other words is not`(@TempDir dir: Path) {
        ReproduceStart("3h", "1/2", emptyList(), emptyList()).write(dir)
        assertTrue(
            "--budget differs from how this reproduce started" in refused("reproduce", "--plan", "--resume", "$dir", "--budget", "2h"),
        )
        val (code, out, err) = pssr("reproduce", "--plan", "--resume", "$dir", "--budget", "180m", "--shard", "1/2")
        assertEquals(0, code, err)
        assertTrue("reproduce --shard 1/2:" in out, out)
    }

    @Test
    fun `a damaged reproduce_json is one line naming the file, exit 2`(@TempDir dir: Path) {
        Files.writeString(dir.resolve(ReproduceStart.FILE), "{\"budget\": \"soon\"}")
        assertTrue(ReproduceStart.FILE in refused("reproduce", "--plan", "--resume", "$dir"))
    }

    @Test
    fun `a folder written before reproduce_json resumes with the options given`(@TempDir dir: Path) {
        val (code, out, err) = pssr("reproduce", "--plan", "--resume", "$dir", "--shard", "2/2")
        assertEquals(0, code, err)
        assertTrue("reproduce --shard 2/2:" in out, out)
    }

    @Test
    fun `a reproduce writes its start into its folder when it runs`(@TempDir dir: Path) {
        val start = ReproduceStart("3h", "1/2", emptyList(), emptyList())
        assertEquals(0, workflow(dir, emptyList(), rounds = false, ArrayList(), start))
        assertEquals(start, ReproduceStart.read(dir))
    }

    @Test
    fun `a folder's start reads back as written`(@TempDir dir: Path) {
        val start = ReproduceStart("2h", "2/2", listOf("browser"), listOf(dir.resolve("p1").toString()))
        start.write(dir)
        assertEquals(start, ReproduceStart.read(dir))
    }
}
