package pssr.bench.measure

import com.sun.tools.attach.VirtualMachine
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption

/** One frame's share of a profile: samples where it was the innermost frame (self time, or bytes allocated there). */
data class TopFrame(val frame: String, val samples: Long, val share: Double)

/**
 * One profile of one window: the flame graph (HTML), the collapsed stacks it was drawn from, the top frames by
 * self samples ([top]: often the JDK's own string and I/O code), and by innermost non-JDK frame ([topOwn]: each
 * sample charged to the deepest frame of the server's, an engine's or a library's code, which names the code
 * responsible).
 */
data class Profile(val kind: String, val flameGraph: Path, val collapsed: Path, val top: List<TopFrame>, val topOwn: List<TopFrame>, val totalSamples: Long)

/**
 * async-profiler (from Maven Central: its jar carries the native agent) loaded into a server JVM through the
 * attach API for one window: `start` before, then `dump` to collapsed stacks (read here for the top frames)
 * and `stop` into a flame graph HTML. [CPU] samples where CPU time goes (perf events, or a timer where the
 * kernel refuses them); [ALLOC] samples where bytes are allocated.
 */
class Profiler private constructor(private val library: Path) {
    fun profile(pid: Long, kind: String, dir: Path, name: String, window: () -> Unit): Profile {
        Files.createDirectories(dir)
        val collapsed = dir.resolve("$name-$kind.collapsed")
        val html = dir.resolve("$name-$kind.html")
        val event = if (kind == ALLOC) "alloc" else "cpu"
        command(pid, "start,event=$event,interval=${if (kind == ALLOC) "512k" else "1ms"}")
        try { window() } finally {
            command(pid, "dump,collapsed,ann,file=$collapsed")  // ann: Java frames end in _[j] / _[i] / _[0] / _[1], kernel frames in _[k]
            command(pid, "stop,file=$html,title=$name $kind")
        }
        val (top, total) = topFrames(collapsed) { plain(it.last()) }
        val (own, _) = topFrames(collapsed) { frames -> frames.lastOrNull { isJava(it) && !isJdk(plain(it)) }?.let(::plain) ?: OUTSIDE }
        return Profile(kind, html, collapsed, top, own, total)
    }

    private fun command(pid: Long, args: String) {
        val vm = VirtualMachine.attach(pid.toString())
        try { vm.loadAgentPath(library.toString(), args) } finally { vm.detach() }
    }

    companion object {
        const val CPU = "cpu"
        const val ALLOC = "alloc"
        /** The flag a server JVM needs so that loading the agent later prints no warning (JDK 21+, JEP 451). */
        const val JVM_FLAG = "-XX:+EnableDynamicAgentLoading"

        /**
         * The agent for this machine, copied out of the async-profiler jar once into ~/.cache/pssr; null (with
         * the reason) when the jar has none for this platform.
         */
        fun load(): Result<Profiler> {
            val arch = when (System.getProperty("os.arch")) { "amd64", "x86_64" -> "linux-x64"; "aarch64" -> "linux-arm64"; else -> null }
            if (arch == null || !System.getProperty("os.name").lowercase().contains("linux"))
                return Result.failure(IllegalStateException("async-profiler ships no agent for ${System.getProperty("os.name")} ${System.getProperty("os.arch")}"))
            val version = one.profiler.AsyncProfiler::class.java.`package`?.implementationVersion
                ?: Profiler::class.java.getResourceAsStream("/META-INF/maven/tools.profiler/async-profiler/pom.properties")
                    ?.use { java.util.Properties().apply { load(it) }.getProperty("version") } ?: "unknown"
            val target = Path.of(System.getProperty("user.home"), ".cache", "pssr", "async-profiler-$version", "libasyncProfiler.so")
            if (!Files.isRegularFile(target)) {
                val from = one.profiler.AsyncProfiler::class.java.getResourceAsStream("/$arch/libasyncProfiler.so")
                    ?: return Result.failure(IllegalStateException("the async-profiler jar has no $arch agent"))
                Files.createDirectories(target.parent)
                val tmp = Files.createTempFile(target.parent, "lib", ".so")
                from.use { Files.copy(it, tmp, StandardCopyOption.REPLACE_EXISTING) }
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)
            }
            return Result.success(Profiler(target))
        }

        /** The bucket of samples with no Java frame outside the JDK: JIT and GC threads, the kernel, the JDK's own code. */
        const val OUTSIDE = "(JDK, JVM or kernel only)"
        private val ANNOTATION = Regex("_\\[[a-z0-9]]$")
        private fun isJava(frame: String) = frame.endsWith("_[j]") || frame.endsWith("_[i]") || frame.endsWith("_[0]") || frame.endsWith("_[1]")
        private fun plain(frame: String) = frame.replace(ANNOTATION, "")
        private fun isJdk(frame: String) = frame.startsWith("java.") || frame.startsWith("jdk.") || frame.startsWith("sun.") || frame.startsWith("kotlin.")

        /** Samples per frame that [charge] picks from each stack of collapsed stacks (`a;b;c 42` per line), the [n] largest. */
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
