package pssr.servers.mvc

import org.springframework.core.task.AsyncTaskExecutor
import org.springframework.web.context.request.RequestAttributes
import org.springframework.web.context.request.RequestContextHolder
import pssr.views.Approach
import java.util.concurrent.Callable
import java.util.concurrent.Future

/**
 * The MVC async executor: runs each `StreamingResponseBody` on the executor of its request's approach.
 *
 * Spring MVC runs a returned `StreamingResponseBody` on the one executor configured for async support,
 * submitting it from the Tomcat request thread while that request is still bound to the thread
 * ([RequestContextHolder]). [PageController] records the route's approach as a request attribute, and this
 * executor reads it at submission: `blocking*` renders on the fixed platform-thread pool, `virtual*` on a
 * new virtual thread. So the controller returns a plain `StreamingResponseBody`, exactly as an MVC
 * application would, and nothing hops between executors: the body's writing happens on the chosen thread.
 * A task submitted without an approach (nothing in this server does that) is refused loudly.
 */
class RenderExecutors(private val platform: AsyncTaskExecutor, private val virtual: AsyncTaskExecutor) : AsyncTaskExecutor {

    private fun current(): AsyncTaskExecutor {
        val approach = RequestContextHolder.getRequestAttributes()
            ?.getAttribute(APPROACH_ATTRIBUTE, RequestAttributes.SCOPE_REQUEST) as? Approach
            ?: throw IllegalStateException("async task submitted outside a page request: no approach to choose its executor")
        return when (approach) {
            Approach.BLOCKING, Approach.BLOCKING_FLUSH -> platform
            Approach.VIRTUAL, Approach.VIRTUAL_FLUSH -> virtual
            else -> throw IllegalStateException("no executor for approach $approach on mvc")
        }
    }

    override fun execute(task: Runnable) = current().execute(task)

    @Deprecated("AsyncTaskExecutor.submit is deprecated since Spring 6.1 but still what WebAsyncManager calls")
    override fun submit(task: Runnable): Future<*> = current().submit(task)

    @Deprecated("AsyncTaskExecutor.submit is deprecated since Spring 6.1 but still what WebAsyncManager calls")
    override fun <T : Any?> submit(task: Callable<T>): Future<T> = current().submit(task)

    companion object {
        const val APPROACH_ATTRIBUTE = "pssr.mvc.approach"
    }
}
