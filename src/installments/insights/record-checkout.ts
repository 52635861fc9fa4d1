import { container as applicationContainer } from "@medusajs/framework"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { PaymentLinkDetails } from "../../lib/client"
import { formatAmount, parseAmount } from "../../lib/money"
import { idTime } from "../../lib/ulid-time"
import type { LinkVerdict } from "../links/verdict"
import { INSTALLMENTS_MODULE } from "../module-key"
import { checkoutFacts } from "./checkout-outcome"
import type { CheckoutWriter } from "./checkout-record"

/** The checkout a read was for: its session, the link read, what the link asks and, when known, its provider. */
export interface CheckoutSeen {
  session_id: string
  payment_link_id: string
  /** SAR, as the session data or the link holds it. */
  amount: string
  /** Medusa's provider id of the session (`pp_installments_bnpl`), when the reader knows it. */
  provider_id?: string | null
}

/**
 * Records what a read of a checkout's link told the plugin (D44): the one call every place that
 * decides a session's verdict makes. It never throws: a checkout must not fail because its record
 * could not be written; the log says so.
 */
export interface CheckoutRecorder {
  record(seen: CheckoutSeen, details: PaymentLinkDetails, verdict: LinkVerdict): Promise<void>
}

type Resolver = { hasRegistration?(key: string): boolean; resolve<T>(key: string): T }

/** The recorder of code that runs in the application's container (workflow steps, routes, jobs). */
export function checkoutRecorderIn(container: MedusaContainer, logger?: Logger): CheckoutRecorder {
  return recorderOver(() => container as unknown as Resolver, logger ?? container.resolve<Logger>(ContainerRegistrationKeys.LOGGER))
}

/**
 * The payment provider's recorder. Medusa builds the provider in the Payment module's container,
 * which cannot resolve the plugin's module, so it reaches the module through the application's
 * container when it records (every module is loaded by then); a store that did not load the
 * plugin's module has nowhere to record, and nothing is recorded. A cradle that registers
 * `installmentsCheckoutWriter` (the provider's unit tests) is used instead.
 */
export function checkoutRecorderFor(cradle: Record<string, unknown>, logger?: Logger): CheckoutRecorder {
  let injected: CheckoutWriter | undefined
  try {
    injected = cradle.installmentsCheckoutWriter as CheckoutWriter | undefined
  } catch {
    // An awilix cradle throws for a name it does not know: the application's container it is.
  }
  if (injected) {
    const writer = injected
    return recorderOver(() => ({ resolve: <T>() => writer as T, hasRegistration: (key) => key === INSTALLMENTS_MODULE }), logger)
  }
  return recorderOver(() => applicationContainer as unknown as Resolver, logger)
}

function recorderOver(container: () => Resolver, logger: Logger | undefined): CheckoutRecorder {
  return {
    async record(seen, details, verdict) {
      try {
        const resolver = container()
        if (resolver.hasRegistration && !resolver.hasRegistration(INSTALLMENTS_MODULE)) {
          return
        }
        const writer = resolver.resolve<CheckoutWriter>(INSTALLMENTS_MODULE)
        await writer.recordCheckout({
          session_id: seen.session_id,
          provider_id: seen.provider_id ?? (await providerOfSession(resolver, seen.session_id)),
          payment_link_id: seen.payment_link_id,
          started_at: idTime(seen.session_id) ?? new Date(),
          amount: formatAmount(parseAmount(seen.amount)),
          ...checkoutFacts(details, verdict),
        })
      } catch (error) {
        logger?.warn(
          `installments: the Insights record of checkout ${seen.session_id} was not written (${(error as Error).message}); ` +
            "a later read of its link, if any, records it"
        )
      }
    },
  }
}

// The provider is not told its own id (D44): Medusa's session row says which registration made it.
async function providerOfSession(resolver: Resolver, sessionId: string): Promise<string | null> {
  if (resolver.hasRegistration && !resolver.hasRegistration(ContainerRegistrationKeys.QUERY)) {
    return null
  }
  const query = resolver.resolve<{ graph(input: unknown): Promise<{ data: Array<{ provider_id?: string }> }> }>(
    ContainerRegistrationKeys.QUERY
  )
  const { data } = await query.graph({ entity: "payment_session", fields: ["provider_id"], filters: { id: sessionId } })
  return data[0]?.provider_id ?? null
}
