package pssr.bench.csv

import java.io.IOException
import java.nio.file.AccessDeniedException
import java.nio.file.FileSystemException
import java.nio.file.NoSuchFileException
import java.nio.file.Path

/**
 * A write into a results folder failed for a cause outside pssr: no space left, no permission, a file or folder removed
 * under the run. `Main` prints it as one line (the file, the cause, what was kept, the command that goes on) with exit code 2.
 */
class WriteFailed(val file: Path, val reason: String, cause: IOException) : RuntimeException("$file: $reason", cause) {
    companion object {
        /** [body]'s write of [file], its IOException as a [WriteFailed] naming the file. */
        fun <T> guard(file: Path, body: () -> T): T = try {
            body()
        } catch (e: IOException) {
            throw WriteFailed(file, reasonOf(e), e)
        }

        fun reasonOf(e: IOException): String = when (e) {
            is NoSuchFileException -> "no such file or folder (removed while the run wrote to it?)"
            is AccessDeniedException -> "permission denied"
            is FileSystemException -> e.reason ?: e.message ?: "cannot be written"
            else -> e.message ?: e.javaClass.simpleName
        }
    }
}
