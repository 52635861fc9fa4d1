import type { MedusaContainer } from "@medusajs/framework/types"
import { statementRows, type StatementRow } from "../../../../lib/statements/statement-row"
import { joinRowsToOrders, type JoinedRow } from "./order-join"

/**
 * Rows joined per batch: a fixed number of queries per batch, a bounded number of rows in memory.
 * Small on purpose: a batch lives across its parsing and its queries, and when V8's young generation
 * holds much that is still live at a collection it promotes all of it. With 1,000 rows a batch was
 * promoted every time and kept until the next full collection, which a store with a large heap puts
 * off: a 200 MB statement grew the store by about 600 MB. With 100 rows it dies young, for about a
 * third more time (`npm run bench:exports`, `npm run bench:settlements`).
 */
export const JOIN_BATCH_SIZE = 100

/**
 * The rows of the service's csv statement as they stream in, each joined to its Medusa order.
 * Only one batch of rows is held at a time.
 */
export async function* joinedStatementRows(
  container: MedusaContainer,
  csv: AsyncIterable<Buffer | string>,
  batchSize = JOIN_BATCH_SIZE
): AsyncGenerator<JoinedRow> {
  let batch: StatementRow[] = []
  for await (const row of statementRows(csv)) {
    batch.push(row)
    if (batch.length >= batchSize) {
      yield* await joinRowsToOrders(container, batch)
      batch = []
    }
  }
  yield* await joinRowsToOrders(container, batch)
}
