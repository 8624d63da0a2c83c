
package pssr.bench

import pssr.bench.report.Report
import pssr.bench.results.RouteCheck
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path
import kotlin.math.min
import kotlin.random.Random

/**
 * A plausible run directory written through [RunDirectory], for the report and compare tests (and, with
 * -Dpssr.demoDir=..., for looking at the charts by eye). Shapes follow the paper: non-blocking routes track
 * the latency floor until their capacity, blocking stops scaling at 4 users.
 */
object SyntheticRun {
    val engines = listOf("baseline", "htmlflow", "thymeleaf", "jstachio", "kotlinx", "rocker", "pebble", "freemarker", "trimou", "velocity")
    private val capacity = mapOf(
        "baseline" to 6000.0, "htmlflow" to 4600.0, "thymeleaf" to 2600.0, "jstachio" to 3500.0,
        "kotlinx" to 4000.0,
        "rocker" to 4200.0, "pebble" to 3000.0, "freemarker" to 2800.0, "trimou" to 2400.0, "velocity" to 2500.0,
    )

    fun approaches(engine: String, framework: String): List<String> = when (framework) {
        "mvc" -> listOf("virtual", "blocking")

        else -> when (engine) {
            "baseline", "htmlflow" -> listOf("reactive", "suspending", "virtual", "blocking")
            "thymeleaf" -> listOf("reactive", "virtual", "blocking")
            else -> listOf("virtual", "blocking")
        }
    }

    fun broken(fw: String, model: String, engine: String, approach: String) =
        fw == "webflux" && engine == "velocity" && approach == "blocking" && model == "stocks"

    fun write(
        dir: Path,
        frameworks: List<String> = listOf("webflux"),
        models: List<String> = listOf("presentations", "stocks"),
        users: List<Int> = listOf(1, 2, 4, 8, 16, 32, 64, 128),
        repetitions: Int = 2,
        engines: List<String> = this.engines,
        scale: Double = 1.0,
        noise: Double = 0.03,
        seed: Int = 7,
        verification: Boolean = true,
    ): RunDirectory {
        val run = RunDirectory(dir)
        val rnd = Random(seed)
        Files.createDirectories(dir)
        Files.writeString(
            run.environment,
            """{"jdk":{"vendor":"Eclipse Adoptium","version":"25"},"cores":2,"pinning":"server=1 load=0","options":{"users":[${users.joinToString(
                ",",
            )}],"repeat":$repetitions},"git":"abc123"}""",
        )
        for (fw in frameworks) {
            for (model in models) {
                val items = if (model == "presentations") 10 else 20
                val modelFactor = if (model == "presentations") 1.0 else 0.6
                for (rep in 1..repetitions) {
                    for (engine in engines) {
                        for (approach in approaches(engine, fw)) {
                            for (u in users) {
                                if (verification && broken(fw, model, engine, approach)) continue // failed verification: never load-tested
                                val floor = u / (items * 0.001)
                                val cap = capacity.getValue(engine) * modelFactor * scale * (if (approach == "reactive") 0.9 else 1.0)
                                val ideal = if (approach == "blocking" && fw == "webflux") {
                                    min(floor, 4 / (items * 0.001)) * 0.95
                                } else {
                                    min(floor * 0.92, cap)
                                }
                                val thr = ideal * (1 + noise * (rnd.nextDouble() * 2 - 1))
                                val lat = u / thr * 1000
                                val errors = if (engine == "velocity" && u == 128 && fw == "webflux") 12 else 0
                                run.append(
                                    resultRow(
                                        fw, model, engine, approach, u, rep, thr, lat, errors.toLong(), floorRps = floor,
                                        firstItemP99Ms = if (approach == "blocking") {
                                            lat * 1.4
                                        } else {
                                            3.0 + u / 10.0
                                        },
                                        cpuPct = min(190.0, thr / 30),
                                        rssMb = 300.0 + u, driverBound = thr > 0.8 * 9000,
                                    ),
                                )
                            }
                        }
                    }
                }
            }
        }
        if (verification) {
            for (fw in frameworks) {
                for (model in models) {
                    for (engine in engines) {
                        for (approach in approaches(engine, fw)) {
                            val items = if (model == "presentations") 10 else 20
                            val buffered = engine == "trimou" && approach in listOf("virtual", "blocking")
                            val timeline = if (buffered) {
                                "${items * 100 + 3}.0:${items * 300 + 600}"
                            } else {
                                (
                                    listOf("2.0:400") + (1..items).map {
                                        "${it * 100 + 1}.0:300"
                                    } + listOf("${items * 100 + 2}.0:200")
                                    ).joinToString(";")
                            }
                            val broken = broken(fw, model, engine, approach)
                            run.append(
                                RouteCheck(
                                    fw, model, engine, approach, "/$model/$engine/$approach",
                                    claimsStreaming = !(
                                        engine == "trimou" &&
                                            approach == "virtual"
                                        ),
                                    verdict = if (broken) {
                                        "malformed"
                                    } else if (buffered) {
                                        "buffered"
                                    } else {
                                        "streams"
                                    },
                                    bodyOk = !broken,
                                    ttfbMs = if (buffered) {
                                        items *
                                            100.0
                                    } else {
                                        2.0
                                    },
                                    firstItemMs = if (buffered) items * 100.0 + 3 else 101.0, lastByteMs = items * 100.0 + 3,
                                    chunks = if (buffered) {
                                        1
                                    } else {
                                        items +
                                            2
                                    },
                                    bytes = items * 300 + 600,
                                    timeline = timeline,
                                    error = if (broken) "body ends before </html>, 3 of 20 items" else "",
                                ),
                            )
                        }
                    }
                }
            }
        }
        return run
    }
}

/** Writes a full synthetic run (two frameworks, three repetitions) and its report into an empty DIR, to look at: `SyntheticRunKt DIR`. */
fun main(args: Array<String>) {
    val dir = Path.of(args.firstOrNull() ?: error("usage: SyntheticRunKt DIR"))
    require(!Files.exists(dir) || Files.list(dir).use { it.findFirst().isEmpty }) { "$dir is not empty" }
    val run = SyntheticRun.write(dir, frameworks = listOf("webflux", "mvc"), repetitions = 3)
    println(Report.write(run))
}
