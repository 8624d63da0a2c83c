package pssr.servers.mvc

import org.apache.catalina.connector.Request
import org.apache.catalina.connector.Response
import org.apache.catalina.valves.ValveBase
import org.apache.coyote.ActionCode

/**
 * Ends a page that failed after its response was committed by closing the connection, without the
 * terminating zero-size chunk, so the client can tell the broken page from a complete one.
 *
 * The servlet API cannot do that: the status line has left, `sendError` is refused, and closing the
 * output stream ends the body normally. Throwing from the `StreamingResponseBody` does reach Tomcat's error
 * valve, which aborts, but Tomcat then logs the exception twice (the async dispatcher and the wrapper valve).
 * Instead [PageController] logs the failure once, marks the request with [ABORT_ATTRIBUTE] and returns;
 * Spring flushes what was rendered and dispatches the request back to the container, and after that
 * last dispatch this valve does what Tomcat's own ErrorReportValve does for a failed committed response:
 * `CLOSE_NOW`, which swallows the rest of the response and closes the socket.
 */
class AbortValve : ValveBase(true) {
    override fun invoke(request: Request, response: Response) {
        next.invoke(request, response)
        // Only after the dispatch that ends the request (no async processing pending any more): the first
        // dispatch returns as soon as the controller has handed the body to its executor, possibly after
        // the body already failed, and the response must not be closed under the body's feet.
        if (!request.isAsync && request.getAttribute(ABORT_ATTRIBUTE) != null) {
            response.coyoteResponse.action(ActionCode.CLOSE_NOW, null)
        }
    }

    companion object {
        const val ABORT_ATTRIBUTE = "pssr.mvc.abort"
    }
}
