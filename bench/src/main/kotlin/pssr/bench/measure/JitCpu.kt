package pssr.bench.measure

import java.nio.file.Files
import java.nio.file.Path

/**
 * CPU time of a HotSpot JVM's JIT compiler threads, read per thread from `/proc/<pid>/task/<tid>/stat`: the threads
 * whose name (`comm`, cut by the kernel at 15 characters) is `C1 CompilerThre...`, `C2 CompilerThre...` or a JVMCI
 * compiler's. While they use CPU the JVM is still compiling the code being measured: not yet at steady state.
 *
 * HotSpot starts and stops compiler threads as the queue grows and shrinks (UseDynamicNumberOfCompilerThreads), so a
 * window's figure is summed thread by thread over the threads alive at its end; a compiler thread that ended inside the
 * window takes its CPU of that window with it, so the figure is a lower bound (in practice the extra threads end after
 * the burst of compilation, when little is left to count).
 */
object JitCpu {
    /** A thread name (as /proc gives it) of a compiler thread. */
    fun isCompiler(comm: String): Boolean =
        comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre") || comm.startsWith("JVMCI")

    /** The compiler threads of [pid] and their CPU ticks so far; empty when [pid] is gone, not readable, or not a HotSpot JVM. */
    fun snapshot(pid: Long): Map<Long, Long> {
        val tasks = Path.of("/proc/$pid/task")
        val tids = try {
            Files.list(tasks).use { s -> s.map { it.fileName.toString() }.toList() }
        } catch (e: Exception) {
            return emptyMap()
        }
        val out = HashMap<Long, Long>()
        for (tid in tids) {
            val stat = try {
                Files.readString(tasks.resolve(tid).resolve("stat"))
            } catch (e: Exception) {
                continue
            }
            val comm = stat.substringAfter('(').substringBeforeLast(')')
            if (!isCompiler(comm)) continue
            val fields = stat.substringAfterLast(")").trim().split(" ")
            out[tid.toLong()] = fields[11].toLong() + fields[12].toLong() // utime + stime, fields 14 and 15 of stat
        }
        return out
    }

    /** CPU seconds the compiler threads used between two snapshots of one JVM; NaN when it had none (not a HotSpot JVM, or gone). */
    fun seconds(before: Map<Long, Long>, after: Map<Long, Long>): Double {
        if (after.isEmpty()) return Double.NaN
        val ticks = after.entries.sumOf { (tid, t) -> (t - (before[tid] ?: 0L)).coerceAtLeast(0L) }
        return ticks.toDouble() / ProcessCpu.CLOCK_TICKS
    }
}

/**
 * When a JVM counts as at steady state (docs/HARNESS.md, "Steady state"): a window is *quiet* when its JIT compiler
 * threads used at most [JIT_SHARE] of the server's CPU (or, on a nearly idle server, at most [JIT_CORES] of one core);
 * the warm-up is over after [CONFIRM] quiet windows in a row in which throughput stopped rising (each within
 * [RISE] of the one before). A measured level whose window was not quiet is flagged not steady.
 */
object Steadiness {
    /** The compiler threads' share of the server's CPU above which the JVM is still compiling: cold windows measured 14-21%, warm ones 0%.
     * */
    const val JIT_SHARE = 0.05

    /** ... or, where the server is nearly idle (1 user), this many cores: a few small compilations are not a cold JVM. */
    const val JIT_CORES = 0.01

    /** Throughput still rising by more than this from one warm-up window to the next: not steady yet. */
    const val RISE = 0.05

    /** Quiet windows in a row that end the warm-up. */
    const val CONFIRM = 2

    /** The window's JIT CPU is within the rule; true when it is unknown (no HotSpot JVM to read: nothing says it compiles). */
    fun quiet(jitSeconds: Double, serverSeconds: Double, windowSeconds: Double): Boolean = jitSeconds.isNaN() ||
        jitSeconds <= maxOf(JIT_SHARE * serverSeconds.takeIf { it.isFinite() }.let { it ?: 0.0 }, JIT_CORES * windowSeconds)
}

/**
 * The server's CPU and its JIT compiler threads' CPU over one driver window, read at [start] and at [end]: what a
 * measured level and a warm-up window both need. With no PID (a server not on this machine) both figures are NaN.
 */
class CpuWindow private constructor(private val pid: Long?) {
    private val cpuBefore = pid?.let(ProcessCpu::treeSeconds) ?: Double.NaN
    private val jitBefore = pid?.let(JitCpu::snapshot).orEmpty()
    private val machineBefore = ProcessCpu.machineBusySeconds()
    private val startNanos = System.nanoTime()

    /**
     * Server CPU seconds (the process tree), JIT compiler CPU seconds, the whole machine's busy CPU seconds (every core) and the
     * wall-clock seconds since [start].
     */
    data class Reading(
        val serverSeconds: Double,
        val jitSeconds: Double,
        val machineSeconds: Double = Double.NaN,
        val wallSeconds: Double = Double.NaN,
    )

    fun end(): Reading {
        val jit = pid?.let { JitCpu.seconds(jitBefore, JitCpu.snapshot(it)) } ?: Double.NaN
        val cpu = (pid?.let(ProcessCpu::treeSeconds) ?: Double.NaN) - cpuBefore
        return Reading(cpu, jit, ProcessCpu.machineBusySeconds() - machineBefore, (System.nanoTime() - startNanos) / 1e9)
    }

    companion object {
        fun start(pid: Long?) = CpuWindow(pid)
    }
}
