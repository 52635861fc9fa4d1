import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { clientForProvider } from "../../../installments/registrations/lookup"
import { isUnresolved, resolveIntent } from "../../../installments/refunds/intent"
import { formatAmount, parseAmount } from "../../../lib/money"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"
import { asRegistrationId } from "../../../installments/registrations/provider-ids"

export interface ResolveRefundIntentInput {
  /** The ledger row to resolve (an unresolved intent, or an applied refund Medusa does not show). */
  id: string
  /** The resolver's clock; defaults to now. A workflow's input crosses as JSON: a date string is read too. */
  now?: Date | string
}

/**
 * Settles an unresolved intent from the service's refund tracker: its key listed means applied
 * (recorded as accepted, so a refund Medusa's run gave up on is marked to be recorded there), not
 * listed INTENT_SETTLE_MS after its call means never received (failed, retried under the same key).
 * Then mirrors the tracker. Returns the row as it stands after.
 */
export const resolveFromTrackerStep = createStep(
  "installments-resolve-refund-from-tracker",
  async (input: ResolveRefundIntentInput, { container }) => {
    const ledger = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
    const [row] = await ledger.listInstallmentsRefunds({ id: input.id }, { take: 1 })
    if (!row || !isUnresolved(row.status)) {
      return new StepResponse(row)
    }
    const registrationId = asRegistrationId(row.provider_id)
    const client = clientForProvider(container, registrationId)
    if (!client) {
      container
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .warn(`installments: no provider ${row.provider_id} to resolve refund ${row.id}`)
      return new StepResponse(row)
    }
    const transaction = await client.transactions.retrieve(row.transaction_id)
    const verdict = resolveIntent(row, transaction, input.now ? new Date(input.now) : new Date())
    if (verdict === "wait") {
      return new StepResponse(row)
    }
    const listed = transaction.refund_tracker
      .filter((entry) => entry.idempotency_key === row.idempotency_key)
      .reduce((total, entry) => total + parseAmount(entry.amount), 0n)
    await ledger.writeRefundLedger({
      kind: "outcome",
      transaction_id: row.transaction_id,
      row_id: row.id,
      outcome:
        verdict === "applied"
          ? { kind: "accepted", amount: formatAmount(listed), recorded_by_medusa: false }
          : { kind: "not_applied" },
    })
    await ledger.writeRefundLedger({
      kind: "tracker",
      transaction_id: row.transaction_id,
      sync: { provider_id: registrationId, tracker: transaction.refund_tracker },
    })
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .info(
        `installments: refund ${row.idempotency_key} on transaction ${row.transaction_id} resolved from the service: ${verdict.replace("_", " ")}`
      )
    const [after] = await ledger.listInstallmentsRefunds({ id: input.id }, { take: 1 })
    return new StepResponse(after)
  }
)
