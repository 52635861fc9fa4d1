import type { IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { INTENT_SETTLE_MS } from "../installments/refunds/intent"
import { medusaRefundsIn } from "../installments/refunds/medusa-refunds"
import { checkUnbackedRefund } from "../installments/refunds/unbacked-refund"
import { clientForProvider } from "../installments/registrations/lookup"
import { registrationIdOf } from "../installments/registrations/provider-ids"
import { roundMedusaAmount } from "../lib/money"
import { idFloor } from "../lib/ulid-floor"
import { idTime } from "../lib/ulid-time"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { recordedJob } from "../installments/health/job-runs"

/** The sweep mark of this job: Medusa's refunds made before it were checked. */
export const MEDUSA_REFUNDS_MARK = "medusa-refunds"
// Where the first run starts: a store that installs the plugin is not read back further than a day.
const FIRST_RUN_LOOKBACK_MS = 24 * 60 * 60 * 1000
const PAGE_SIZE = 100

type RefundRow = {
  id: string
  raw_amount?: unknown
  amount?: unknown
  metadata?: Record<string, unknown> | null
  payment?: { id: string; provider_id: string; data?: Record<string, unknown> | null; payment_session_id?: string | null } | null
}

/**
 * Checks each refund Medusa made since the last run, once, after INTENT_SETTLE_MS: one on this
 * plugin's payment that no ledger row backs (its process died between Medusa's refund row and the
 * provider's intent) is confirmed with the service or removed (installments/refunds/unbacked-refund.ts).
 * Reads Medusa's refunds by id range (ids begin with their time: the primary key), in keyset pages,
 * from its sweep mark: never the store's history. Medusa's scheduler passes `{ scheduledFor }` as the
 * second argument, which is ignored; tests pass a clock.
 */
async function checkUnbackedRefunds(container: MedusaContainer, options: { now?: Date } = {}) {
  const now = options.now instanceof Date ? options.now : new Date()
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const until = new Date(now.getTime() - INTENT_SETTLE_MS)
  const from = (await service.sweptTo(MEDUSA_REFUNDS_MARK)) ?? new Date(until.getTime() - FIRST_RUN_LOOKBACK_MS)
  const ports = {
    ledger: service,
    clientFor: (id: Parameters<typeof clientForProvider>[1]) => clientForProvider(container, id),
    refundsOfPayment: async (paymentId: string) =>
      (await payments.listRefunds({ payment_id: paymentId } as never, { select: ["id", "metadata"] } as never)) as unknown as {
        id: string
        metadata?: Record<string, unknown> | null
      }[],
    removeMedusaRefund: medusaRefundsIn(container).remove,
    bookRefunds: medusaRefundsIn(container).book,
    logger,
  }
  let after = idFloor("ref", from)
  const before = idFloor("ref", until)
  for (;;) {
    const refunds = (await payments.listRefunds(
      { id: { $gt: after, $lt: before } } as never,
      { relations: ["payment"], take: PAGE_SIZE, order: { id: "ASC" } } as never
    )) as unknown as RefundRow[]
    for (const refund of refunds) {
      const registrationId = refund.payment ? registrationIdOf(refund.payment.provider_id) : undefined
      const transactionId = refund.payment?.data?.transaction_id
      if (!registrationId || typeof transactionId !== "string") continue
      try {
        await checkUnbackedRefund(
          ports,
          {
            id: refund.id,
            payment_id: refund.payment!.id,
            registration_id: registrationId,
            transaction_id: transactionId,
            payment_session_id: refund.payment!.payment_session_id ?? null,
            created_at: idTime(refund.id) ?? now,
            halalas: roundMedusaAmount(refund.raw_amount ?? refund.amount),
            metadata: refund.metadata,
          },
          now
        )
      } catch (error) {
        // The service may be unreachable: the mark stays before this refund, so the next run checks it again.
        logger.warn(`installments: could not check Medusa refund ${refund.id}: ${(error as Error).message}`)
        return
      }
    }
    if (refunds.length < PAGE_SIZE) break
    after = refunds[refunds.length - 1].id
  }
  await service.markSweptTo(MEDUSA_REFUNDS_MARK, until)
}

export const config = { name: "installments-check-unbacked-refunds", schedule: "*/5 * * * *" }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, checkUnbackedRefunds)
