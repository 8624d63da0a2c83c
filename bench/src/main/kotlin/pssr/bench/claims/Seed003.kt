package pssr.bench.claims

import pssr.bench.console.Fmt
import pssr.bench.paper.Seed003Table1
import pssr.bench.project.Workloads
import pssr.bench.results.ResultRow
import pssr.bench.students.StudentsReport

/**
 * Seed 003, virtual vs platform threads in a PostgreSQL-backed Spring Boot portal under 2,000 users (JMeter, 30 s
 * ramp-up, 10 loops, 300 ms of I/O): Table 1 and the abstract. Each figure is one JMeter run per variant, its mean latency and
 * throughput with an interval from the run's own batches (docs/CLAIMS.md).
 */
object Seed003 {
    private const val S = "003"
    private const val NEEDS = "./pssr run --workloads students"

    private fun table(e: Evidence): Pair<ResultRow, ResultRow> {
        val t = StudentsReport.table1Rows(e.rows(Workloads.STUDENTS))
        return (t["mvc-platform"] ?: throw MissingRows("mvc-platform")) to (t["mvc-virtual"] ?: throw MissingRows("mvc-virtual"))
    }

    private const val IO_MS = Seed003Table1.IO_MS
    private val PLATFORM = Seed003Table1.platform
    private val VIRTUAL = Seed003Table1.virtual
    private fun p(v: Double) = Estimate.point(v)

    /**
     * One run's peak heap against another's decides only past [ONE_RUN_HEAP] ("increasing sharply"): a peak moves with when
     * the collector last ran, and the students phase runs each variant once (runs L and M read virtual / platform 1.34x and
     * 0.84x on the same code). Lower still than that holds, higher than its inverse refutes; between, inconclusive.
     */
    private fun oneRunHeap(r: Estimate): Verdict = Readings.record(
        r,
        Double.NEGATIVE_INFINITY,
        ONE_RUN_HEAP,
        when {
            r.value <= ONE_RUN_HEAP -> Verdict.HOLDS
            r.value >= 1 / ONE_RUN_HEAP -> Verdict.REFUTED
            else -> Terms.unforecast()
        },
    )

    /** Half the platform run's heap or less: "sharply", beyond what one run's collector timing moves. */
    private const val ONE_RUN_HEAP = 0.5

    /** Two runs' megabytes as the claims print them: "182 vs 125 MB". */
    private fun mb(a: Double, b: Double) = "${Fmt.grouped(a, missing = Fmt.NAN)} vs ${Fmt.grouped(b, missing = Fmt.NAN)} MB"

    /** Table 1's sizes: mean latency virtual / platform, throughput virtual / platform. */
    private val LATENCY = VIRTUAL.latencyMs / PLATFORM.latencyMs
    private val THROUGHPUT = VIRTUAL.throughput / PLATFORM.throughput

    /** The abstract's "75%" less memory: Table 1's RAM virtual / platform (~300 / ~1,200 MB). */
    private val MEMORY = VIRTUAL.ramMb / PLATFORM.ramMb

    /** Table 1's platform-thread error rate, percent. */
    private val ERRORS = PLATFORM.errorPct

