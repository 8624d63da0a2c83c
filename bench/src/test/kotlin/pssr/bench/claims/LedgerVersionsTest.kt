package pssr.bench.claims

import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.browser.BrowserCampaign
import pssr.bench.results.Environment
import pssr.bench.setup.FrameworkVersions
import java.nio.file.Files
import java.nio.file.Path

/** A ledger says which framework versions its rows ran on, folder by folder, from each folder's environment.json
 * (a browser campaign's campaign.json). */
class LedgerVersionsTest {
    @Test
    fun `each source folder's framework versions are named, an older folder's as not recorded`(@TempDir dir: Path) {
        val now = Files.createDirectories(dir.resolve("now"))
        val before = Files.createDirectories(dir.resolve("before"))
        Environment.write(now.resolve("environment.json"), mapOf("frameworkVersions" to FrameworkVersions.ofThisBuild))
        Environment.write(before.resolve("environment.json"), mapOf("gitCommit" to "4b57db7abcdef"))
        val md = Ledger(emptyList()).markdown(listOf(now, before))
        assertTrue(md.contains("`now`: spring-boot ${FrameworkVersions.SPRING_BOOT}, quarkus ${FrameworkVersions.QUARKUS}, helidon "), md)
        assertTrue(md.contains("`before`: not recorded (a run before 2026-12-01: Spring Boot 3.5.16, Quarkus 3.37.0; commit 4b57db7)"), md)
    }

    @Test
    fun `a browser campaign's versions come from its campaign json, written by the campaign itself`(@TempDir dir: Path) {
        val browser = Files.createDirectories(dir.resolve("browser"))
        BrowserCampaign(1, listOf("presentations"), listOf("suspending"), listOf("simulate"), false).write(browser)
        val older = Files.createDirectories(dir.resolve("older-browser"))
        Files.writeString(older.resolve("campaign.json"), """{"runs": 1}""")
        val bare = Files.createDirectories(dir.resolve("bare"))
        val md = Ledger(emptyList()).markdown(listOf(browser, older, bare))
        assertTrue(md.contains("`browser`: spring-boot ${FrameworkVersions.SPRING_BOOT}, quarkus ${FrameworkVersions.QUARKUS}"), md)
        assertTrue(md.contains("`older-browser`: not recorded (a browser campaign before 2026-12-07)"), md)
        assertTrue(md.contains("`bare`: not recorded (no environment.json)"), md)
    }
}
