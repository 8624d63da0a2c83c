package pssr.bench.claims

import pssr.bench.console.Fmt
import pssr.bench.stats.BASELINE
import pssr.bench.stats.RouteLevel
import pssr.views.Approach

/**
 * The kinds of claim the seeds make, built once: a route (or an approach's aggregate) scales up to N users; the ratio
 * of two measured figures is comparable / higher / lower / about k; a set of routes streams or not. Each fills in
 * the figures a verdict shows and, for a refuted one, a cause measured in the same rows.
 */
object ClaimKit {
    /** `./pssr reproduce` measures every claim's rows; a single phase is named where one suffices. */
    const val REPRODUCE = "./pssr reproduce"

    /**
     * The engines an aggregate line ("Blocking", "Virtual": [Route.engine] null) averages, by framework: the ones `reproduce`'s
     * pages phase measures at every approach (its ReproducePlan.PAGES reads this). Engines a phase adds for one claim (seed
     * 002's Sync line) or another run measured (Rocker at 8 KB) stay out, so the aggregates do not change with them.
     */
    val AGGREGATED: Map<String, List<String>> = mapOf(
        "webflux" to listOf("htmlflow", "jstachio", "thymeleaf"),
        "mvc" to listOf("htmlflow", "jstachio"),
        "quarkus" to listOf("htmlflow", "jstachio"),
    )

    /** [AGGREGATED]'s engines of [framework]; null (every engine but the baseline) for a framework it does not name. */
    fun aggregated(framework: String): List<String>? = AGGREGATED[framework]

    /** Cores busy, as a share of the machine's, from which a level counts as CPU-bound. */
    const val CPU_BOUND = 0.8

    /**
     * Why a level's throughput is what it is, from the same row: the server's CPU (cores busy, µs per request) against the
     * driver's, and whether the driver limited it. What a refuted throughput claim is measured against.
     */
    fun cause(l: RouteLevel): String = "at ${l.users} users ${l.route}: server ${Fmt.grouped(l.cpuMean / 100, 2)} cores busy, " +
        "${Fmt.grouped(l.serverCpuUs)} µs CPU per request (driver ${Fmt.grouped(l.driverCpuUs)} µs)" +
        (if (l.driverBound) ", driver-bound" else ", not driver-bound") + (if (l.errors > 0) ", ${l.errors} errors" else "") +
        (
            if (!l.pinnedPerRequest.isNaN() && l.pinnedPerRequest > 0) {
                ", ${Fmt.grouped(l.pinnedPerRequest, 3)} pinned virtual threads per request"
            } else {
                ""
            }
            ) +
        (if (!l.steady) ", not steady (the JIT took ${Fmt.grouped(l.jitShare * 100)}% of the server's CPU)" else "")

    /** The papers' top level (seeds 000-002: up to 128 users): a scaling claim reads no level the tool measures above it. */
    const val PAPERS_TOP_USERS = 128

    /**
     * "[route or aggregate] scales up to [n] users": see [Terms.scalesUpTo]. [engine] null: the aggregate of the approach's
     * engines, its figure naming them ([naming]).
     */
    fun scales(
        id: String,
        seed: String,
        section: String,
        text: String,
        paper: String,
        framework: String,
        model: String,
        engine: String?,
        approach: String,
        n: Int,
        needs: String = REPRODUCE,
    ): Claim = Claim(
        id, seed, section, text, paper, Kind.SHAPE, needs, { listOf(Route(framework, model, engine, approach, n)) },
        // where a pooled approach stops scaling is its pool's finding: the seeds' dispatcher and MVC's platform threads
        aboutPool = Approach.byId(approach)?.pooled == true,
    ) { e ->
        // the series describes where scaling stops; the verdict reads the levels next to n (traced by the ratios)
        val series = e.untraced { e.series(framework, model, engine, approach) }.filterKeys { it <= PAPERS_TOP_USERS }
        // each step's gain paired by repetition: the levels of a repetition were measured in one sweep of one JVM
        val (v, parts, grewPast) = Terms.scalesUpTo(series.keys, n) { lo, hi ->
            Terms.perDoubling(e.ratio(Route(framework, model, engine, approach, hi), Route(framework, model, engine, approach, lo)), lo, hi)
        }
        val limit = Terms.scalingLimit(series)
        val who = engine ?: "$approach engines (mean)"
        val ours = "$framework/$model $who scales up to ${limit ?: "-"} users; ${parts.joinToString("; ")}"
        val cause = if (v == Verdict.REFUTED && limit != null) {
            val at = e.levels.filter {
                it.framework == framework && it.model == model && it.approach == approach && it.users == limit &&
                    (if (engine == null) aggregated(framework)?.contains(it.engine) ?: true else it.engine == engine)
            }
                .maxByOrNull { it.throughput.median }
            // the CPU is named as the cause only where it is the measured limit: cores busy near the machine's count
            when {
                at == null -> ""

                at.cpuMean / 100 >= CPU_BOUND * e.cores -> "scaling stops at $limit users here: ${cause(at)}"

                else -> "scaling stops at $limit users here with the CPU not the limit (${Fmt.grouped(at.cpuMean / 100, 2)} of " +
                    "${e.cores} cores busy, " +
                    "${Fmt.grouped(at.serverCpuUs)} µs per request): a pool, a queue or the setup's sizes (see the setup's verdict)"
            }
        } else {
            ""
        }
        Judgement(
            if (v == Verdict.NOT_MEASURED) {
                throw MissingRows("$framework/$model ${engine ?: "*"}/$approach at $n users")
            } else {
                v
            },
            ours,
            cause = cause,
            grewPast = grewPast,
        )
    }.let { c ->
        // an aggregate names the engines its mean is over, at every level its series reads
        if (engine == null) naming(c, Route(framework, model, null, approach, n), scaling = true) else c
    }

