package pssr.bench.setup

import pssr.bench.setup.Applied.NotApplied

/**
 * The framework versions each paper ran, as a setting of its setup ([Setups]): what the paper (or the seeds' code) says,
 * what the tool's servers run, and why the tool does not apply the paper's (one version of each framework per build).
 */
object FrameworkVersions {
    /** Every Spring server's Spring Boot, as the parent pom.xml pins it (FrameworkVersionsTest checks it). */
    const val SPRING_BOOT = "4.0.7"

    /** The Quarkus server's platform, as the parent pom.xml pins it. */
    const val QUARKUS = "3.37.0"

    /** The Helidon server's WebServer, as the parent pom.xml pins it (no paper ran Helidon). */
    const val HELIDON = "4.5.0"

    /** What this build's servers run, recorded in each run's environment.json so that a ledger can say what its rows ran on. */
    val ofThisBuild: Map<String, String> = linkedMapOf("spring-boot" to SPRING_BOOT, "quarkus" to QUARKUS, "helidon" to HELIDON)

    private const val REPO = "@76ea8fc"
    private const val FACTOR = "framework-version"
    private const val WHAT = "Framework versions"
    private const val BOTH = "Spring Boot $SPRING_BOOT (WebFlux, MVC), Quarkus $QUARKUS"
    private const val SEEDS_CODE = "Spring Boot 3.4.5 (WebFlux, MVC), Quarkus 3.15.4"
    private const val SEEDS_CODE_SOURCE = "pssr-benchmark-spring-webflux/build.gradle.kts:3, " +
        "pssr-benchmark-spring-mvc/build.gradle.kts:5, pssr-benchmark-quarkus/build.gradle.kts:5,22$REPO"

    private val notApplied = NotApplied(
        "one version of each framework per build (the parent pom.xml pins Spring Boot's and Quarkus's, the same for every " +
            "server and setup): the paper's would be another build of every server",
    )

    val paper000 = Setting(FACTOR, WHAT, SEEDS_CODE, BOTH, "§5.1 names none; the seeds' code: $SEEDS_CODE_SOURCE", notApplied)

    val paper001 = Setting(
        FACTOR,
        WHAT,
        "not stated (the seeds' code at 76ea8fc, which paper-000 ran: $SEEDS_CODE)",
        BOTH,
        "seed 001 names no framework version; $SEEDS_CODE_SOURCE",
        notApplied,
    )

    val paper002 = Setting(
        FACTOR,
        WHAT,
        "not stated (Spring WebFlux)",
        "Spring Boot $SPRING_BOOT (WebFlux)",
        "seed 002 names no framework version",
        notApplied,
    )

    val paper003 = Setting(
        FACTOR,
        WHAT,
        "Spring Boot, version not stated",
        "Spring Boot $SPRING_BOOT",
        "seed 003 §2: \"a Spring Boot-based RESTful web application running on the Java 21 runtime\"",
        notApplied,
    )

    val paper004 = Setting(
        FACTOR,
        WHAT,
        "Spring 5.2.32 (Spring Framework, as printed; Boot not named)",
        "Spring Boot $SPRING_BOOT (Spring Framework 7.0)",
        "seed 004 §3.1 and §3.2: \"Spring version 5.2.32 was employed\"",
        notApplied,
    )
}
