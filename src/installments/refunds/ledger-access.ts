import { container } from "@medusajs/framework"
import type { ConfigModule, IPaymentModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../module-key"
import type { ProviderOptions } from "../registrations/options"
import { registrationIdWithAccount } from "../registrations/lookup"
import { asRegistrationId, type RegistrationId } from "../registrations/provider-ids"
import type { RefundLedgerWriter } from "./ledger-change"
import { recordedKeyOf } from "./keys"

/**
 * The refund ledger for the payment provider. Medusa builds the provider in the Payment module's
 * container, which cannot resolve the plugin's module, so the provider reaches the ledger through
 * the application's container, when it refunds (every module is loaded by then). A cradle that
 * registers `installmentsRefundLedger` (the provider's unit tests) is used instead.
 */
export function refundLedgerFor(cradle: Record<string, unknown>): RefundLedgerWriter {
  let injected: RefundLedgerWriter | undefined
  try {
    injected = cradle.installmentsRefundLedger as RefundLedgerWriter | undefined
  } catch {
    // An awilix cradle throws for a name it does not know: the application's container it is.
  }
  return (
    injected ?? { writeRefundLedger: (change) => container.resolve<RefundLedgerWriter>(INSTALLMENTS_MODULE).writeRefundLedger(change) }
  )
}

/** The registration id the provider's ledger rows name (Medusa does not tell a provider its own id). */
export function registrationIdFor(cradle: Record<string, unknown>, options: ProviderOptions): RegistrationId {
  try {
    const injected = cradle.installmentsRegistrationId
    if (typeof injected === "string") return asRegistrationId(injected)
  } catch {
    // Not registered in the cradle: read the application's configuration.
  }
  return registrationIdWithAccount(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), options)
}

/** Reads the key of the plugin's cause a Medusa refund names in its metadata, if any. */
export type MedusaRefundKeyReader = (refundId: string) => Promise<string | undefined>

/**
 * How the provider learns that Medusa's refund run records or sends a refund of the plugin's (a
 * return's, a resolved intent's): the plugin's flows put the cause's key in the refund's metadata,
 * and Medusa commits the refund row before it calls the provider. A cradle that registers
 * `installmentsMedusaRefundKey` (the provider's unit tests) is used instead of Medusa's Payment module.
 */
export function medusaRefundKeyReaderFor(cradle: Record<string, unknown>, logger?: Logger): MedusaRefundKeyReader {
  let read: MedusaRefundKeyReader | undefined
  try {
    read = cradle.installmentsMedusaRefundKey as MedusaRefundKeyReader | undefined
  } catch {
    // Not registered in the cradle: read Medusa's Payment module through the application's container.
  }
  read ??= async (refundId) => {
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const [refund] = (await payments.listRefunds({ id: refundId }, { select: ["id", "metadata"], take: 1 })) as {
      metadata?: Record<string, unknown> | null
    }[]
    return refund ? recordedKeyOf(refund) : undefined
  }
  const reader = read
  // Unread, Medusa's run could send a second refund for a cause already applied: a failed read fails
  // the refund before anything is sent.
  return async (refundId) => {
    try {
      return await reader(refundId)
    } catch (error) {
      logger?.warn(`installments: could not read Medusa refund ${refundId} before refunding: ${(error as Error).message}`)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "The refund could not be checked before sending; nothing was refunded. Try again."
      )
    }
  }
}
