package pssr.servers.api

import io.netty.util.internal.ThreadExecutorMap // public, in Netty's internal package: the event loop running this thread
import io.r2dbc.pool.ConnectionPool
import pssr.model.api.Product
import pssr.model.api.Products
import reactor.core.publisher.Flux
import reactor.core.publisher.Mono
import reactor.core.scheduler.Schedulers
import java.sql.Connection
import javax.sql.DataSource
import io.r2dbc.spi.Connection as R2dbcConnection

/** Reads a page of the product table; the same SQL through JDBC or R2DBC. */
sealed interface ProductRepository : AutoCloseable

class JdbcProducts(private val ds: DataSource, private val keep: Connection) : ProductRepository {
    fun page(page: Int, size: Int): List<Product> = ds.connection.use { c ->
        c.prepareStatement(Products.QUERY_JDBC).use { ps ->
            ps.setInt(1, size)
            ps.setInt(2, page * size)
            ps.executeQuery().use { rs ->
                buildList {
                    while (rs.next()) {
                        add(
                            Product(
                                rs.getInt(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getInt(6),
                                rs.getInt(7),
                            ),
                        )
                    }
                }
            }
        }
    }

    override fun close() {
        (ds as? AutoCloseable)?.close()
        keep.close()
    }
}

class R2dbcProducts(private val pool: ConnectionPool, private val keep: Connection) : ProductRepository {
    /**
     * A connection is used on the event loop of the request that asked for it. r2dbc-h2 runs H2 synchronously, and the
     * pool hands a released connection to the next waiting request on the releasing thread: without the hop, one
     * event loop ran every waiting request's query (and, for webflux-loop, its enrichment) in a row while 35 waited,
     * and never got back to its own connections, whose requests waited until Netty's idle timeout closed them (seen
     * here: 9 of 283,342 requests closed after 10.9 s, 25 connections idle and 35 requests waiting in the pool).
     */
    fun page(page: Int, size: Int): Flux<Product> = Flux.defer {
        val loop = ThreadExecutorMap.currentExecutor()
        query(if (loop != null) pool.create().publishOn(Schedulers.fromExecutor(loop)) else pool.create(), page, size)
    }

    private fun query(connection: Mono<out R2dbcConnection>, page: Int, size: Int): Flux<Product> = Flux.usingWhen(connection, { c ->
        Flux.from(c.createStatement(Products.QUERY_R2DBC).bind("$1", size).bind("$2", page * size).execute())
            .flatMap { r ->
                r.map { row, _ ->
                    Product(
                        row.get("id", Integer::class.java)!!.toInt(),
                        row.get("name", String::class.java)!!,
                        row.get("category", String::class.java)!!,
                        row.get("region", String::class.java)!!,
                        row.get("type", String::class.java)!!,
                        row.get("price_cents", Integer::class.java)!!.toInt(),
                        row.get("stock", Integer::class.java)!!.toInt(),
                    )
                }
            }
    }, { c -> Mono.from(c.close()) })

    override fun close() {
        pool.dispose()
        keep.close()
    }
}
