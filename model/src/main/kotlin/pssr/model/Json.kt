package pssr.model

import com.fasterxml.jackson.databind.json.JsonMapper

/**
 * The one JSON writer of the API workloads' bodies: Jackson with this mapper's settings only (not a framework's, whose
 * settings differ), so every server and the harness's expected answers are the same bytes. Objects are written with
 * their properties in declaration order, compactly.
 */
object Json {
    private val mapper = JsonMapper.builder().build()

    fun write(value: Any?): String = mapper.writeValueAsString(value)
}