    /**
     * A ratio of two measured figures ([a] / [b], named [what]) judged by [test] (a [Terms] word); [paperRatio] is the
     * paper's own ratio when it gives both figures. [causeOf] names the level(s) whose CPU explains a refutation.
     */
    fun ratio(
        id: String,
        seed: String,
        section: String,
        text: String,
        paper: String,
        kind: Kind,
        what: String,
        a: (Evidence) -> Estimate,
        b: (Evidence) -> Estimate,
        test: (Estimate) -> Verdict,
        paperRatio: Double? = null,
        needs: String = REPRODUCE,
        causeOf: (Evidence) -> List<RouteLevel> = { emptyList() },
    ) = Claim(id, seed, section, text, paper, kind, needs) { e ->
        val r = a(e) / b(e)
        val v = Readings.labelled(what) { test(r) }
        val cause = if (v == Verdict.REFUTED) causeOf(e).joinToString("; ") { cause(it) } else ""
        Judgement(
            v,
            "$what ${r.text("x")}",
            paperRatio?.let {
                "paper ${Fmt.grouped(it, 2)}x, ours ${Fmt.grouped(r.value, 2)}x"
            } ?: "",
            cause,
        )
    }

    /**
     * Route [a] against route [b] ([Evidence.ratio]: paired per repetition within one framework), judged by [test]; a
     * refutation's cause is the CPU of both levels (of the single routes among them).
     */
    fun compare(
        id: String,
        seed: String,
        section: String,
        text: String,
        paper: String,
        kind: Kind,
        what: String,
        a: Route,
        b: Route,
        test: (Estimate) -> Verdict,
        paperRatio: Double? = null,
        needs: String = REPRODUCE,
    ) = Claim(id, seed, section, text, paper, kind, needs, { listOf(a, b) }, offFloor = true) { e ->
        val r = e.ratio(a, b)
        val v = Readings.labelled(what) { test(r) }
        val cause = if (v == Verdict.REFUTED) listOfNotNull(a.level(e), b.level(e)).joinToString("; ") { cause(it) } else ""
        val paired = if (r.hasInterval && e.paired(a, b)) ", paired by repetition" else ""
        Judgement(
            v,
            "$what ${r.text("x")}$paired",
            paperRatio?.let { "paper ${Fmt.grouped(it, 2)}x, ours ${Fmt.grouped(r.value, 2)}x" } ?: "",
            cause,
        )
    }

    /** "[framework]'s [approaches] routes stream" (or, with [streams] false, are buffered): every verified route's verdict. */
    fun streaming(
        id: String,
        seed: String,
        section: String,
        text: String,
        paper: String,
        framework: String,
        approaches: List<String>,
        streams: Boolean,
        needs: String = REPRODUCE,
    ) = Claim(id, seed, section, text, paper, Kind.SHAPE, needs) { e ->
        val cs = e.checks(framework, approaches)
        val want = if (streams) "streams" else "buffered"
        val matching = cs.count { it.verdict == want }
        val others = cs.filter { it.verdict != want }
        val v = if (others.isEmpty()) Verdict.HOLDS else Verdict.REFUTED
        Judgement(
            v,
            "$matching of ${cs.size} $framework ${approaches.joinToString("/")} routes $want (verified at 100 ms per item)",
            cause = others.take(3).joinToString("; ") {
                "${it.path}: ${it.verdict}, first item at ${Fmt.grouped(it.firstItemMs)} ms, last byte at " +
                    "${Fmt.grouped(it.lastByteMs)} ms, ${it.chunks} chunks"
            },
        )
    }

    /**
     * The engines an approach's aggregate is the mean of in the evidence ([users] null: at any level), e.g. "htmlflow,
     * jstachio": the paper's aggregate lines average eight engines, ours the ones measured.
     */
    fun enginesOf(e: Evidence, framework: String, model: String, approach: String, users: Int? = null): List<String> = e.levels.filter {
        it.framework == framework && it.model == model && it.approach == approach && (users == null || it.users == users) &&
            it.engine != BASELINE && aggregated(framework)?.contains(it.engine) ?: true
    }
        .map { it.engine }.distinct().sorted()

