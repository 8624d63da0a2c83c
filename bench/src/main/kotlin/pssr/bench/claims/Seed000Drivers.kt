package pssr.bench.claims

import pssr.bench.claims.Seed000Kit.S
import pssr.bench.console.Fmt

/** Seed 000, section 5.1: JMeter against Apache Bench on the same routes, the check the paper ran before it kept JMeter only. */
internal object Seed000Drivers {
    private const val NEEDS = "./pssr reproduce --only drivers-jmeter,drivers-ab"

    /**
     * The paper's extremes of one approach's difference between the two drivers, -16.53% and +14.66%, with no sign convention
     * named: the wider as a ratio either way, ab / JMeter within 1 - 0.1653 .. 1 / (1 - 0.1653) (0.835 .. 1.198), which holds
     * both extremes under either convention.
     */
    private const val LOW = 1 - 0.1653

    val claims: List<Claim> = listOf(
        Claim(
            "000-5.1-jmeter-vs-ab",
            S,
            "5.1",
            "JMeter and Apache Bench give the same throughput within a few percent (2.83% mean absolute difference).",
            "2.83% mean absolute difference",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val d = e.driverDifference("jmeter", "ab")
            Judgement(
                Terms.below(d, 0.05),
                "|ab - JMeter| / JMeter over the routes and levels both measured: ${d.text(digits = 3)} (the " +
                    "same routes, one JVM per driver)",
                "paper 0.028, ours ${Fmt.fixed(d.value, 3, Fmt.NAN)}",
            )
        },
        Claim(
            "000-5.1-jmeter-ab-within-extremes",
            S,
            "5.1",
            "On no route and level do JMeter and Apache Bench differ by more than the paper's extremes for one approach, -16.53% " +
                "and +14.66%: every ab / JMeter (the two drivers' means over their repetitions, with the ratio's interval) within " +
                "${Fmt.fixed(LOW, 3)} .. ${Fmt.fixed(1 / LOW, 3)} (the paper names no sign convention: the wider extreme, as a " +
                "ratio, either way).",
            "-16.53% to +14.66% per approach",
            Kind.SIZE,
            NEEDS,
        ) { e ->
            val ds = e.driverDifferences("jmeter", "ab")
            // each route's ratio with its interval: a mean near an extreme is no verdict until its interval is clear of it
            val judged = e.driverRatios("jmeter", "ab").map { (route, r) -> Triple(route, r, Terms.within(r, LOW..1 / LOW)) }
            Judgement(
                Terms.all(*judged.map { it.third }.toTypedArray()),
                "ab / JMeter over ${judged.size} routes and levels, within ${Fmt.fixed(LOW, 3)} .. ${Fmt.fixed(1 / LOW, 3)}: " +
                    judged.joinToString("; ") { (route, r, v) -> "$route ${r.text("x")} ${v.word}" },
                "paper -16.53% to +14.66%, ours ${pct(ds.values.min())} to ${pct(ds.values.max())} (the means)",
            )
        },
    )

    private fun pct(x: Double) = (if (x > 0) "+" else "") + Fmt.percent(x * 100, 2, Fmt.NAN)
}
