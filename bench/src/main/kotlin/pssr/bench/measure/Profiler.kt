package pssr.bench.measure

import com.sun.tools.attach.VirtualMachine
import jdk.management.jfr.FlightRecorderMXBean
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption
import java.util.Properties
import javax.management.JMX
import javax.management.MBeanServerConnection
import javax.management.ObjectName
import javax.management.remote.JMXConnector
import javax.management.remote.JMXConnectorFactory
import javax.management.remote.JMXServiceURL

/** One frame's share of a profile: samples where it was the innermost frame (self time, or bytes allocated there). */
data class TopFrame(val frame: String, val samples: Long, val share: Double)

/**
 * One profile of one window, made by [tool]: the flame graph (HTML), the collapsed stacks it was drawn from, the
 * top frames by self samples ([top]: often the JDK's own string and I/O code), and by innermost non-JDK frame
 * ([topOwn]: each sample charged to the deepest frame of the server's, an engine's or a library's code, which
 * names the code responsible).
 */
data class Profile(
    val kind: String,
    val tool: String,
    val flameGraph: Path,
    val collapsed: Path,
    val top: List<TopFrame>,
    val topOwn: List<TopFrame>,
    val totalSamples: Long,
)

/** The profiler could not start on this JVM (nothing was measured yet): another one may. */
class ProfilerUnavailable(message: String, cause: Throwable? = null) : Exception(message, cause)

/**
 * A CPU ([CPU]) or allocation ([ALLOC]) profile of a server JVM over one window. [AsyncProfiler] where its agent
 * loads; [JfrProfiler] (the JDK's own Flight Recorder, on every JDK) otherwise: [choose] picks, and falls back at
 * run time too when the agent is refused.
 */
interface Profiler {
    /** The tool named in profiles.csv and the report. */
    val tool: String

    fun profile(pid: Long, kind: String, dir: Path, name: String, window: () -> Unit): Profile

    companion object {
        const val CPU = "cpu"
        const val ALLOC = "alloc"

        /** The flag a server JVM needs so that loading an agent later prints no warning (JDK 21+, JEP 451). */
        const val JVM_FLAG = "-XX:+EnableDynamicAgentLoading"

        /** async-profiler when its agent is there for this platform, else JFR; [warn] hears why JFR was chosen. */
        fun choose(warn: (String) -> Unit): Profiler = AsyncProfiler.load().fold(
            onSuccess = { FallingBack(it, JfrProfiler(), warn) },
            onFailure = {
                warn("${it.message}: profiling with JFR instead")
                JfrProfiler()
            },
        )

        /** The bucket of samples with no Java frame outside the JDK: JIT and GC threads, the kernel, the JDK's own code. */
        const val OUTSIDE = "(JDK, JVM or kernel only)"
        private val ANNOTATION = Regex("_\\[[a-z0-9]]$")
        private fun isJava(frame: String) =
            frame.endsWith("_[j]") || frame.endsWith("_[i]") || frame.endsWith("_[0]") || frame.endsWith("_[1]")
        private fun plain(frame: String) = frame.replace(ANNOTATION, "")
        private fun isJdk(frame: String) =
            frame.startsWith("java.") || frame.startsWith("jdk.") || frame.startsWith("sun.") || frame.startsWith("kotlin.")

        /**
         * The profile whose stacks are in [collapsed] (`a;b;c 42` per line, Java frames annotated `_[j]`, `_[i]`,
         * `_[0]` or `_[1]` as both tools write them) and whose flame graph is [html].
         */
        fun read(kind: String, tool: String, html: Path, collapsed: Path): Profile {
            val (top, total) = topFrames(collapsed) { plain(it.last()) }
            val (own, _) = topFrames(collapsed) { frames -> frames.lastOrNull { isJava(it) && !isJdk(plain(it)) }?.let(::plain) ?: OUTSIDE }
            return Profile(kind, tool, html, collapsed, top, own, total)
        }

        /** Samples per frame that [charge] picks from each stack of collapsed stacks, the [n] largest. */
        fun topFrames(collapsed: Path, n: Int = 10, charge: (List<String>) -> String): Pair<List<TopFrame>, Long> {
            if (!Files.isRegularFile(collapsed)) return emptyList<TopFrame>() to 0L
            val self = HashMap<String, Long>()
            Files.readAllLines(collapsed).forEach { line ->
                val cut = line.lastIndexOf(' ')
                if (cut <= 0) return@forEach
                val count = line.substring(cut + 1).toLongOrNull() ?: return@forEach
                val frames = line.substring(0, cut).split(';').map { it.replace('/', '.') }
                self.merge(charge(frames), count, Long::plus)
            }
            val total = self.values.sum()
            return self.entries.sortedByDescending { it.value }.take(n)
                .map { TopFrame(it.key, it.value, if (total == 0L) 0.0 else it.value.toDouble() / total) } to total
        }
    }
}

