package pssr.jmh;

import org.openjdk.jmh.annotations.*;
import org.openjdk.jmh.infra.Blackhole;
import pssr.model.Model;
import pssr.views.Engine;
import pssr.views.Engines;
import pssr.views.IterableRender;

import java.io.Writer;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The cost of rendering one page, engine by engine, with no HTTP and no delay: each engine's Iterable
 * render of the model's items into a sink that only counts characters. What it answers: how much CPU and
 * allocation each engine spends per page. What it does not: streaming, I/O or concurrency — that is what
 * `./pssr run` measures. The engine and model are parameters: the engines are the registry's, given at run time by
 * `./pssr jmh` (or {@code -p engine=...} to JMH itself), so a new engine in the registry is picked up with no change here.
 *
 * Run: {@code ./pssr jmh} (short) or {@code ./pssr jmh -- -f 3 -wi 5 -i 10} (longer; arguments after
 * {@code --} go to JMH).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RenderBenchmark {

    /**
     * `./pssr jmh` passes the registry's names ({@code Engines.getNames()}), so a new engine needs no line here. JMH wants a
     * default for a String parameter: the registry's first engine, the zero-template baseline.
     */
    @Param({"baseline"})
    public String engine;

    @Param({"presentations", "stocks"})
    public String model;

    private IterableRender<Object> render;
    private List<Object> items;
    private final CountingSink sink = new CountingSink();

    @Setup
    @SuppressWarnings("unchecked")
    public void setup() {
        Engine e = Engines.INSTANCE.byName(engine);
        if (e == null) throw new IllegalArgumentException("unknown engine " + engine + "; valid: " + Engines.INSTANCE.getNames());
        Model<Object> m = (Model<Object>) Model.Companion.byId(model);
        if (m == null) throw new IllegalArgumentException("unknown model " + model);
        render = e.view(m).getIterable();
        items = m.getItems();
    }

    @Benchmark
    public void render(Blackhole bh) throws Exception {
        sink.count = 0;
        render.render(items, sink);
        bh.consume(sink.count);
    }

    /** A Writer that discards everything but keeps a count, so the render cannot be optimised away. */
    static final class CountingSink extends Writer {
        long count;
        @Override public void write(char[] cbuf, int off, int len) { count += len; }
        @Override public void write(String str, int off, int len) { count += len; }
        @Override public void write(String str) { count += str.length(); }
        @Override public void write(int c) { count++; }
        @Override public Writer append(CharSequence csq) { count += csq == null ? 4 : csq.length(); return this; }
        @Override public Writer append(CharSequence csq, int start, int end) { count += end - start; return this; }
        @Override public Writer append(char c) { count++; return this; }
        @Override public void flush() { }
        @Override public void close() { }
    }
}
