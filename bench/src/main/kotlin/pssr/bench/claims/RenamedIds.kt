package pssr.bench.claims

/**
 * Claim ids renamed since ledgers were committed, old to new (docs/REGISTRY.md, "Renamed ids", lists the same pairs and
 * `RenamedIdsTest` keeps the two equal). [LedgerDiff] reads an older ledger's ids through [current], so a renamed claim is
 * diffed against its old verdict instead of being listed as only in one ledger.
 */
object RenamedIds {
    val OLD_TO_NEW: Map<String, String> = mapOf(
        // a8e243b: seed 002's Figure 9 claims named for their section (5) and re-read on the paper's engines (tests changed)
        "002-6-sync-4" to "002-5-all-scale-to-4",
        "002-6-only-thymeleaf-htmlflow-32" to "002-5-only-thymeleaf-htmlflow-32",
        // cabe297: the same tests, named for their section
        "002-6-htmlflow-128" to "002-5-htmlflow-128",
        "002-6-htmlflow-doubles-thymeleaf" to "002-5-htmlflow-doubles-thymeleaf",
        // the id said "more CPU", the test was "comparable"; it now tests the paper's "only slightly higher CPU demands"
        "000-5.4-virtual-more-cpu-than-susp" to "000-5.4-virtual-cpu-slightly-above-susp",
        // both sentences close section 5.3, not 6; the buffer claim now tests both halves (8 KB buffered, 512 B streams)
        "000-6-webflux-best" to "000-5.3-webflux-best",
        "000-6-quarkus-streams-with-buffer" to "000-5.3-quarkus-streams-with-buffer",
        // the sentence is in the conclusions (7), as the claim's section said (same test)
        "000-6-virtual-comparable-consistently" to "000-7-virtual-comparable-consistently",
    )

    /** The id [id] has now: followed through every rename (an id never renamed is itself). */
    fun current(id: String): String {
        var now = id
        val seen = HashSet<String>()
        while (now in OLD_TO_NEW && seen.add(now)) now = OLD_TO_NEW.getValue(now)
        return now
    }
}
