package pssr.bench.measure

import pssr.bench.console.Fmt
import pssr.bench.process.Children
import java.nio.file.Files
import java.nio.file.Path

/**
 * CPU time of processes, read from `/proc/<pid>/stat` (utime + stime, all threads, in clock ticks of
 * [CLOCK_TICKS] per second). A tree is a process and every live descendant: a server started through
 * `taskset` is the same PID (taskset execs), a JVM has no children, but the sum keeps the figure honest
 * if a launcher ever forks.
 */
object ProcessCpu {
    /** Linux clock ticks per second (USER_HZ); 100 on every mainstream kernel configuration. */
    val CLOCK_TICKS: Long by lazy {
        try {
            Children.spawn(ProcessBuilder("getconf", "CLK_TCK")).inputStream.bufferedReader().readText().trim().toLong()
        } catch (e: Exception) {
            100
        }
    }

    /** utime + stime of [pid] in ticks, or -1 when the process is gone. */
    fun ticks(pid: Long): Long = try {
        val stat = Files.readString(Path.of("/proc/$pid/stat"))
        val fields = stat.substringAfterLast(")").trim().split(" ")
        fields[11].toLong() + fields[12].toLong() // fields 14 and 15 of stat, counted after the command name
    } catch (e: Exception) {
        -1
    }

    /** CPU seconds of [pid] and its live descendants so far; NaN when [pid] is gone. */
    fun treeSeconds(pid: Long): Double {
        val own = ticks(pid)
        if (own < 0) return Double.NaN
        val children = ProcessHandle.of(pid).map { h -> h.descendants().mapToLong { ticks(it.pid()).coerceAtLeast(0) }.sum() }.orElse(0L)
        return (own + children).toDouble() / CLOCK_TICKS
    }

    /**
     * Busy CPU seconds of the whole machine so far, summed over its cores: `/proc/stat`'s first line, every state but idle and
     * iowait (guest time is inside user). NaN when not readable. Over a window, minus the server's and the driver's own CPU,
     * it leaves what else ran: the JVM of the harness, the kernel's softirqs for loopback, anything on the machine.
     */
    fun machineBusySeconds(): Double = try {
        val f = Files.readAllLines(Path.of("/proc/stat")).first {
            it.startsWith("cpu ")
        }.trim().split(Regex("\\s+")).drop(1).map { it.toLong() }
        // user nice system idle iowait irq softirq steal ...
        (f[0] + f[1] + f[2] + f.getOrElse(5) { 0 } + f.getOrElse(6) { 0 } + f.getOrElse(7) { 0 }).toDouble() / CLOCK_TICKS
    } catch (e: Exception) {
        Double.NaN
    }

    /** CPU seconds this JVM has used so far (all its threads). */
    fun selfSeconds(): Double = treeSeconds(ProcessHandle.current().pid())

    /** Cores this machine has online, read before any pinning narrows what the JVM reports. */
    val onlineCpus: Set<Int> by lazy {
        try {
            parseCpuList(Files.readString(Path.of("/sys/devices/system/cpu/online")).trim())
        } catch (e: Exception) {
            (0 until Runtime.getRuntime().availableProcessors()).toSet()
        }
    }

    /** A taskset/cpuset list such as `0-1,3` as a set; throws [IllegalArgumentException] when malformed. */
    fun parseCpuList(list: String): Set<Int> {
        require(list.isNotBlank()) { "empty CPU list" }
        return list.split(',').flatMap { part ->
            val m =
                Regex("^(\\d+)(?:-(\\d+))?$").find(part.trim()) ?: throw IllegalArgumentException("'$part' is not a CPU number or range")
            val a = m.groupValues[1].toInt()
            val b = m.groupValues[2].ifEmpty { m.groupValues[1] }.toInt()
            require(a <= b) { "'$part' is a range from high to low" }
            (a..b).toList()
        }.toSet()
    }
}

/**
 * The process listening on a loopback TCP port, found as Linux tools do: the socket's inode from
 * `/proc/net/tcp{,6}` (state 0A = LISTEN), then the process holding that inode among its fds. Lets a
 * `--target` server on this machine still have its CPU per request measured. Null when not found or not
 * readable (another user's process).
 */
object PortOwner {
    fun pid(port: Int): Long? {
        val hexPort = Fmt.line("%04X", port)
        val inodes = listOf("/proc/net/tcp", "/proc/net/tcp6").flatMap { f ->
            try {
                Files.readAllLines(Path.of(f)).drop(1)
            } catch (e: Exception) {
                emptyList()
            }
        }.map { it.trim().split(Regex("\\s+")) }
            .filter { it.size > 9 && it[1].endsWith(":$hexPort") && it[3] == "0A" }.map { it[9] }.toSet()
        if (inodes.isEmpty()) return null
        val procs = try {
            Files.list(Path.of("/proc")).use { s -> s.map { it.fileName.toString() }.filter { it.all(Char::isDigit) }.toList() }
        } catch (e: Exception) {
            return null
        }
        for (pid in procs) {
            val fds = try {
                Files.list(Path.of("/proc/$pid/fd")).use { it.toList() }
            } catch (e: Exception) {
                continue
            }
            for (fd in fds) {
                val link = try {
                    Files.readSymbolicLink(fd).toString()
                } catch (e: Exception) {
                    continue
                }
                if (link.startsWith("socket:[") && link.removePrefix("socket:[").removeSuffix("]") in inodes) return pid.toLong()
            }
        }
        return null
    }
}
