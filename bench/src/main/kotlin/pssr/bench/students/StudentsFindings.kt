package pssr.bench.students

import pssr.bench.console.Fmt
import pssr.bench.paper.Seed003Table1
import pssr.bench.results.ResultRow
import pssr.bench.students.StudentsReport.errPct
import pssr.bench.students.StudentsReport.io
import pssr.bench.students.StudentsReport.jmeterRps
import pssr.bench.students.StudentsReport.kinds
import pssr.bench.students.StudentsReport.table1Rows
import pssr.bench.students.StudentsReport.threads
import pssr.bench.students.StudentsReport.variantOf

/** Sentences about seed 003's claims, each from measured rows; a claim with no row to test it is said to be untested. */
internal object StudentsFindings {
    fun of(rows: List<ResultRow>): List<String> {
        val out = ArrayList<String>()
        val t = table1Rows(rows)
        val plat = t["mvc-platform"]
        val virt = t["mvc-virtual"]
        if (plat != null) {
            val e = errPct(plat)
            out += if (e >= 50) {
                "Reproduced: platform threads fail under the paper's profile (${Fmt.grouped(e, 2)}% errors vs the paper's " +
                    "${Seed003Table1.platform.errorText}%; ${kinds(plat)}; ${plat.config})."
            } else {
                "Not reproduced with these settings: platform threads (${plat.config}) answered ${plat.requests} requests " +
                    "with ${Fmt.grouped(e, 2)}% errors (paper: ${Seed003Table1.platform.errorText}%), " +
                    "mean ${Fmt.grouped(plat.latencyMeanMs)} ms. 200 Tomcat threads each holding a request for " +
                    "${plat.itemDelayMs} ms serve up " +
                    "to ${Fmt.grouped(200_000.0 / plat.itemDelayMs.coerceAtLeast(1))} req/s, " +
                    "above the ${Fmt.grouped(plat.floorRps, 1)} req/s the ramp can offer, so thread-per-request alone does not " +
                    "exhaust at this load" +
                    (
                        if (rows.mapNotNull(::threads).distinct().size > 1) {
                            "; the Tomcat sweep below shows which pool sizes do."
                        } else {
                            " (--tomcat-max-threads 25,50,100,200 measures which pool sizes do)."
                        }
                        )
            }
        }
        if (virt != null) {
            val floor = virt.itemDelayMs.toDouble()
            val over = virt.latencyMeanMs / floor - 1
            out +=
                "Virtual threads: mean ${Fmt.grouped(virt.latencyMeanMs)} ms against the ${Fmt.grouped(floor)} ms I/O floor " +
                "(${Fmt.grouped(over * 100, 1)}% above " +
                "it; paper ${Seed003Table1.virtual.latencyText} ms) with ${Fmt.grouped(errPct(virt), 2)}% errors (paper " +
                "${Seed003Table1.virtual.errorText}%): " +
                (
                    if (over <= 0.10 && virt.errors == 0L) {
                        "reproduced."
                    } else {
                        "the excess is queueing on 2 shared cores (JMeter's 2,000 threads run on the same machine) and the query itself."
                    }
                    )
            out += "Throughput is set by the profile, not the server: ${virt.users} users x loops over the ramp allow at " +
                "most ${Fmt.grouped(virt.floorRps, 1)} req/s; " +
                "virtual threads reached ${Fmt.grouped(
                    jmeterRps(virt),
                    1,
                )} req/s (paper ${Seed003Table1.virtual.throughputText}, which is this bound for 2,000 x " +
                "10 over 30 s + 10 " +
                "x 0.3 s)."
        }
        if (plat != null && virt != null) {
            out +=
                "Memory: peak RSS ${Fmt.grouped(plat.rssMbPeak)} MB with platform threads vs ${Fmt.grouped(virt.rssMbPeak)} MB " +
                "with virtual threads " +
                "(paper ~1,200 vs ~300 MB); live threads peak ${plat.threadsPeak} vs ${virt.threadsPeak}" + (
                    if (plat.rssMbPeak > 2 * virt.rssMbPeak) {
                        ": the 4x claim's direction is reproduced."
                    } else {
                        ": the paper's 4x difference is not reproduced here."
                    }
                    )
        }
        val sweep = rows.filter { variantOf(it) == "mvc-platform" && io(it) == "app" && threads(it) != null }
        if (sweep.map { threads(it) }.distinct().size > 1) {
            val users = sweep.maxOf { it.users }
            out += "Tomcat max threads at $users users (platform threads, I/O in the application): " +
                sweep.filter { it.users == users }.sortedBy { threads(it) }.joinToString("; ") {
                    "${threads(it)} " +
                        "threads: ${Fmt.grouped(errPct(it), 2)}% errors (${kinds(it)}), mean ${Fmt.grouped(it.latencyMeanMs)} " +
                        "ms, ${Fmt.grouped(jmeterRps(it), 1)} req/s"
                } + ". " +
                sweep.first().let { r ->
                    "Keeping up with the profile takes bound x delay = ${Fmt.grouped(r.floorRps * r.itemDelayMs / 1000.0)} " +
                        "requests in flight, one platform thread each; " +
                        "with fewer threads requests wait in Tomcat's queue, latency grows past the client's timeout and the errors are " +
                        "read timeouts (the paper's \"connection timeouts\"), " +
                        "while Tomcat keeps serving requests whose clients have already given up, so correct answers per second fall " +
                        "below the pool's own capacity."
                }
        }
        for (r in rows.filter { io(it) == "db" }.groupBy { variantOf(it) }.mapNotNull { it.value.maxByOrNull { r -> r.users } }) {
            val pool = Regex("pool=(\\d+)").find(r.config)?.groupValues?.get(1)?.toDoubleOrNull() ?: Double.NaN
            out +=
                "I/O in the database (${variantOf(r)}, ${r.users} users): ${Fmt.grouped(r.throughputRps, 1)} correct req/s " +
                "against a pool bound " +
                "of ${Fmt.grouped(pool)} / ${r.itemDelayMs} ms = ${Fmt.grouped(pool * 1000 / r.itemDelayMs, 1)} req/s: " +
                "every request holds a connection for the whole delay, so the pool, not the threads, sets the throughput " +
                "(${Fmt.grouped(errPct(r), 2)}% errors, pool timeouts ${r.errorsPoolTimeout})."
        }
        if (t.isEmpty()) out += "No row with the I/O in the application: Table 1's claims are untested in this run."
        return out
    }
}
