package pssr.bench.setup

import pssr.bench.console.UsageError
import pssr.bench.setup.Applied.LaunchVariant
import pssr.bench.setup.Applied.NotApplied
import pssr.bench.setup.Applied.RunArgs
import pssr.bench.setup.Applied.RunDefault
import pssr.bench.setup.Applied.ServerFlag

/**
 * The seeds' setups as data: every setting each paper ran with, from its text and from the seeds' repository
 * (xmlet/comparing-non-blocking-progressive-ssr) at the commit the paper was submitted with, 76ea8fc (2025-05-30).
 * docs/SETUPS.md is the same list for a reader. A setting whose value the paper's machine decided says which machine.
 */
object Setups {
    private const val REPO = "@76ea8fc"

    /**
     * Why the paper's driver is applied although it costs more CPU per request than the servers here (docs/HARNESS.md): the
     * paper's figures were measured with it on the same cores, and that shared CPU is the condition its scaling shapes come from.
     */
    private const val DRIVER_NOTE = "on the same cores as the servers, as the paper ran it (JMeter costs about twice the server's CPU " +
        "per request here: the routes leave the floor after 32-64 users, as in the paper); `--ours driver` measures the same " +
        "routes under wrk"

    /** Spring MVC with one platform thread per request (seeds 000 and 001's code): a pool larger than the 128 users never queues. */
    private fun mvcThreadPerRequest(source: String) = Setting(
        "mvc-blocking-threads",
        "Spring MVC platform threads that render `blocking` pages",
        "256",
        "256",
        source,
        ServerFlag("mvc", "-Dpssr.blocking-pool-size=256"),
        approaches = listOf("blocking"),
        reported = "blockingPoolSize" to "256",
    )

    /** Quarkus's default worker pool, max(8 x CPUs, 200): 200 on both papers' machines. */
    private fun quarkusDefaultWorkers(source: String, machine: String) = Setting(
        "quarkus-worker-threads", "Quarkus worker pool (runs the `blocking` routes)", "200", "256", source,
        ServerFlag("quarkus", "-Dpssr.blocking-pool-size=200"), approaches = listOf("blocking"), reported = "workerPoolSize" to "200",
        machine = machine,
    )

    /** Seed 000's pages, as its §5.1 and its code at 76ea8fc ran them (also seed 001's and 002's WebFlux pages, see below). */
    val PAPER_000 = Setup(
        "paper-000",
        "000",
        "Seed 000 (PSSR with virtual threads, main paper): a GitHub runner with two CPU cores and " +
            "two threads per core, JDK 21 (Corretto), JMeter",
        listOf(
            Setting(
                "webflux-blocking-threads", "WebFlux blocking dispatcher threads (the `blocking` routes)", "4", "256",
                "PresentationsRoutes.kt:52 and StocksRoutes.kt:52$REPO: `CoroutineScope(Dispatchers.Default)`, whose threads are the " +
                    "machine's hardware threads; §5.1: \"two CPU cores and two threads per core\". Dispatchers.IO (64) only from d68827b " +
                    "(2025-06-27)",
                ServerFlag("webflux", "-Dpssr.blocking-pool-size=4"), approaches = listOf("blocking"), reported = "blockingPoolSize" to "4",
                machine = "the paper's runner, two CPU cores and two threads per core: 4 (this machine's Dispatchers.Default would be 2)",
            ),
            mvcThreadPerRequest(
                "§5.1: \"Both frameworks use unlimited platform thread pools\"; WebMvcConfig.kt:29-34$REPO declares a " +
                    "ThreadPoolTaskExecutor " +
                    "(corePoolSize 10, unbounded queue) that Spring Boot 3.4's MVC async support most likely did not use (it takes the " +
                    "bean named " +
                    "applicationTaskExecutor), leaving one platform thread per request: a pool larger than the 128 users never queues",
            ),
            Setting(
                "quarkus-output-buffer",
                "Quarkus REST output buffer (bytes held before a chunk is sent)",
                "8191",
                "512",
                "§5.1: \"Both Quarkus and Spring MVC implementations were configured with an 8 KB output buffer size ... despite Quarkus " +
                    "not enabling PSSR at this size\" (the repository's application.properties:1$REPO says 512, §4's streaming setting)",
                LaunchVariant("quarkus", "8k"),
                approaches = listOf("blocking", "virtual"),
                reported = "outputBufferBytes" to "8191",
            ),
            Setting(
                "quarkus-flush-per-item",
                "Quarkus StreamingOutput flushed after each item",
                "false",
                "true",
                "PresentationsResourceBlocking.kt$REPO writes the StreamingOutput without a flush",
                ServerFlag("quarkus", "-Dpssr.flush-per-item=false"),
                approaches = listOf("blocking", "virtual"),
                reported = "flushPerItem" to "false",
            ),
            quarkusDefaultWorkers(
                "quarkus application.properties$REPO sets no thread-pool property: Quarkus's default max(8 x CPUs, 200) = 200 on 4 " +
                    "hardware threads",
                "the paper's runner (4 hardware threads: 8 x 4 = 32 < 200)",
            ),
            Setting(
                "heap",
                "Server heap",
                "-Xms512m -Xmx16g",
                "-Xms512m -Xmx2g",
                "§5.1: \"The JVM arguments used were: -Xms512m -Xmx16g\" (in the scripts only from e50c8f1, 2025-06-24; at 76ea8fc the " +
                    "JVM's default heap)",
                ServerFlag(Setup.ALL, "-Xmx16g"),
            ),
            Setting(
                "mvc-virtual-jvm",
                "Spring MVC virtual threads",
                "Spring Boot's virtual threads enabled, a JVM of its own",
                "a new virtual thread per request renders the page, in the same JVM as blocking",
                "mvc build.gradle.kts:49-58$REPO (task runMVCVirtual)",
                NotApplied(
                    "the tool serves both approaches from one server so that they are compared in one JVM; " +
                        "its virtual route renders on a virtual thread per request as the paper's does",
                ),
            ),
            Setting(
                "quarkus-virtual-jvm",
                "Quarkus blocking and virtual routes",
                "one JVM each (Quarkus's virtual threads disabled / enabled)",
                "both in one JVM",
                "quarkus build.gradle.kts:40-61$REPO",
                NotApplied("as for MVC: both approaches in one JVM, compared in one run"),
            ),
            Setting(
                "driver",
                "Load driver",
                "jmeter",
                "wrk",
                ".github/workflows/bench-*.yml$REPO (JMeter 5.6.3); §5.1",
                RunDefault("--driver", "jmeter"),
                machine = DRIVER_NOTE,
            ),
            Setting(
                "jdk",
                "JDK",
                "21",
                "25",
                "§5.1 (Corretto 21); actions/setup-java java-version 21, distribution corretto$REPO",
                RunDefault("--jdk", "21"),
                machine = "Temurin 21 here (Corretto is not packaged for this machine; the same OpenJDK 21 code base): installed by " +
                    "`--jdk 21` itself when missing",
            ),
            FrameworkVersions.paper000,
            PaperLoad.profile("§5.1; bench-plan.jmx$REPO"),
            PaperLoad.warmUp("§5.1", "5 runs"),
        ),
    )

