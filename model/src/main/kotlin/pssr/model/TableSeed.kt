package pssr.model

import java.sql.Connection

/**
 * Drops and refills a table in one transaction, as the API workloads' tables are seeded (by the harness and by the
 * servers): [create] the table again, then rows 1..[rows] through [insert] (one `?` per column), row `id` being the
 * column values [values] gives, in batches of 500.
 */
fun refillTable(connection: Connection, table: String, create: String, insert: String, rows: Int, values: (Int) -> List<Any>) {
    val auto = connection.autoCommit
    connection.autoCommit = false
    try {
        connection.createStatement().use {
            it.execute("DROP TABLE IF EXISTS $table")
            it.execute(create)
        }
        connection.prepareStatement(insert).use { ps ->
            for (id in 1..rows) {
                values(id).forEachIndexed { i, v -> ps.setObject(i + 1, v) }
                ps.addBatch()
                if (id % 500 == 0) ps.executeBatch()
            }
            ps.executeBatch()
        }
        connection.commit()
    } finally {
        connection.autoCommit = auto
    }
}
