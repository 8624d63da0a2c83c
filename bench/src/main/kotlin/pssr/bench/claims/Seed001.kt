package pssr.bench.claims

import pssr.bench.claims.ClaimKit.compare
import pssr.bench.claims.ClaimKit.scales

/** Seed 001, the earlier draft of the benchmark (a 6-core machine, JMeter; WebFlux, Presentations): its figures' shapes. */
object Seed001 {
    private const val S = "001"
    private fun t(engine: String, approach: String) = Route("webflux", "presentations", engine, approach, 128)

    val claims: List<Claim> = listOf(
        scales("001-blocking-16", S, "results", "Blocking engines on a separate dispatcher stop scaling beyond 16 users (WebFlux, Presentations; a 6-core machine).",
            "flat past 16 users", "webflux", "presentations", null, "blocking", 16),
        compare("001-jstachio-virtual-matches-htmlflow", S, "results", "JStachio on virtual threads matches HtmlFlow at 128 users (both about 11,000 req/s on 6 cores).",
            "~11,000 vs ~11,000 req/s", Kind.SIZE, "JStachio virtual / HtmlFlow suspending", t("jstachio", "virtual"), t("htmlflow", "suspending"), Terms::comparable, 1.0),
        compare("001-thymeleaf-about-077", S, "results", "Thymeleaf reactive reaches about 0.77x HtmlFlow's throughput at 128 users (8,500 vs 11,000 req/s).",
            "~8,500 vs ~11,000 req/s", Kind.SIZE, "Thymeleaf reactive / HtmlFlow suspending", t("thymeleaf", "reactive"), t("htmlflow", "suspending"),
            { r -> Terms.about(r, 8500.0 / 11000) }, 8500.0 / 11000),
        scales("001-thymeleaf-128", S, "results", "Thymeleaf reactive scales up to 128 users, less effectively than HtmlFlow.",
            "scales to 128 users", "webflux", "presentations", "thymeleaf", "reactive", 128),
    )
}
