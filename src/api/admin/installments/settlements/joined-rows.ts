import type { MedusaContainer } from "@medusajs/framework/types"
import { statementRows, type StatementRow } from "../../../../lib/statements/statement-row"
import { joinRowsToOrders, type JoinedRow } from "./order-join"

/** Rows joined per batch: a fixed number of queries per batch, a bounded number of rows in memory. */
export const JOIN_BATCH_SIZE = 1000

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
