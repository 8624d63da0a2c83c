package pssr.model

/**
 * Ten talks of an imaginary JVM conference. Summaries are 300-900 characters of trusted rich text; some
 * carry inline markup (`<br/>`, `<em>`) and character references, written raw by every engine.
 */
internal object PresentationData {
    val items: List<Presentation> = listOf(
        Presentation(
            1,
            "Streaming HTML Before the Data Is Ready",
            "Ana Ferreira",
            "Most server-side pages wait for the slowest query before the first byte leaves the server. " +
                "This talk shows how progressive server-side rendering turns that around: the page head, the " +
                "navigation and the first rows reach the browser while the remaining data is still on its way." +
                "<br/>We compare three ways of doing it on the JVM &ndash; reactive streams, Kotlin coroutines " +
                "and virtual threads &ndash; and measure what each costs in throughput, latency and memory. " +
                "You will leave knowing which flush actually reaches the socket, and which one only fills a buffer. Slides, code and the " +
                "measurement scripts are published after the session. Q&amp;A follows; questions from the audience are welcome " +
                "throughout, and the speaker will stay after the session to discuss your own architecture and measurements.",
        ),
        Presentation(
            2,
            "Virtual Threads in Production: One Year Later",
            "Daniel Okafor",
            "When our team moved a 200-endpoint Spring application to virtual threads we expected free " +
                "scalability. We got it, mostly. This session walks through what broke: connection pools sized " +
                "for 200 platform threads, a logging library that pinned carriers inside <code>synchronized</code> " +
                "blocks, and a cache that assumed thread-locals were cheap. We show the JFR events we used to find " +
                "each problem and the fixes that let us retire our reactive rewrite. Includes the migration checklist we now give every " +
                "team before they flip the switch. Q&amp;A follows; questions from the audience are welcome throughout, and the " +
                "speaker will stay after the session to discuss your own architecture and measurements.",
        ),
        Presentation(
            3,
            "Templates Are Code: Type-Safe HTML with Internal DSLs",
            "Mei Lin Zhou",
            "External template languages give designers plain HTML, but they also give you runtime errors, " +
                "stringly-typed models and a second language to learn. Internal DSLs such as HtmlFlow and " +
                "kotlinx.html make the compiler check every tag and every model property.<br/>In this live-coding " +
                "session we port a real page from a Mustache template to a Kotlin DSL, keep the output " +
                "byte-for-byte identical, and discuss when the trade is worth it &mdash; and when it is not. No prior Kotlin experience " +
                "required; Java developers will feel at home within minutes. Q&amp;A follows; questions from the audience are " +
                "welcome throughout, and the speaker will stay after the session to discuss your own architecture and measurements.",
        ),
        Presentation(
            4,
            "Back-Pressure Without Tears",
            "Lukas Brandt",
            "Reactive Streams promised that a slow consumer would never be flooded by a fast producer. In " +
                "practice, most of us met back-pressure as an <em>OverflowException</em> in production. This talk " +
                "explains request(n) with diagrams instead of marble soup, shows where Reactor and RxJava buffer " +
                "on your behalf, and demonstrates a streaming endpoint that stays within a fixed memory budget " +
                "whatever the client&#8217;s bandwidth. Bring a laptop if you want to follow the exercises; everything runs on a stock " +
                "JDK. Q&amp;A follows; questions from the audience are welcome throughout, and the speaker will stay after the " +
                "session to discuss your own architecture and measurements.",
        ),
        Presentation(
            5,
            "Measuring Web Performance the Way Users Feel It",
            "Priya Raman",
            "Requests per second is what servers are proud of; first contentful paint is what users notice. " +
                "We connect the two: how time to first byte, chunk timing and HTML structure decide when the " +
                "browser can paint, and why a page that is faster to finish can still feel slower. Expect " +
                "Lighthouse filmstrips, a few surprising waterfalls and a checklist you can apply on Monday. Aimed at back-end " +
                "developers who have never opened the performance panel of their browser. Q&amp;A follows; questions from the " +
                "audience are welcome throughout, and the speaker will stay after the session to discuss your own architecture " +
                "and measurements.",
        ),
        Presentation(
            6,
            "Kotlin Coroutines on the Server: Structured Concurrency for Web Handlers",
            "Tomás Herrera",
            "A web request is a natural scope: when the client goes away, everything it started should stop. " +
                "Kotlin&#8217;s structured concurrency makes that the default. We build a handler that calls " +
                "three services concurrently, streams the results as they arrive and cancels the stragglers when " +
                "the connection closes.<br/>Along the way we compare dispatchers, look at what a suspension costs, " +
                "and see how coroutines and virtual threads can live in the same code base without fighting. Examples use Spring WebFlux " +
                "and Ktor, but the ideas apply to any coroutine-based server. Q&amp;A follows; questions from the audience are " +
                "welcome throughout, and the speaker will stay after the session to discuss your own architecture and measurements.",
        ),
        Presentation(
            7,
            "The Hidden Cost of a Flush",
            "Sofia Marchetti",
            "Flushing after every write makes a page stream, and it also makes the network stack send a packet " +
                "per write. Between those two extremes sit the buffers of your template engine, your framework and " +
                "your servlet container, each with its own size and policy. This session traces one HTML fragment " +
                "from a template through Reactor Netty, Tomcat and Vert.x to the socket, measuring chunk sizes and " +
                "system calls at each step, and ends with a flushing policy that streams without drowning in " +
                "syscalls. Expect packet captures, flame graphs and at least one <em>very</em> surprising TCP trace. Q&amp;A follows; " +
                "questions from the audience are welcome throughout, and the speaker will stay after the session to discuss your own " +
                "architecture and measurements.",
        ),
        Presentation(
            8,
            "From JMH to JMeter: Benchmarking Without Fooling Yourself",
            "Hannah Schulz",
            "Microbenchmarks tell you how fast a method is on a warm JIT; load tests tell you how a server " +
                "behaves under many users; neither tells you the truth alone. We build both for the same feature, " +
                "show the classic mistakes (dead-code elimination, coordinated omission, a load generator that is " +
                "slower than the server) and finish with a reporting template that states what was measured, on " +
                "what machine, and how confident you can be. Every example comes with a repository you can run on your own machine " +
                "afterwards. Q&amp;A follows; questions from the audience are welcome throughout, and the speaker will stay after " +
                "the session to discuss your own architecture and measurements.",
        ),
        Presentation(
            9,
            "Spring WebFlux vs Spring MVC: Picking the Right Stack in 2026",
            "Rafael Nunes",
            "The reactive stack was once the only way to serve many slow clients with few threads. With " +
                "virtual threads in the JDK, Spring MVC competes again.<br/>Using the same application written " +
                "both ways, we compare throughput, tail latency, memory and, just as important, the time it takes " +
                "a new team member to fix a bug. The answer depends on your workload &amp; your team, and we give " +
                "you the questions that decide it. Recorded interviews with three teams who made the move, and one who moved back. " +
                "Q&amp;A follows; questions from the audience are welcome throughout, and the speaker will stay after the session to " +
                "discuss your own architecture and measurements.",
        ),
        Presentation(
            10,
            "Escaping Is Not Optional",
            "Grace Adeyemi",
            "Every template engine promises to escape your data, and every one of them offers a way to switch " +
                "it off. This talk catalogues how cross-site scripting still slips through server-rendered pages: " +
                "raw helpers applied to the wrong field, attributes built by string concatenation, and URLs that " +
                "nobody validated. We test nine JVM engines with the same hostile input and show a review " +
                "checklist that catches the rest. Attendees receive the test harness and the hostile input corpus used in the talk. " +
                "Q&amp;A follows; questions from the audience are welcome throughout, and the speaker will stay after the session to " +
                "discuss your own architecture and measurements.",
        ),
    )
}
