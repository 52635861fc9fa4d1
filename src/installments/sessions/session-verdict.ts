import type { ConfigModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { formatAmount, parseAmount } from "../../lib/money"
import { clientFromOptions, installmentsProviderOptions } from "../registrations/lookup"
import { readSessionData } from "./data"
import { readOrderDebtRequest } from "./order-debt-request"
import { linkVerdict, webhookActionOf, type ExpectedPayment } from "../links/verdict"
import { recentPaidVerdicts } from "../links/recent-paid-verdicts"
import { refundedByPlugin } from "../refunds/keys"
import { readLink } from "../links/read-link"
import { registrationIdOf, type ProviderId } from "../registrations/provider-ids"
import { checkoutRecorderIn } from "../insights/record-checkout"
import type { ShopperFailure } from "../messages/shopper-language"

export interface SessionToReconcile {
  session_id: string
  provider_id: ProviderId
  data: Record<string, unknown>
  /**
   * The paid webhook's read: a paid verdict the shopper's authorization read moments ago answers
   * instead of a second read (`paidVerdictReuseMs`). The sweep reads afresh.
   */
  reuse_paid_verdict?: boolean
  /**
   * A public ask (the storefront's payment-status route, D54): answered from the link's newest
   * verdict of the last few seconds, whatever it says, and joined to a read of the session under
   * way, so asking in a loop never costs more service reads or Insights records than a checkout.
   */
  public_ask?: boolean
}

export interface SessionVerdict {
  action: PaymentActions
  session_id: string
  amount: string
  /** Paid but not settled yet (bank review, or a transaction the service still records): read again even past the link's expiry. */
  still_waiting: boolean
  /** True when the session collects what an existing order owes (no cart, no order to place). */
  order_debt: boolean
  /** Why the shopper has not paid, when a refusal or the link says so. */
  failure?: ShopperFailure
}

/**
 * Reads a waiting session's link from the service and maps it to what Medusa's processPaymentWorkflow
 * is told. The session's own data is the key of the paid verdicts the shopper's authorization keeps,
 * so either read answers the other, and a paid verdict read here spares the authorization that
 * placing the order runs a read of its own.
 */
export async function readSessionVerdict(container: MedusaContainer, input: SessionToReconcile): Promise<SessionVerdict> {
  const data = readSessionData(input.data)
  const registrationId = registrationIdOf(input.provider_id)
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const options = registrationId ? installmentsProviderOptions(config, registrationId) : undefined
  if (!data || !options) {
    return { action: PaymentActions.NOT_SUPPORTED, session_id: input.session_id, amount: "0", still_waiting: false, order_debt: false }
  }
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const amount = parseAmount(data.amount)
  const expected: ExpectedPayment = { session_id: data.session_id, amount, currency_code: data.currency_code }
  const reuse = { reuse: input.reuse_paid_verdict === true, ttlMs: options.paidVerdictReuseMs }
  // Every sweep reads the same waiting links again: the reader reports an unknown status once, as on checkout.
  const read = async () => {
    const details = await readLink(clientFromOptions(options, logger, registrationId), data.payment_link_id, logger)
    const verdict = linkVerdict(details, expected)
    // Kept before the Insights record is written: the shopper's authorization, meanwhile, finds it.
    recentPaidVerdicts.remember(data.payment_link_id, expected, verdict, reuse.ttlMs)
    await checkoutRecorderIn(container).record({ ...data, provider_id: input.provider_id }, details, verdict)
    return verdict
  }
  const verdict = input.public_ask
    ? await recentPaidVerdicts.askedVerdictOf(data.payment_link_id, expected, reuse.ttlMs, read)
    : await recentPaidVerdicts.verdictOf(data.payment_link_id, expected, reuse, read)
  const transaction = verdict.transaction
  // A payment the plugin already refunded directly (Medusa had recorded none) is not recorded now:
  // Medusa would show it captured and never refunded.
  return {
    action: transaction && refundedByPlugin(transaction) ? PaymentActions.NOT_SUPPORTED : webhookActionOf(verdict),
    session_id: input.session_id,
    amount: formatAmount(amount),
    still_waiting: verdict.status === PaymentSessionStatus.PENDING_AUTHORIZATION || verdict.settling === true,
    order_debt: !!readOrderDebtRequest(input.data),
    ...(verdict.failure ? { failure: verdict.failure } : {}),
  }
}
