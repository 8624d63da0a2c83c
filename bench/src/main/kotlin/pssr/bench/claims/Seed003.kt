package pssr.bench.claims

import pssr.bench.console.Fmt
import pssr.bench.project.Workloads
import pssr.bench.results.ResultRow
import pssr.bench.students.Seed003Table1
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

    /** The simulated I/O each request waits (the seed's 300 ms; the students workload's delay). */
    private const val IO_MS = 300.0
    private fun p(v: Double) = Estimate.point(v)

    /** Table 1's sizes: mean latency virtual / platform (319 / 1,166 ms), throughput virtual / platform (606.1 / 195.9 req/s). */
    private val LATENCY = Seed003Table1.virtual.latencyMs / Seed003Table1.platform.latencyMs
    private val THROUGHPUT = Seed003Table1.virtual.throughput / Seed003Table1.platform.throughput

    /** Table 1's platform-thread error rate, percent. */
    private val ERRORS = Seed003Table1.platform.errorPct

    val claims: List<Claim> = listOf(
        Claim(
            "003-t1-virtual-faster",
            S,
            "Table 1",
            "Virtual threads answer faster on average than platform threads under 2,000 users, by about the paper's size (319 vs " +
                "1,166 ms there, ${Terms.aboutText(LATENCY)}).",
            "${Fmt.grouped(Seed003Table1.virtual.latencyMs, missing = Fmt.NAN)} vs " +
                "${Fmt.grouped(Seed003Table1.platform.latencyMs, missing = Fmt.NAN)} ms",
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
                "paper ${Fmt.fixed(Seed003Table1.virtual.latencyMs / Seed003Table1.platform.latencyMs, 2, Fmt.NAN)}x, ours " +
                    "${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                cause = "platform threads: ${platform.threadsPeak} live threads at peak, ${platform.errors} errors; the 300 ms I/O " +
                    "bounds both",
            )
        },
        Claim(
            "003-t1-platform-errors",
            S,
            "Table 1",
            "Platform threads fail a large share of requests under 2,000 users, about the paper's 81.22%: the error share within " +
                "81.22% / ${Terms.ABOUT} .. 81.22% x ${Terms.ABOUT} (${Fmt.fixed(ERRORS / Terms.ABOUT, 2)}-100%).",
            "81.22% errors",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (platform, _) = table(e)
            val pct = StudentsReport.errPct(platform)
            // one run's share (no interval): about the paper's 81.22%, two-sided, as every size a paper gives
            val v = Terms.near(p(pct / ERRORS))
            Judgement(
                v,
                "platform threads: ${Fmt.fixed(pct, 2, Fmt.NAN)}% errors of ${platform.requests} requests (about 81.22%: " +
                    "${Fmt.fixed(ERRORS / Terms.ABOUT, 2)}-${Fmt.fixed(ERRORS * Terms.ABOUT, 2)}%)",
                cause = if (v == Verdict.REFUTED) {
                    "Tomcat's ${Regex("tomcatMaxThreads=(\\d+)").find(platform.config)?.groupValues?.get(1) ?: "200"} threads " +
                        "x (1 / 0.3 s) exceed the ~606 req/s the load profile sends; peak ${platform.threadsPeak} threads, " +
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
            "Virtual threads serve all 2,000 users without errors (0.00% there).",
            "0.00% errors",
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
            "Virtual threads deliver more throughput than platform threads, by about the paper's size (606.1 vs 195.9 req/s there, " +
                "\"3x faster\", ${Terms.aboutText(THROUGHPUT)}).",
            "606.1 vs 195.9 req/s",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (platform, virtual) = table(e)
            val r = e.profileRps(virtual) / e.profileRps(platform)
            Judgement(
                Terms.about(r, THROUGHPUT),
                "throughput virtual / platform, ${Terms.aboutText(THROUGHPUT)}: ${r.text("x")}",
                "paper ${Fmt.fixed(Seed003Table1.virtual.throughput / Seed003Table1.platform.throughput, 2, Fmt.NAN)}x, ours " +
                    "${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                cause = "both are bounded by the load profile (2,000 users x 10 loops over the 30 s ramp-up plus 10 x 0.3 s): a server " +
                    "that keeps up cannot exceed it",
            )
        },
        Claim(
            "003-3.1.1-virtual-near-io-floor",
            S,
            "3.1.1",
            "Virtual threads' mean latency is nearly the 300 ms of simulated I/O each request waits: within 10% of it (319 ms there).",
            "319 ms, nearly the 300 ms limit",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (_, virtual) = table(e)
            val r = e.profileMeanMs(virtual).over(IO_MS)
            Judgement(
                Terms.comparable(r),
                "mean latency virtual / 300 ms of I/O ${r.text("x")} (${Fmt.grouped(virtual.latencyMeanMs, missing = Fmt.NAN)} ms)",
                "paper ${Fmt.fixed(Seed003Table1.virtual.latencyMs / IO_MS, 2, Fmt.NAN)}x, ours ${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
            )
        },
        Claim(
            "003-abstract-memory-75",
            S,
            "abstract",
            "Virtual threads cut memory by about 75% against platform threads (~300 vs ~1,200 MB there, ${Terms.aboutText(0.25)}).",
            "75% less memory",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val (platform, virtual) = table(e)
            val r = p(virtual.rssMbPeak) / p(platform.rssMbPeak)
            Judgement(
                Terms.about(r, 0.25),
                "peak RSS virtual / platform, ${Terms.aboutText(
                    0.25,
                )}: ${r.text("x")} (${Fmt.grouped(virtual.rssMbPeak, missing = Fmt.NAN)} vs " +
                    "${Fmt.grouped(platform.rssMbPeak, missing = Fmt.NAN)} MB)",
                "paper 0.25x, ours ${Fmt.fixed(r.value, 2, Fmt.NAN)}x",
                cause = "platform threads peaked at ${platform.threadsPeak} threads, virtual at ${virtual.threadsPeak}: with no " +
                    "failures, the platform server never grew the thread stacks the paper's did",
            )
        },
    )
}