/** [primary] until it is refused by a JVM ([ProfilerUnavailable] before its window ran), then [fallback] from then on. */
internal class FallingBack(private val primary: Profiler, private val fallback: Profiler, private val warn: (String) -> Unit) : Profiler {
    @Volatile private var current = primary
    override val tool get() = current.tool

    override fun profile(pid: Long, kind: String, dir: Path, name: String, window: () -> Unit): Profile {
        if (current === primary) {
            try {
                return primary.profile(pid, kind, dir, name, window)
            } catch (e: ProfilerUnavailable) {
                warn("${primary.tool} could not start (${e.message}): profiling with ${fallback.tool} instead")
                current = fallback
            }
        }
        return current.profile(pid, kind, dir, name, window)
    }
}

/**
 * async-profiler (from Maven Central: its jar carries the native agent) loaded into a server JVM through the
 * attach API for one window: `start` before, then `dump` to collapsed stacks and `stop` into a flame graph HTML.
 * [Profiler.CPU] samples where CPU time goes every 1 ms (perf events, or a timer where the kernel refuses them,
 * native and kernel frames included); [Profiler.ALLOC] samples every 512 KB allocated.
 */
class AsyncProfiler private constructor(private val library: Path) : Profiler {
    override val tool = "async-profiler"

    override fun profile(pid: Long, kind: String, dir: Path, name: String, window: () -> Unit): Profile {
        Files.createDirectories(dir)
        val collapsed = dir.resolve("$name-$kind.collapsed")
        val html = dir.resolve("$name-$kind.html")
        val event = if (kind == Profiler.ALLOC) "alloc" else "cpu"
        try {
            command(pid, "start,event=$event,interval=${if (kind == Profiler.ALLOC) "512k" else "1ms"}")
        } catch (e: Exception) {
            throw ProfilerUnavailable(e.message ?: e.javaClass.simpleName, e)
        }
        try {
            window()
        } finally {
            command(pid, "dump,collapsed,ann,file=$collapsed") // ann: Java frames end in _[j] / _[i] / _[0] / _[1], kernel frames in _[k]
            command(pid, "stop,file=$html,title=$name $kind")
        }
        return Profiler.read(kind, tool, html, collapsed)
    }

    private fun command(pid: Long, args: String) {
        val vm = VirtualMachine.attach(pid.toString())
        try {
            vm.loadAgentPath(library.toString(), args)
        } finally {
            vm.detach()
        }
    }

    companion object {
        /**
         * The agent for this machine, copied out of the async-profiler jar once into ~/.cache/pssr; a failure
         * (with the reason) when the jar has none for this platform.
         */
        fun load(): Result<AsyncProfiler> {
            val arch = when (System.getProperty("os.arch")) {
                "amd64", "x86_64" -> "linux-x64"
                "aarch64" -> "linux-arm64"
                else -> null
            }
            if (arch == null || !System.getProperty("os.name").lowercase().contains("linux")) {
                return Result.failure(
                    IllegalStateException(
                        "async-profiler ships no agent for ${System.getProperty("os.name")} ${System.getProperty("os.arch")}",
                    ),
                )
            }
            val version = one.profiler.AsyncProfiler::class.java.`package`?.implementationVersion
                ?: AsyncProfiler::class.java.getResourceAsStream("/META-INF/maven/tools.profiler/async-profiler/pom.properties")
                    ?.use { Properties().apply { load(it) }.getProperty("version") } ?: "unknown"
            val target = Path.of(System.getProperty("user.home"), ".cache", "pssr", "async-profiler-$version", "libasyncProfiler.so")
            if (!Files.isRegularFile(target)) {
                val from = one.profiler.AsyncProfiler::class.java.getResourceAsStream("/$arch/libasyncProfiler.so")
                    ?: return Result.failure(IllegalStateException("the async-profiler jar has no $arch agent"))
                Files.createDirectories(target.parent)
                val tmp = Files.createTempFile(target.parent, "lib", ".so")
                from.use { Files.copy(it, tmp, StandardCopyOption.REPLACE_EXISTING) }
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)
            }
            return Result.success(AsyncProfiler(target))
        }
    }
}

