
package pssr.bench

import com.tngtech.archunit.base.DescribedPredicate
import com.tngtech.archunit.core.domain.JavaClass
import com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage
import com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage
import com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith
import com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameStartingWith
import com.tngtech.archunit.core.domain.JavaClasses
import com.tngtech.archunit.core.domain.JavaMethodCall
import com.tngtech.archunit.core.importer.ClassFileImporter
import com.tngtech.archunit.core.importer.ImportOption
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses
import com.tngtech.archunit.library.Architectures.layeredArchitecture
import com.tngtech.archunit.library.dependencies.SliceAssignment
import com.tngtech.archunit.library.dependencies.SliceIdentifier
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices
import org.junit.jupiter.api.Test
import java.nio.file.Files

/**
 * The architecture as a specification (docs/ARCHITECTURE.md says where to look; this test is the source of truth).
 * It reads the compiled classes of this module and of the modules on its classpath (their jars), never tests.
 *
 * Modules: model -> views -> servers -> bench, probe beside views. Maven already keeps the lower modules from
 * compiling against the higher ones; these rules say it again for what bench's classpath holds (model, views,
 * probe, jmh, testkit, servers/common and the page and students servers' jars), so a class moved into the wrong
 * module fails here with its name. servers/api, servers/spring and servers/quarkus are not on bench's classpath:
 * for them only Maven's module boundaries hold (none of them depends on bench).
 *
 * bench's packages, top to bottom; a layer may use only the layers below it (and itself):
 *  - entry:     `main` (MainKt), which runs cli's `Pssr` (the picocli root)
 *  - commands:  cli (one file per command, and the root command `Pssr`)
 *  - workflows: run, load, browser, calibrate, probe (load reuses run's targets and measurement order: one direction)
 *  - report:    report (report.html, summary.md, compare, its sections, the browser's and the workloads' included)
 *  - claims:    claims (the seeds' findings judged)
 *  - workloads: students, api (each workload's options, run and report section; claims read their tables)
 *  - analysis:  stats (over repetitions), markup (text, Markdown and HTML tables, escaping)
 *  - records:   results (the files of a run)
 *  - measuring: measure (load drivers, one level's windows, CPU and resources)
 *  - core:      process (child processes, server JVMs, the stop on a signal, the measuring lock), project (the
 *               repository: its root, its servers and workloads), console (what the user reads and types: Fmt, every
 *               number in Locale.ROOT, the progress line, UsageError, Durations, HelpSection), csv, setup, db, paper (the
 *               seeds' published figures the report and the claims both read)
 * No cycles between the packages of pssr.bench, its root package included, whatever the layers allow.
 */
class ArchitectureTest {
    companion object {
        private val all: JavaClasses by lazy {
            ClassFileImporter().withImportOption(ImportOption.DoNotIncludeTests()).importPackages("pssr")
        }
        private val bench: JavaClasses by lazy { all.that(resideInAPackage("pssr.bench..")) }

        private fun pkgs(vararg names: String): DescribedPredicate<JavaClass> = resideInAnyPackage(
            *names.map {
                "pssr.bench.$it.."
            }.toTypedArray(),
        )
        private val entry: DescribedPredicate<JavaClass> =
            resideInAPackage("pssr.bench").and(simpleNameStartingWith("MainKt")).`as`("pssr.bench's main")

        /** The engines' and frameworks' packages: the harness knows a server by its jar and `GET /routes`, an engine by its name. */
        val ENGINES_AND_FRAMEWORKS = arrayOf(
            "org.springframework..", "io.quarkus..", "io.vertx..", "jakarta.servlet..", "jakarta.ws.rs..", "org.apache.catalina..",
            "org.apache.tomcat..", "reactor.netty..", "io.netty..",
            "htmlflow..", "org.xmlet..", "org.thymeleaf..", "io.jstach..", "io.pebbletemplates..", "freemarker..", "org.trimou..",
            "org.apache.velocity..", "kotlinx.html..", "com.fizzed.rocker..", "com.github.jknack..", "gg.jte..",
            "com.samskivert.mustache..",
        )
    }

    @Test
    fun `model knows no views, probe, servers, harness or microbenchmark`() {
        noClasses().that().resideInAPackage("pssr.model..")
            .should().dependOnClassesThat().resideInAnyPackage(
                "pssr.views..",
                "pssr.probe..",
                "pssr.servers..",
                "pssr.bench..",
                "pssr.jmh..",
            )
            .check(all)
    }

    @Test
    fun `views know no servers, harness or microbenchmark`() {
        noClasses().that().resideInAPackage("pssr.views..")
            .should().dependOnClassesThat().resideInAnyPackage("pssr.probe..", "pssr.servers..", "pssr.bench..", "pssr.jmh..")
            .check(all)
    }