    /**
     * [c] with its figure naming the engines each aggregate route of [aggregates] ([Route.engine] null) is the mean of;
     * [scaling] true names them over every level (a scaling claim) rather than at the route's level.
     */
    fun naming(c: Claim, vararg aggregates: Route, scaling: Boolean = false): Claim =
        Claim(c.id, c.seed, c.section, c.text, c.paper, c.kind, c.needs, c.compared, c.offFloor, c.aboutPool) { e ->
            val j = c.judge(e)
            val notes = aggregates.filter { it.engine == null }.map { r ->
                val es = enginesOf(e, r.framework, r.model, r.approach, if (scaling) null else r.users)
                "${r.framework} ${r.approach} = mean of ${es.joinToString(", ").ifEmpty { "-" }}"
            }.distinct()
            if (notes.isEmpty()) j else j.copy(ours = "${j.ours} (${notes.joinToString("; ")})")
        }

    /**
     * Framework [a]'s mean of each approach over the engines both frameworks serve ([Seed000Kit.SHARED]) against [b]'s, at its
     * level on [model] ([at]: approach to users), each judged by [test], the claim by [Terms.all]; judged one level up where
     * a side sits at its latency floor ([Claim.offFloor]).
     */
    fun frameworks(
        id: String,
        seed: String,
        section: String,
        text: String,
        paper: String,
        model: String,
        a: String,
        b: String,
        test: (Estimate) -> Verdict,
        vararg at: Pair<String, Int>,
    ) = Claim(
        id, seed, section, text, paper, Kind.SHAPE, REPRODUCE,
        { at.flatMap { (approach, users) -> listOf(Route(a, model, null, approach, users), Route(b, model, null, approach, users)) } },
        offFloor = true,
    ) { e ->
        val parts = at.map { (approach, users) ->
            val r = e.aggregate(a, model, approach, users, Seed000Kit.SHARED) / e.aggregate(b, model, approach, users, Seed000Kit.SHARED)
            val what = "$a / $b $approach (mean of ${Seed000Kit.SHARED.joinToString(", ")}) at $users users"
            Triple(what, r, Readings.labelled(what) { test(r) })
        }
        val text = parts.joinToString("; ") { (what, r, v) -> "$what: ${r.text("x")} ${v.word}" }
        Judgement(Terms.all(*parts.map { it.third }.toTypedArray()), text)
    }

    /**
     * Several route pairs ([pairs]: what, A, B), each ratio ([Evidence.ratio]) judged by [test], the claim by [Terms.all]; a
     * refuted pair's cause is the CPU of its single routes' levels.
     */
    fun compareAll(
        id: String,
        seed: String,
        section: String,
        text: String,
        paper: String,
        kind: Kind,
        test: (Estimate) -> Verdict,
        needs: String = REPRODUCE,
        pairs: (Evidence) -> List<Triple<String, Route, Route>>,
    ) = compareEach(id, seed, section, text, paper, kind, needs) { e -> pairs(e).map { (what, a, b) -> Part(what, a, b, test) } }
}

/** One half of a compound statement: route [a] against route [b] (named [what]), judged by its own [test]. */
class Part(val what: String, val a: Route, val b: Route, val test: (Estimate) -> Verdict)

/**
 * A compound statement ("lower than the Blocking and Virtual approaches"): every [Part] judged by its own test, the claim by
 * [Terms.all] (holds when every part holds, refuted when any is); a refuted part's cause is the CPU of its single routes' levels.
 */
internal fun compareEach(
    id: String,
    seed: String,
    section: String,
    text: String,
    paper: String,
    kind: Kind,
    needs: String = ClaimKit.REPRODUCE,
    parts: (Evidence) -> List<Part>,
) = Claim(id, seed, section, text, paper, kind, needs, { e -> parts(e).flatMap { listOf(it.a, it.b) } }, offFloor = true) { e ->
    val ps = parts(e).ifEmpty { throw MissingRows("the routes of $id") }
    val judged = ps.map { p -> e.ratio(p.a, p.b).let { r -> Triple(p, r, Readings.labelled(p.what) { p.test(r) }) } }
    val v = Terms.all(*judged.map { it.third }.toTypedArray())
    val cause = judged.filter { it.third == Verdict.REFUTED }.take(3)
        .flatMap { (p, _, _) -> listOfNotNull(p.a.level(e), p.b.level(e)) }.distinct().joinToString("; ") { ClaimKit.cause(it) }
    Judgement(v, judged.joinToString("; ") { (p, r, w) -> "${p.what} ${r.text("x")} ${w.word}" }, cause = cause)
}