    val claims: List<Claim> = listOf(
        Claim(
            "003-t1-virtual-faster",
            S,
            "Table 1",
            "Virtual threads answer faster on average than platform threads under 2,000 users, by about the paper's size " +
                "(${VIRTUAL.latencyText} vs ${PLATFORM.latencyText} ms there, ${Terms.aboutText(LATENCY)}).",
            "${VIRTUAL.latencyText} vs ${PLATFORM.latencyText} ms",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (platform, virtual) = table(e)
            val r = e.profileMeanMs(virtual) / e.profileMeanMs(platform)
            Judgement(
                Terms.about(r, LATENCY),
                "mean latency virtual / platform, ${Terms.aboutText(
                    LATENCY,
                )}: ${r.text("x")} (${Fmt.grouped(virtual.latencyMeanMs, missing = Fmt.NAN)} vs " +
                    "${Fmt.grouped(platform.latencyMeanMs, missing = Fmt.NAN)} ms)",
                "paper ${Fmt.fixed(LATENCY, 2, Fmt.NAN)}x, ours " +
                    "${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                cause =
                "platform threads: ${platform.threadsPeak} live threads at peak, ${platform.errors} errors; the ${Fmt.grouped(
                    IO_MS,
                )} ms I/O " +
                    "bounds both",
            )
        },
        Claim(
            "003-t1-platform-errors",
            S,
            "Table 1",
            "Platform threads fail a large share of requests under 2,000 users, about the paper's ${PLATFORM.errorText}%: the error " +
                "share within ${PLATFORM.errorText}% / ${Terms.ABOUT} .. ${PLATFORM.errorText}% x ${Terms.ABOUT} " +
                "(${Fmt.fixed(ERRORS / Terms.ABOUT, 2)}-100%).",
            "${PLATFORM.errorText}% errors",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (platform, _) = table(e)
            val pct = StudentsReport.errPct(platform)
            // one run's share (no interval): about the paper's share, two-sided, as every size a paper gives
            val v = Terms.near(p(pct / ERRORS))
            Judgement(
                v,
                "platform threads: ${Fmt.fixed(pct, 2, Fmt.NAN)}% errors of ${platform.requests} requests (about ${PLATFORM.errorText}%: " +
                    "${Fmt.fixed(ERRORS / Terms.ABOUT, 2)}-100%, a share's top)",
                cause = if (v == Verdict.REFUTED) {
                    "Tomcat's ${Regex("tomcatMaxThreads=(\\d+)").find(platform.config)?.groupValues?.get(1) ?: "200"} threads " +
                        "x (1 / 0.3 s) exceed the ~${Fmt.grouped(
                            VIRTUAL.throughput,
                        )} req/s the load profile sends; peak ${platform.threadsPeak} threads, " +
                        "${Fmt.fixed(platform.serverCpuUsPerRequest, 0, Fmt.NAN)} µs CPU per request"
                } else {
                    ""
                },
            )
        },
        Claim(
            "003-t1-virtual-no-errors",
            S,
            "Table 1",
            "Virtual threads serve all 2,000 users without errors (${VIRTUAL.errorText}% there).",
            "${VIRTUAL.errorText}% errors",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (_, virtual) = table(e)
            val pct = StudentsReport.errPct(virtual)
            Judgement(
                if (virtual.errors == 0L) Verdict.HOLDS else Verdict.REFUTED,
                "virtual threads: ${Fmt.fixed(pct, 2, Fmt.NAN)}% errors of ${virtual.requests} requests",
            )
        },
        Claim(
            "003-t1-virtual-more-throughput",
            S,
            "Table 1",
            "Virtual threads deliver more throughput than platform threads, by about the paper's size " +
                "(${VIRTUAL.throughputText} vs ${PLATFORM.throughputText} req/s there, " +
                "\"3x faster\", ${Terms.aboutText(THROUGHPUT)}).",
            "${VIRTUAL.throughputText} vs ${PLATFORM.throughputText} req/s",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (platform, virtual) = table(e)
            val r = e.profileRps(virtual) / e.profileRps(platform)
            Judgement(
                Terms.about(r, THROUGHPUT),
                "throughput virtual / platform, ${Terms.aboutText(THROUGHPUT)}: ${r.text("x")}",
                "paper ${Fmt.fixed(THROUGHPUT, 2, Fmt.NAN)}x, ours " +
                    "${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                cause = "both are bounded by the load profile (2,000 users x 10 loops over the 30 s ramp-up plus 10 x 0.3 s): a server " +
                    "that keeps up cannot exceed it",
            )
        },
        Claim(
            "003-3.1.1-virtual-near-io-floor",
            S,
            "3.1.1",
            "Virtual threads' mean latency is nearly the ${Fmt.grouped(IO_MS)} ms of simulated I/O each request waits: within 10% " +
                "of it (${VIRTUAL.latencyText} ms there).",
            "${VIRTUAL.latencyText} ms, nearly the ${Fmt.grouped(IO_MS)} ms limit",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (_, virtual) = table(e)
            val r = e.profileMeanMs(virtual).over(IO_MS)
            Judgement(
                Terms.comparable(r),
                "mean latency virtual / ${Fmt.grouped(
                    IO_MS,
                )} ms of I/O ${r.text("x")} (${Fmt.grouped(virtual.latencyMeanMs, missing = Fmt.NAN)} ms)",
                "paper ${Fmt.fixed(VIRTUAL.latencyMs / IO_MS, 2, Fmt.NAN)}x, ours ${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
            )
        },
        Claim(
            "003-abstract-memory-75",
            S,
            "abstract",
            "Virtual threads cut memory by about ${Fmt.fixed((1 - MEMORY) * 100, 0)}% against platform threads " +
                "(~${Fmt.grouped(VIRTUAL.ramMb)} vs ~${Fmt.grouped(PLATFORM.ramMb)} MB there, ${Terms.aboutText(MEMORY)}).",
            "${Fmt.fixed((1 - MEMORY) * 100, 0)}% less memory",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (platform, virtual) = table(e)
            val r = p(virtual.rssMbPeak) / p(platform.rssMbPeak)
            Judgement(
                Terms.about(r, MEMORY),
                "peak RSS virtual / platform, ${Terms.aboutText(
                    MEMORY,
                )}: ${r.text("x")} (${mb(virtual.rssMbPeak, platform.rssMbPeak)})",
                "paper ${Fmt.fixed(MEMORY, 2)}x, ours ${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                cause = "platform threads peaked at ${platform.threadsPeak} threads, virtual at ${virtual.threadsPeak}: with no " +
                    "failures, the platform server never grew the thread stacks the paper's did",
            )
        },
        Claim(
            "003-3.1.3-virtual-heap-lower",
            S,
            "3.1.3",
            "Virtual threads' heap grows less than platform threads' under 2,000 users (\"heap memory growth is significantly more " +
                "controlled\", \"increasing sharply\" with platform threads): the virtual run's peak heap at most half the " +
                "platform run's, as one run of each can show it (a peak moves with the collector's timing; nearer than 2x " +
                "either way decides nothing). " +
                "The paper gives no platform figure; its reason, thread stacks, is native memory, so this judges what it observed.",
            "heap about 50 MB with virtual threads, increasing sharply with platform threads",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (platform, virtual) = table(e)
            val r = p(virtual.heapMbPeak) / p(platform.heapMbPeak)
            val v = if (r.hasInterval) Terms.lower(r) else oneRunHeap(r)
            Judgement(
                v,
                "peak heap virtual / platform ${r.text("x")} (${mb(virtual.heapMbPeak, platform.heapMbPeak)})",
                "ours ${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                cause = if (v == Verdict.REFUTED) {
                    "the platform run's ${platform.threadsPeak} threads' stacks are native memory, not heap (RSS " +
                        "${mb(platform.rssMbPeak, virtual.rssMbPeak)})"
                } else {
                    ""
                },
            )
        },
        // 3.1.3: "Despite a similar number of live threads being reported, heap memory growth is significantly more controlled"
        Claim(
            "003-3.1.3-similar-live-threads",
            S,
            "3.1.3",
            "The virtual-thread run reports a similar number of live threads to the platform-thread run under 2,000 users " +
                "(\"Despite a similar number of live threads being reported\"): peak live threads virtual / platform comparable " +
                "(${Terms.COMPARABLE.start}-${Terms.COMPARABLE.endInclusive}; each run measured once).",
            "live threads around 42 (platform), \"a similar number\" (virtual)",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (platform, virtual) = table(e)
            val r = p(virtual.threadsPeak.toDouble()) / p(platform.threadsPeak.toDouble())
            val v = Terms.comparable(r)
            Judgement(
                v,
                "peak live threads virtual / platform ${r.text("x")} (${virtual.threadsPeak} vs ${platform.threadsPeak})",
                cause = if (v == Verdict.REFUTED) {
                    "the platform run's live threads are its Tomcat pool's (tomcatMaxThreads " +
                        "${Regex("tomcatMaxThreads=(\\d+)").find(platform.config)?.groupValues?.get(1) ?: "200"}), the virtual run's the " +
                        "carrier threads and the JVM's own: a count the pool's size sets, which the paper does not state"
                } else {
                    ""
                },
            )
        },
    )
}
