package pssr.servers.quarkus

import io.smallrye.common.annotation.NonBlocking
import io.smallrye.common.annotation.RunOnVirtualThread
import io.smallrye.mutiny.Multi
import io.vertx.core.http.HttpServerRequest
import jakarta.ws.rs.BeanParam
import jakarta.ws.rs.GET
import jakarta.ws.rs.Path
import jakarta.ws.rs.PathParam
import jakarta.ws.rs.Produces
import jakarta.ws.rs.QueryParam
import jakarta.ws.rs.container.ContainerRequestContext
import jakarta.ws.rs.core.Context
import jakarta.ws.rs.core.HttpHeaders
import jakarta.ws.rs.core.MediaType
import jakarta.ws.rs.core.Response
import jakarta.ws.rs.core.UriInfo
import org.jboss.resteasy.reactive.server.ServerRequestFilter
import pssr.servers.PlainText
import pssr.views.Approach

/**
 * Every page, `GET /{model}/{engine}/{approach}`, and `GET /routes`.
 *
 * Quarkus REST decides the thread of a resource method at build time, from its signature and
 * annotations: a method returning a plain type runs on the worker pool, `@RunOnVirtualThread` on a new
 * virtual thread, a `Multi` on the Vert.x event loop. So each approach is one method — the approach
 * segment is a literal in its path — and all three share the route table and render code in [Pages].
 * Models and engines are path parameters resolved through the registry-derived [pssr.servers.RouteTable]:
 * no per-engine code. Any other approach name falls through to [unknownApproach] (a 404 naming the valid
 * ones), any other path shape to [noSuchPath].
 */
@Path("/")
class PageResource(private val pages: Pages) {

    /** No `@Produces`: the answers without a page carry their own type whatever the client's `Accept` (the probe asks for text/html). */
    @GET
    @Path("routes")
    @NonBlocking
    fun routes(): Response = Response.ok(pages.routesJson, MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8")).build()

    /** `blocking`: a worker-pool thread (`quarkus.thread-pool.max-threads`) renders and writes the page. */
    @GET
    @Path("{model}/{engine}/blocking")
    @Produces(Pages.TEXT_HTML_UTF8)
    fun blocking(@BeanParam page: PageParams): Response = streamingPage(page, Approach.BLOCKING)

    /** `virtual`: a new virtual thread per request renders and writes the page. */
    @GET
    @Path("{model}/{engine}/virtual")
    @Produces(Pages.TEXT_HTML_UTF8)
    @RunOnVirtualThread
    fun virtual(@BeanParam page: PageParams): Response = streamingPage(page, Approach.VIRTUAL)

    /** `reactive`: runs on the event loop and returns at once; the page is a Multi of chunks. */
    @GET
    @Path("{model}/{engine}/reactive")
    @Produces(Pages.TEXT_HTML_UTF8)
    fun reactive(@BeanParam page: PageParams): Multi<String> = pages.multi(call(page, Approach.REACTIVE.id), page.connection)

    /** Any other approach: the route table's one-line 404 (unknown model, engine or approach). */
    @GET
    @Path("{model}/{engine}/{approach}")
    @NonBlocking
    fun unknownApproach(@BeanParam page: PageParams, @PathParam("approach") approach: String): Response {
        call(page, approach) // throws the 404 (every served approach has its own method)
        return Pages.text(Response.Status.NOT_FOUND, "no page at /${page.model}/${page.engine}/$approach")
    }

    /** Any other path: a one-line 404. */
    @GET
    @Path("{path: .*}")
    @NonBlocking
    fun noSuchPath(@Context uri: UriInfo): Response =
        Pages.text(Response.Status.NOT_FOUND, PlainText.noSuchPath("/" + uri.path.trimStart('/')))

    private fun call(page: PageParams, approach: String) =
        pages.request(page.model, page.engine, approach, page.itemDelayMs, page.failAfterItems)

    private fun streamingPage(page: PageParams, approach: Approach): Response =
        Response.ok(pages.streamingOutput(call(page, approach.id), page.connection), Pages.TEXT_HTML_UTF8).build()

    companion object {
        val PAGE_PATH = Regex("/[^/]+/[^/]+/[^/]+")
    }
}

/** Answers for requests that no resource method serves, the same way the other servers do. */
class MethodFilter {
    /**
     * Before matching: a page path asked with another method than GET (or HEAD) is a one-line 405 (pages
     * answer GET only), any other path the one-line 404 the other servers give. (Left to JAX-RS, both would
     * be a 405 with an empty body.)
     */
    @ServerRequestFilter(preMatching = true)
    fun onlyGet(request: ContainerRequestContext): Response? {
        if (request.method == "GET" || request.method == "HEAD") return null
        val path = "/" + request.uriInfo.path.trimStart('/')
        return if (PageResource.PAGE_PATH.matches(path)) {
            Response.fromResponse(Pages.text(Response.Status.METHOD_NOT_ALLOWED, PlainText.methodNotAllowed(request.method, path)))
                .header(HttpHeaders.ALLOW, "GET").build()
        } else {
            Pages.text(Response.Status.NOT_FOUND, PlainText.noSuchPath(path))
        }
    }
}

/** What every page method reads from the request: `/{model}/{engine}/…`, the two query knobs, and the connection (to abort it). */
class PageParams {
    @field:PathParam("model")
    lateinit var model: String

    @field:PathParam("engine")
    lateinit var engine: String

    @field:QueryParam("itemDelayMs")
    var itemDelayMs: String? = null

    @field:QueryParam("failAfterItems")
    var failAfterItems: String? = null

    @field:Context lateinit var connection: HttpServerRequest
}
