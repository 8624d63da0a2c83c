package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path

/**
 * The specification (README and docs/, not the archive's diaries) names the code it describes between backticks: a class
 * (`ClaimsJudge`, `Claim.judged`), a class in its package (`run/ClaimLevels`, `measure/Regime`) or a package or folder
 * (`servers/common`, `jtl/`). Every such name must exist, so that a class moved or renamed does not leave the docs
 * describing one that is gone. Names of the JDK's and the frameworks' classes are listed below, with where they come from.
 */
class DocsNamesTest {
    private val root: Path = generateSequence(Path.of("").toAbsolutePath()) { it.parent }.first {
        Files.isDirectory(it.resolve("docs")) && Files.exists(it.resolve("pssr"))
    }

    private val docs: List<Path> = listOf(root.resolve("README.md")) +
        Files.list(root.resolve("docs")).use { s -> s.filter { it.toString().endsWith(".md") }.sorted().toList() }

    /** Every source file of every module, by its path from the root. */
    private val sources: List<Path> = Files.walk(root).use { s ->
        s.filter { p ->
            val r = "/" + root.relativize(p)
            Files.isRegularFile(p) && "/src/" in r && (r.endsWith(".kt") || r.endsWith(".java")) && "/target/" !in r &&
                "node_modules" !in r
        }.toList()
    }

    /** The classes, objects, interfaces and files each package folder (its last segment, e.g. `run`) declares. */
    private val declared: Map<String, Set<String>> = sources.groupBy { it.parent.fileName.toString() }.mapValues { (_, files) ->
        files.flatMap { f ->
            DECLARATION.findAll(Files.readString(f)).map { it.groupValues[1] } + f.fileName.toString().substringBefore('.')
        }
            .toSet()
    }

    private val everyName: Set<String> = declared.values.flatten().toSet()

    /** Every folder of the repository, by each of its tails (`servers/common`, `common`). */
    private val folders: Set<String> = Files.walk(root).use { s ->
        s.filter { Files.isDirectory(it) }.map { root.relativize(it).toString() }
            .filter { "target" !in it.split('/') && "node_modules" !in it.split('/') && !it.startsWith(".git") }.toList()
    }.flatMap { p -> p.split('/').let { parts -> parts.indices.map { parts.drop(it).joinToString("/") } } }.toSet()

    /** The code's string literals: a folder the tool writes (`jtl`, `logs`) is named there. */
    private val literals: String = sources.filter { "/src/main/" in it.toString() }.joinToString("\n") { Files.readString(it) }

    private fun named(): List<Pair<String, String>> = docs.flatMap { d ->
        Regex("`([^`\\s]+)`").findAll(Files.readString(d)).map { root.relativize(d).toString() to it.groupValues[1] }.toList()
    }

    @Test
    fun `every class the docs name exists, in the package they name it in`() {
        val gone = named().mapNotNull { (doc, token) ->
            IN_PACKAGE.matchEntire(token)?.let { m ->
                val (pkg, name) = m.destructured
                if (name in declared[pkg].orEmpty()) null else "$doc: `$token` (no $name in a package $pkg)"
            } ?: CLASS.matchEntire(token)?.let { m ->
                val name = m.groupValues[1]
                if (name in everyName || name in OTHERS) null else "$doc: `$token` (no class $name)"
            }
        }
        assertEquals(emptyList<String>(), gone)
    }

    @Test
    fun `every package or folder the docs name exists, or is a folder the tool writes`() {
        val gone = named().mapNotNull { (doc, token) ->
            FOLDER.matchEntire(token)?.takeIf { NOT_OURS.none { it in token } }?.let {
                val path = token.trimEnd('/')
                val exists = path in folders || Files.exists(root.resolve(path)) || "\"${path.substringAfterLast('/')}\"" in literals
                if (exists) null else "$doc: `$token`"
            }
        }
        assertEquals(emptyList<String>(), gone)
    }

    companion object {
        private val DECLARATION = Regex("\\b(?:class|object|interface|typealias|record)\\s+([A-Z]\\w*)")

        /** `run/ClaimLevels`, `run/MatrixRun.verify`. */
        private val IN_PACKAGE = Regex("([a-z]+)/([A-Z]\\w*)(?:\\.\\w+)*(?:\\(\\))?")

        /** `ClaimsJudge`, `Claim.judged`, `Approach.VIRTUAL`: a capital, then lower case (not an acronym like `GET`). */
        private val CLASS = Regex("([A-Z][a-z]\\w*[a-z]\\w*)(?:\\.\\w+)*(?:\\(\\))?")

        /** `servers/common`, `jtl/`: lower-case segments, the last one or a trailing slash making it a folder. */
        private val FOLDER = Regex("[a-z][a-z0-9-]*/(?:[a-z][a-z0-9-]*/?)*")

        /** Classes of the JDK and of the libraries the servers use, which the docs name for what the code does with them. */
        private val OTHERS = setOf(
            // the JDK
            "CompletableFuture", "Iterable", "Locale", "ProcessBuilder", "Thread", "Writer",
            // Kotlin coroutines, Reactor, RxJava
            "Dispatchers", "Mono", "Observable", "Schedulers",
            // Spring, JAX-RS (Quarkus), HdrHistogram, Gatling
            "ThreadPoolTaskExecutor", "StreamingOutput", "Histogram", "LocalSimulationRunner",
            // an HTTP header the probe refuses
            "Via",
        )

        /** Paths that are not the repository's: the folder a reader creates for a new engine, the papers' own repository. */
        private val NOT_OURS = listOf("myengine", "xmlet/")
    }
}
