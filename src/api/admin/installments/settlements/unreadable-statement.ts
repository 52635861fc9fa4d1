import { MedusaError } from "@medusajs/framework/utils"
import { CsvFormatError } from "../../../../lib/statements/csv-records"
import { StatementRowError } from "../../../../lib/statements/statement-row"
import type { Registration } from "../../../../installments/registrations/lookup"

/** Passes a statement's rows through; a statement the plugin cannot read is told as the service's fault, not a crash. */
export async function* unreadableAsServiceError<T>(registration: Registration, rows: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* rows
  } catch (error) {
    if (error instanceof StatementRowError || error instanceof CsvFormatError) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The csv statement of registration ${registration.id} cannot be read: ${error.message}`
      )
    }
    throw error
  }
}
