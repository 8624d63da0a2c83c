package pssr.bench.claims

import pssr.bench.console.Fmt
import pssr.bench.paper.PaperFigures

/** Seed 000's figures as [Seed000]'s claims quote and judge them: read from [PaperFigures], the table the report shows too. */
internal object Seed000Figures {
    /** Presentations (figures 2-4) in req/s, by the paper's names for its routes (WebFlux unless named). */
    object Pres {
        val htmlflowSusp = PaperFigures.of("webflux", "presentations", "htmlflow", "suspending")
        val jstachioVirtual = PaperFigures.of("webflux", "presentations", "jstachio", "virtual")
        val thymeleafRx = PaperFigures.of("webflux", "presentations", "thymeleaf", "reactive")
        val htmlflowVirtual = PaperFigures.of("webflux", "presentations", "htmlflow", "virtual")
        val htmlflowRx = PaperFigures.of("webflux", "presentations", "htmlflow", "reactive")
        val mvcVirtual = PaperFigures.of("mvc", "presentations", null, "virtual")
        val mvcBlocking = PaperFigures.of("mvc", "presentations", null, "blocking")
        val quarkusBlocking = PaperFigures.of("quarkus", "presentations", null, "blocking")
        val quarkusVirtual = PaperFigures.of("quarkus", "presentations", null, "virtual")
        val quarkusHtmlflowRx = PaperFigures.of("quarkus", "presentations", "htmlflow", "reactive")
    }

    /** Stocks (figures 5-7). */
    object Stocks {
        val jstachioVirtual = PaperFigures.of("webflux", "stocks", "jstachio", "virtual")
        val thymeleafRx = PaperFigures.of("webflux", "stocks", "thymeleaf", "reactive")
        val htmlflowVirtual = PaperFigures.of("webflux", "stocks", "htmlflow", "virtual")
        val htmlflowRx = PaperFigures.of("webflux", "stocks", "htmlflow", "reactive")
        val mvcBlocking = PaperFigures.of("mvc", "stocks", null, "blocking")
        val quarkusBlocking = PaperFigures.of("quarkus", "stocks", null, "blocking")
        val quarkusVirtual = PaperFigures.of("quarkus", "stocks", null, "virtual")
        val quarkusHtmlflowRx = PaperFigures.of("quarkus", "stocks", "htmlflow", "reactive")
    }

    /** JStachio virtual's drop from Presentations to Stocks, relative to Thymeleaf reactive's (its §5.3). */
    val paperDrop: Double = (Stocks.jstachioVirtual.rps / Pres.jstachioVirtual.rps) / (Stocks.thymeleafRx.rps / Pres.thymeleafRx.rps)

    /** A figure as the paper prints it: whole requests per second, thousands grouped. */
    val PaperFigures.Figure.text: String get() = Fmt.grouped(rps)
}