/**
 * The JDK's Flight Recorder, started in the server JVM over JMX (the attach API's local management agent, as the
 * resource sampler does): [Profiler.CPU] records `jdk.ExecutionSample` every 10 ms (Java frames of threads running
 * Java code; JFR's own profiling rate, no native or kernel frames), [Profiler.ALLOC] records
 * `jdk.ObjectAllocationSample` (weighted by the bytes each sample stands for). The recording is kept as
 * `<name>-<kind>.jfr` and drawn as a flame graph and collapsed stacks by async-profiler's converter
 * (`tools.profiler:jfr-converter`, Maven Central).
 */
class JfrProfiler : Profiler {
    override val tool = "JFR"

    override fun profile(pid: Long, kind: String, dir: Path, name: String, window: () -> Unit): Profile {
        Files.createDirectories(dir)
        val recording = dir.resolve("$name-$kind.jfr")
        val connector = Jmx.connect(pid) ?: throw ProfilerUnavailable("cannot attach to JVM $pid")
        connector.use {
            val jfr = FlightRecording.of(it.mBeanServerConnection)
            val id = jfr.newRecording()
            jfr.setRecordingSettings(
                id,
                if (kind == Profiler.ALLOC) {
                    mapOf(
                        "jdk.ObjectAllocationSample#enabled" to "true",
                        "jdk.ObjectAllocationSample#throttle" to "1000/s",
                        "jdk.ObjectAllocationSample#stackTrace" to "true",
                    )
                } else {
                    mapOf("jdk.ExecutionSample#enabled" to "true", "jdk.ExecutionSample#period" to "10 ms")
                },
            )
            jfr.startRecording(id)
            try {
                window()
            } finally {
                FlightRecording.save(jfr, id, recording)
            }
        }
        val html = dir.resolve("$name-$kind.html")
        val collapsed = dir.resolve("$name-$kind.collapsed")
        val flags = if (kind == Profiler.ALLOC) arrayOf("--alloc") else emptyArray()
        one.convert.JfrToFlame.convert(recording.toString(), html.toString(), one.convert.Arguments(*flags, "--title", "$name $kind (JFR)"))
        one.convert.JfrToFlame.convert(recording.toString(), collapsed.toString(), one.convert.Arguments(*flags, "-o", "collapsed"))
        return Profiler.read(kind, tool, html, collapsed)
    }
}

/** A JMX connection to a local JVM by its PID, through the attach API's local management agent (no port opened). */
object Jmx {
    fun connect(pid: Long): JMXConnector? = try {
        val vm = VirtualMachine.attach(pid.toString())
        try {
            JMXConnectorFactory.connect(JMXServiceURL(vm.startLocalManagementAgent()))
        } finally {
            vm.detach()
        }
    } catch (e: Exception) {
        null
    }
}

/** A server JVM's Flight Recorder over JMX, and a finished recording copied out of it into a file. */
object FlightRecording {
    fun of(connection: MBeanServerConnection): FlightRecorderMXBean =
        JMX.newMXBeanProxy(connection, ObjectName("jdk.management.jfr:type=FlightRecorder"), FlightRecorderMXBean::class.java)

    /** Stops recording [id], streams it into [file] and closes it. */
    fun save(jfr: FlightRecorderMXBean, id: Long, file: Path) {
        jfr.stopRecording(id)
        Files.createDirectories(file.parent)
        Files.newOutputStream(file).use { out ->
            val stream = jfr.openStream(id, emptyMap())
            try {
                while (true) out.write(jfr.readStream(stream) ?: break)
            } finally {
                jfr.closeStream(stream)
            }
        }
        jfr.closeRecording(id)
    }
}
