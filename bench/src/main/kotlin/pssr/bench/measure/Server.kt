package pssr.bench.measure

/**
 * The server a level loads: where, and (when pssr started it) its PID, resource sampler, and [ended]: null
 * while it runs, else how it ended ("was killed by signal 9 (SIGKILL)").
 */
class Server(val host: String, val port: Int, val pid: Long?, val sampler: ResourceSampler?, val ended: () -> String? = { null })
