import { container } from "@medusajs/framework"
import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../module-key"
import type { ProviderOptions } from "../registrations/options"
import { registrationIdWithAccount } from "../registrations/lookup"
import { asRegistrationId, type RegistrationId } from "../registrations/provider-ids"
import type { RefundLedgerWriter } from "./ledger-change"

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