    /** Seed 001, the draft: the same benchmark on a 6-core, 12-thread machine (so Dispatchers.Default had 12 threads). */
    val PAPER_001 = Setup(
        "paper-001",
        "001",
        "Seed 001 (the draft): a local machine with 6 cores, 12 threads, Corretto 21, -Xms1024m -Xmx16g, JMeter",
        listOf(
            Setting(
                "webflux-blocking-threads", "WebFlux blocking dispatcher threads", "12", "256",
                "seed 001: \"a 6-core, 12-thread CPU\"; the blocking routes on Dispatchers.Default (as seed 000's code)",
                ServerFlag("webflux", "-Dpssr.blocking-pool-size=12"), approaches = listOf("blocking"),
                reported =
                "blockingPoolSize" to "12",
                machine = "the draft's machine: 12 hardware threads",
            ),
            Setting(
                "heap",
                "Server heap",
                "-Xms1024m -Xmx16g",
                "-Xms512m -Xmx2g",
                "seed 001: \"minimum heap size of 1024MB and a maximum heap size of 16GB\"",
                ServerFlag(Setup.ALL, "-Xmx16g"),
            ),
            mvcThreadPerRequest(
                "seed 001 §4: \"we use a thread pool TaskExecutor to process requests\", the bean paper-000's row reads in the same " +
                    "code, which Spring MVC's async support most likely did not use: one platform thread per request",
            ),
            quarkusDefaultWorkers(
                "seed 001 names no pool: Quarkus's default max(8 x CPUs, 200)",
                "the draft's machine (12 hardware threads: 8 x 12 = 96 < 200)",
            ),
            Setting(
                "quarkus-output-buffer",
                "Quarkus REST output buffer (bytes held before a chunk is sent)",
                "512",
                "512",
                "seed 001 §4: \"The default buffer size is 8KB, but we reduced it to 512 bytes\" (no 8 KB run is named, unlike seed " +
                    "000 §5.1)",
                NotApplied("the same as ours"),
            ),
            Setting("driver", "Load driver", "jmeter", "wrk", "seed 001", RunDefault("--driver", "jmeter"), machine = DRIVER_NOTE),
            Setting("jdk", "JDK", "21", "25", "seed 001: Corretto 21", RunDefault("--jdk", "21")),
            FrameworkVersions.paper001,
            PaperLoad.profile("seed 001 §5.1"),
            PaperLoad.warmUp("seed 001 §5", "runs not stated"),
        ),
        measuredAs = "paper-000",
        measuredWhy = "the draft's settings are paper-000's (JMeter, JDK 21, 16 GB heap, 256 MVC and 200 Quarkus threads) but " +
            "two: its WebFlux blocking routes (12 dispatcher threads) have a phase of their own, and its Quarkus rows are " +
            "paper-000's 8 KB build (the draft's is 512 B, a cost on throughput 000-5.1-rocker-buffer measures)",
    )

