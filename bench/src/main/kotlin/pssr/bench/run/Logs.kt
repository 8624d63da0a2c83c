package pssr.bench.run

import org.apache.logging.log4j.Level
import org.apache.logging.log4j.core.config.Configurator
import org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilderFactory
import java.nio.file.Files
import java.nio.file.Path

/**
 * Where the libraries' own log lines go (JMeter, its HTTP client, Lighthouse's wrappers): one file in the
 * run folder, so a failed level can be read afterwards instead of being thrown away or flooding the console.
 */
object Logs {
    const val FILE = "pssr.log"

    /** From now on, every log line at INFO or above is appended to `<dir>/pssr.log`; returns that file. */
    fun toFolder(dir: Path): Path {
        Files.createDirectories(dir)
        val file = dir.resolve(FILE)
        val b = ConfigurationBuilderFactory.newConfigurationBuilder()
        b.setStatusLevel(Level.ERROR)
        b.add(
            b.newAppender("file", "File").addAttribute("fileName", file.toString()).addAttribute("append", true)
                .add(b.newLayout("PatternLayout").addAttribute("pattern", "%d{HH:mm:ss.SSS} %-5level [%t] %c{1.} - %msg%n")),
        )
        b.add(b.newRootLogger(Level.INFO).add(b.newAppenderRef("file")))
        Configurator.reconfigure(b.build())
        return file
    }
}
