package pssr.bench.project

import pssr.bench.console.Fmt
import java.nio.file.Path
import java.time.LocalDateTime

object Project {
    /** The repository root: `pssr.root` (set by ./pssr), else the working directory. */
    val root: Path by lazy { Path.of(System.getProperty("pssr.root") ?: ".").toAbsolutePath().normalize() }

    /** A command's default output: `results/<prefix><yyyyMMdd-HHmmss><suffix>` under the root. */
    fun resultsPath(prefix: String = "", suffix: String = ""): Path = root.resolve(
        "results",
    ).resolve(prefix + Fmt.stamp(LocalDateTime.now()) + suffix)
}