    /** Seed 002: WebFlux pages with Apache Bench on a 4-processor runner; Lighthouse for Table 1. */
    val PAPER_002 = Setup(
        "paper-002",
        "002",
        "Seed 002 (suspendable templates): a GitHub runner with 4 processors, Corretto 17, Apache Bench, Lighthouse",
        listOf(
            Setting(
                "webflux-blocking-threads", "WebFlux blocking dispatcher threads", "4", "256",
                "seed 002 §5: \"With 4 available cores ... until reaching 4 concurrent requests\" (Dispatchers.Default)",
                ServerFlag("webflux", "-Dpssr.blocking-pool-size=4"), approaches = listOf("blocking"), reported = "blockingPoolSize" to "4",
                machine = "the paper's runner: 4 processors",
            ),
            Setting(
                "driver",
                "Load driver",
                "Apache Bench (concurrency x 256 requests)",
                "wrk",
                "seed 002 §5",
                NotApplied(
                    "its pages are measured as paper-000's (below), under JMeter; `run --driver ab` runs Apache Bench, and " +
                        "000-5.1-jmeter-vs-ab judges the two drivers",
                ),
            ),
            Setting(
                "lighthouse",
                "Lighthouse preset and runs",
                "one run; scores that match the desktop thresholds",
                "mobile simulation (Lighthouse's default), median of --runs",
                "seed 002 Table 1",
                NotApplied("`./pssr browser` has no desktop preset yet"),
            ),
            FrameworkVersions.paper002,
        ),
        measuredAs = "paper-000",
        measuredWhy = "its one applied setting, 4 dispatcher threads, is paper-000's; those rows also carry paper-000's JMeter, " +
            "JDK 21 and 16 GB heap, which seed 002 (Apache Bench, Corretto 17) did not run",
    )

    /** Seed 003's students API: its Table 1 is the tool's default students run, as far as the paper states its settings. */
    val PAPER_003 = Setup(
        "paper-003",
        "003",
        "Seed 003 (virtual vs platform threads, PostgreSQL): Spring Boot on Java 21, JMeter 2,000 users; its platform run's " +
            "pool and client timeout not stated",
        listOf(
            Setting(
                "tomcat-threads",
                "Platform threads' request pool and the client's timeout",
                "not stated: its ~42 live threads (VisualVM, Figure 5) and 81% \"connection timeouts\" imply about 50 threads or " +
                    "fewer and a timeout of a few seconds",
                "Boot's 200 Tomcat threads; JMeter timeout 60 s",
                "seed 003 3.1.1 and Table 1; measured here with a 10 s timeout: 25 threads 92% errors, 50 threads 78%, 100 and " +
                    "200 none (docs/STUDENTS.md)",
                NotApplied(
                    "neither value is stated, and one read back from the error rate would be fitted to the claim it judges; " +
                        "`run --workloads students --variants mvc-platform --tomcat-max-threads 25,50 --response-timeout 10s` runs them",
                ),
            ),
            Setting(
                "load-profile",
                "Load profile",
                "2,000 users, 30 s ramp-up, 10 loops, JMeter",
                "the same",
                "seed 003",
                NotApplied("the same as ours"),
            ),
            FrameworkVersions.paper003,
        ),
    )

    /** Seed 004's products and forward: 1,000 users and 10,000 loops in the paper; the tool's default run is smaller. */
    val PAPER_004 = Setup(
        "paper-004",
        "004",
        "Seed 004 (MVC vs WebFlux, compute- and network-bound): JMeter 1,000 users, 10,000 loops",
        listOf(
            Setting(
                "api-load",
                "products/forward load",
                "1,000 users, 10,000 loops",
                "50 users (products), 25 (forward), loops fitted to the budget",
                "seed 004 §3 (JMeter plan)",
                RunArgs("api", listOf("--preset", "paper")),
            ),
            FrameworkVersions.paper004,
        ),
    )

    val all: List<Setup> = listOf(PAPER_000, PAPER_001, PAPER_002, PAPER_003, PAPER_004)

    /** The setup whose verdicts the claims of [seed] are judged under (`000`...`004`). */
    fun forSeed(seed: String): Setup? = all.firstOrNull { it.seed == seed }

    /**
     * The seeds whose claims read [setup]'s rows in the papers' column: its own seed's, and those of the setups it measures
     * ([Setup.measuredAs]: paper-000's rows judge seeds 000, 001 and 002; paper-001's only seed 001).
     */
    fun seedsJudgedBy(setup: Setup): Set<String> =
        all.filter { it.name == setup.name || it.measuredAs == setup.name }.map { it.seed }.toSet()

    fun byName(name: String): Setup = all.firstOrNull { it.name == name }
        ?: throw UsageError("unknown --setup '$name'; valid setups: ${all.joinToString(", ") { it.name }}")
}
