package pssr.bench.measure

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.probe.StreamProbe
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

class ProfilerTest {
    /** A real HTTP server in its own JVM whose one route is slow on purpose: it spends its time in slowRender. */
    private val slowServer = """
        import com.sun.net.httpserver.HttpServer;
        import java.net.InetSocketAddress;
        public class SlowServer {
            static long slowRender(int n) { long h = 0; for (int i = 0; i < n; i++) h = h * 31 + Long.toString(i * h).hashCode(); return h; }
            public static void main(String[] a) throws Exception {
                HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
                s.createContext("/slow", x -> { byte[] b = ("<html>" + slowRender(200_000) + "</html>").getBytes(); x.sendResponseHeaders(200, b.length); x.getResponseBody().write(b); x.close(); });
                s.start();
                java.nio.file.Files.writeString(java.nio.file.Path.of(a[0]), "" + s.getAddress().getPort());
            }
        }
    """.trimIndent()

    /** Profiles the slow route for 3 s with [profiler] and checks that the profile names slowRender. */
    private fun profileOfSlowRoute(profiler: Profiler, dir: Path): Profile {
        val source = Files.writeString(dir.resolve("SlowServer.java"), slowServer)
        val portFile = dir.resolve("port")
        val java = Path.of(System.getProperty("java.home"), "bin", "java").toString()
        val server = ProcessBuilder(java, Profiler.JVM_FLAG, source.toString(), portFile.toString()).redirectErrorStream(true)
            .redirectOutput(dir.resolve("server.log").toFile()).start()
        try {
            val deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos()
            while (!Files.exists(portFile) || Files.readString(portFile).isBlank()) {
                check(server.isAlive && System.nanoTime() < deadline) {
                    "server did not start: " +
                        Files.readString(dir.resolve("server.log"))
                }
                Thread.sleep(50)
            }
            val port = Files.readString(portFile).trim().toInt()
            val profile = profiler.profile(server.pid(), Profiler.CPU, dir, "slow") {
                val until = System.nanoTime() + Duration.ofSeconds(3).toNanos()
                while (System.nanoTime() < until) StreamProbe.get("127.0.0.1", port, "/slow", timeout = Duration.ofSeconds(10))
            }
            assertTrue(Files.size(profile.flameGraph) > 1000) { "a flame graph: ${profile.flameGraph}" }
            // slowRender and what it calls (Long.toString, hashCode) hold most of the CPU: most samples pass through it
            val stacks = Files.readAllLines(profile.collapsed).map { it.substringBeforeLast(' ') to it.substringAfterLast(' ').toLong() }
            val inSlow = stacks.filter { "SlowServer.slowRender" in it.first }.sumOf { it.second }
            assertTrue(inSlow > profile.totalSamples / 2) {
                "slowRender in $inSlow of ${profile.totalSamples} samples; top frames: ${profile.top}"
            }
            assertTrue("SlowServer.slowRender" in profile.topOwn.first().frame) {
                "the slow method heads the table of the server's own frames: ${profile.topOwn}"
            }
            return profile
        } finally {
            server.destroyForcibly().waitFor()
        }
    }

    @Test
    fun `a CPU profile of a deliberately slow route names the slow method first`(@TempDir dir: Path) {
        val profile = profileOfSlowRoute(AsyncProfiler.load().getOrThrow(), dir)
        assertEquals("async-profiler", profile.tool)
        assertTrue(profile.totalSamples > 50) { "1 ms samples over 3 s: ${profile.totalSamples}" }
    }

    @Test
    fun `JFR, the fallback where the agent cannot load, names the slow method first too`(@TempDir dir: Path) {
        val profile = profileOfSlowRoute(JfrProfiler(), dir)
        assertEquals("JFR", profile.tool)
        assertTrue(Files.exists(dir.resolve("slow-cpu.jfr"))) { "the recording is kept beside its flame graph" }
        assertTrue(profile.totalSamples > 20) { "10 ms samples over 3 s: ${profile.totalSamples}" }
    }

    @Test
    fun `a profiler that a JVM refuses hands over to the fallback, which makes the profile`(@TempDir dir: Path) {
        val refused = object : Profiler {
            override val tool = "refused"
            override fun profile(pid: Long, kind: String, dir: Path, name: String, window: () -> Unit): Profile =
                throw ProfilerUnavailable("agent refused")
        }
        val warnings = mutableListOf<String>()
        val profiler = FallingBack(refused, JfrProfiler(), warnings::add)
        assertEquals("JFR", profileOfSlowRoute(profiler, dir).tool)
        assertEquals(listOf("refused could not start (agent refused): profiling with JFR instead"), warnings)
    }
}
