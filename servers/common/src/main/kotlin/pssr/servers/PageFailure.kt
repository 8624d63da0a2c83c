package pssr.servers

import java.io.IOException
import java.util.concurrent.CompletionException
import java.util.concurrent.ExecutionException

/** How every server names a page that failed mid-render, in its one log line. */
object PageFailure {
    /**
     * One line, no stack trace: the failure (unwrapped from future wrappers) and its root cause. Coroutines
     * re-create an exception with the original as its cause; such a cause is not repeated.
     */
    fun describe(failure: Throwable): String {
        val e = unwrap(failure)
        var root = e
        while (root.cause != null && root.cause !== root) root = root.cause!!
        return if (root === e || root.toString() == e.toString()) e.toString() else "$e (cause: $root)"
    }

    /** The failure a future wrapped ([CompletionException], [ExecutionException]), or [failure] itself. */
    fun unwrap(failure: Throwable): Throwable {
        var e = failure
        while ((e is CompletionException || e is ExecutionException) && e.cause != null) e = e.cause!!
        return e
    }

    /**
     * Whether [failure] means the client hung up rather than the page failing: the framework's write failed
     * (an [IOException] anywhere in the chain).
     */
    fun isClientGone(failure: Throwable): Boolean {
        var e: Throwable? = failure
        while (e != null) {
            if (e is IOException) return true
            e = e.cause.takeIf { it !== e }
        }
        return false
    }
}
