import { MedusaError } from "@medusajs/framework/utils"
import { InstallmentsError } from "../../../../lib/client"
import { merchantError } from "../../../../installments/messages/service-errors"
import { CsvFormatError } from "../../../../lib/statements/csv-records"
import { StatementRowError } from "../../../../lib/statements/statement-row"
import type { Registration } from "../../../../installments/registrations/lookup"

/**
 * Passes a statement's rows through; a statement the plugin cannot read (a bad row, a row or a file
 * over its cap) is told as the service's fault, naming the call, not a crash.
 */
export async function* unreadableAsServiceError<T>(registration: Registration, rows: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* rows
  } catch (error) {
    if (error instanceof StatementRowError || error instanceof CsvFormatError) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The csv statement of registration ${registration.id} (POST /reports/statements) cannot be read: ${error.message}`
      )
    }
    if (error instanceof InstallmentsError) {
      throw merchantError(error, { registration })
    }
    throw error
  }
}
