package pssr.views.demo;

import io.jstach.jstache.JStache;
import pssr.model.demo.Location;
import pssr.model.demo.MusicBrainz;
import pssr.model.demo.Pending;
import pssr.model.demo.Spotify;

import java.io.IOException;
import java.io.Writer;

/**
 * Seed 002's Weather and Artist pages as JStachio templates: a blocking engine, run on a virtual thread.
 * It streams because its data blocks where the template reads it: the {@code cities} section pulls from a
 * blocking Iterable (an ItemFeed, which flushes before each wait) and {@link ArtistPage#musicBrainz()} /
 * {@link ArtistPage#spotify()} join their futures (a {@link Pending}, which flushes before it blocks).
 * Blocking is cheap on a virtual thread. Markup matches {@link HtmlFlowDemoViews} element for element.
 */
public final class JStachioDemoViews {
    private JStachioDemoViews() {}

    @JStache(template = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="UTF-8">
        <meta name="viewport" content="width=device-width, initial-scale=1.0">
        <title>{{country}}</title>
        </head>
        <body>
        <table border="1">
        <tr><th>City</th><th>Celsius</th></tr>
        {{#cities}}
        <tr><td>{{city}}</td><td>{{celsius}}</td></tr>
        {{/cities}}
        </table>
        </body>
        </html>
        """)
    public record WeatherPage(String country, Iterable<Location> cities) {}

    @JStache(template = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="UTF-8">
        <meta name="viewport" content="width=device-width, initial-scale=1.0">
        <title>{{name}}</title>
        </head>
        <body>
        <h3>{{name}}</h3>
        <h3>MusicBrainz info:</h3>
        <ul>
        {{#musicBrainz}}
        <li>Founded: {{year}}</li>
        <li>From: {{from}}</li>
        <li>Genre: {{genres}}</li>
        {{/musicBrainz}}
        </ul>
        <p><b>Spotify popular tracks:</b> {{#spotify}}{{songs}}{{/spotify}}</p>
        </body>
        </html>
        """)
    public record ArtistPage(String name, Pending<MusicBrainz> pendingMusicBrainz, Pending<Spotify> pendingSpotify) {
        /** Blocks (flushing first) until the MusicBrainz answer is there: called where the template needs it. */
        public MusicBrainz musicBrainz() { return pendingMusicBrainz.join(); }
        public SpotifyView spotify() { return new SpotifyView(pendingSpotify.join()); }
    }

    public record SpotifyView(Spotify spotify) {
        public String songs() { return String.join(", ", spotify.getPopularSongs()); }
    }

    public static void weather(WeatherPage page, Writer out) throws IOException { WeatherPageRenderer.of().execute(page, out); }
    public static void artist(ArtistPage page, Writer out) throws IOException { ArtistPageRenderer.of().execute(page, out); }
}