    @Test
    fun `probe knows no model, views, servers or harness`() {
        noClasses().that().resideInAPackage("pssr.probe..")
            .should().dependOnClassesThat().resideInAnyPackage(
                "pssr.model..",
                "pssr.views..",
                "pssr.servers..",
                "pssr.bench..",
                "pssr.jmh..",
            )
            .check(all)
    }

    @Test
    fun `servers, the microbenchmark and the test kit never import the harness`() {
        noClasses().that().resideInAnyPackage("pssr.servers..", "pssr.jmh..", "pssr.testkit..")
            .should().dependOnClassesThat().resideInAPackage("pssr.bench..")
            .check(all)
    }

    @Test
    fun `no cycles between the packages of pssr bench, its root package included`() {
        val packages = object : SliceAssignment {
            override fun getIdentifierOf(c: JavaClass): SliceIdentifier = when {
                c.packageName == "pssr.bench" -> SliceIdentifier.of("pssr.bench (root)")

                c.packageName.startsWith(
                    "pssr.bench.",
                ) -> SliceIdentifier.of(c.packageName.removePrefix("pssr.bench.").substringBefore('.'))

                else -> SliceIdentifier.ignore()
            }

            override fun getDescription() = "pssr.bench's packages and its root package"
        }
        slices().assignedFrom(packages).should().beFreeOfCycles().check(bench)
    }

    @Test
    fun `bench's packages are layered`() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("entry").definedBy(entry)
            .layer("commands").definedBy(pkgs("cli"))
            .layer("workflows").definedBy(pkgs("run", "load", "browser", "calibrate", "probe"))
            .layer("report").definedBy(pkgs("report"))
            .layer("claims").definedBy(pkgs("claims"))
            .layer("workloads").definedBy(pkgs("students", "api"))
            .layer("analysis").definedBy(pkgs("stats", "markup"))
            .layer("records").definedBy(pkgs("results"))
            .layer("measuring").definedBy(pkgs("measure"))
            .layer("core").definedBy(pkgs("process", "project", "console", "csv", "setup", "db", "paper"))
            .whereLayer(
                "entry",
            ).mayOnlyAccessLayers("commands", "workflows", "report", "claims", "workloads", "analysis", "records", "measuring", "core")
            .whereLayer(
                "commands",
            ).mayOnlyAccessLayers("workflows", "report", "claims", "workloads", "analysis", "records", "measuring", "core")
            .whereLayer("workflows").mayOnlyAccessLayers("report", "claims", "workloads", "analysis", "records", "measuring", "core")
            .whereLayer("report").mayOnlyAccessLayers("claims", "workloads", "analysis", "records", "measuring", "core")
            .whereLayer("claims").mayOnlyAccessLayers("workloads", "analysis", "records", "measuring", "core")
            .whereLayer("workloads").mayOnlyAccessLayers("analysis", "records", "measuring", "core")
            .whereLayer("analysis").mayOnlyAccessLayers("records", "measuring", "core")
            .whereLayer("records").mayOnlyAccessLayers("measuring", "core")
            .whereLayer("measuring").mayOnlyAccessLayers("core")
            .whereLayer("core").mayNotAccessAnyLayer()
            .ensureAllClassesAreContainedInArchitecture()
            .check(bench)
    }

    @Test
    fun `commands write no files and start no processes`() {
        val writes = object : DescribedPredicate<JavaMethodCall>("a file written or a directory created") {
            override fun test(call: JavaMethodCall): Boolean {
                val owner = call.targetOwner
                val files = owner.isEquivalentTo(Files::class.java) || owner.packageName in listOf("kotlin.io", "kotlin.io.path")
                return files && listOf("write", "append", "createDirector", "createFile", "copy", "move").any { call.name.startsWith(it) }
            }
        }
        noClasses().that().resideInAPackage("pssr.bench.cli..")
            .should().callMethodWhere(writes)
            .orShould().dependOnClassesThat().areAssignableTo(ProcessBuilder::class.java)
            .because("a command parses and checks its options, then calls one workflow, which writes and starts what it needs")
            .check(bench)
    }

    @Test
    fun `commands drive no load`() {
        noClasses().that().resideInAPackage("pssr.bench.cli..")
            .should().dependOnClassesThat(resideInAPackage("pssr.bench.measure..").and(simpleNameEndingWith("Driver")))
            .because("the workflows choose and run the load drivers")
            .check(bench)
    }

    @Test
    fun `the harness knows no engine's or framework's API`() {
        noClasses().that().resideInAPackage("pssr.bench..")
            .should().dependOnClassesThat().resideInAnyPackage(*ENGINES_AND_FRAMEWORKS)
            .because("bench knows a server by its jar and GET /routes, an engine by its name in views' registry")
            .check(bench)
    }
}
