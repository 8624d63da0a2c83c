package pssr.views.engines;

import io.jstach.jstache.JStache;
import pssr.model.Presentation;
import pssr.model.Stock;
import pssr.views.Engine;
import pssr.views.IterableRender;
import pssr.model.Model;
import pssr.views.ModelViews;
import pssr.views.PageView;

/**
 * JStachio: Mustache templates compiled to Java by an annotation processor, type-checked against the
 * model at build time. Written in Java because the processor runs in javac, after kotlinc, so Kotlin
 * cannot see the generated renderers. HTML escaping is its default for {@code {{x}}}; {@code {{{x}}}} is raw.
 */
public final class JStachioEngine extends Engine {
    public static final JStachioEngine INSTANCE = new JStachioEngine();

    @JStache(template = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="UTF-8">
        <meta name="viewport" content="width=device-width, initial-scale=1.0">
        <title>JVM Conference Presentations</title>
        <style>body{font-family:sans-serif;margin:0 auto;max-width:60rem}.card{border:1px solid #ddd;border-radius:6px;margin:1rem 0}\
        .card-header{background:#f4f4f4;padding:0 1rem}.card-body{padding:1rem}</style>
        </head>
        <body>
        <div class="container">
        <div class="page-header"><h1>JVM Conference Presentations</h1></div>
        {{#items}}
        <div class="card mb-3 shadow-sm rounded">
        <div class="card-header"><h5 class="card-title">{{title}} - {{speakerName}}</h5></div>
        <div class="card-body">{{{summary}}}</div>
        </div>
        {{/items}}
        </div>
        </body>
        </html>
        """)
    public record PresentationsPage(Iterable<? extends Presentation> items) {}

    @JStache(template = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="UTF-8">
        <meta name="viewport" content="width=device-width, initial-scale=1.0">
        <title>Stock Prices</title>
        <style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{padding:4px 8px}.minus{color:#c00}.plus{color:#070}</style>
        </head>
        <body>
        <h1>Stock Prices</h1>
        <table>
        <thead>
        <tr><th>symbol</th><th>name</th><th>price</th><th>change</th><th>ratio</th></tr>
        </thead>
        <tbody>
        {{#items}}
        <tr class="stock">
        <td>{{symbol}}</td>
        <td><a href="{{url}}" title="{{name2}}">{{name}}</a></td>
        <td><strong>{{price}}</strong></td>
        <td class="{{#negative}}minus{{/negative}}{{^negative}}plus{{/negative}}">{{change}}</td>
        <td class="{{#negative}}minus{{/negative}}{{^negative}}plus{{/negative}}">{{ratio}}</td>
        </tr>
        {{/items}}
        </tbody>
        </table>
        </body>
        </html>
        """)
    public record StocksPage(Iterable<? extends Stock> items) {}

    private final PageView<Presentation> presentations = new PageView<>(
        (IterableRender<Presentation>) (items, out) -> PresentationsPageRenderer.of().execute(new PresentationsPage(items), out),
        null, null);

    private final PageView<Stock> stocks = new PageView<>(
        (IterableRender<Stock>) (items, out) -> StocksPageRenderer.of().execute(new StocksPage(items), out),
        null, null);

    private JStachioEngine() {
        super("jstachio", "JStachio 1.3, Mustache compiled at build time (escaping)");
    }

    private final ModelViews views = ModelViews.builder()
            .add(Model.Presentations.INSTANCE, presentations)
            .add(Model.Stocks.INSTANCE, stocks)
            .build();

    @Override public ModelViews getViews() { return views; }
}
