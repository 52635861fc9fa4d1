import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { canCompleteCart, type WebhookEvent } from "../../lib/webhooks/events"
import { collectsOrderDebt } from "../sessions/order-debt-request"

type QueueOptions = { webhook_delay?: number; webhook_retries?: number }

/**
 * How Medusa's webhook route queues a delivery, which the plugin's route follows for its own: after
 * the Payment module's `webhook_delay` (5 s by default, so a shopper's own cart completion goes
 * first) with `webhook_retries` attempts (3).
 */
export function medusaWebhookQueueOptions(container: MedusaContainer): { delay: number; attempts: number } {
  // Medusa 2.21's route looks for these on `.options`, which the Payment module never sets: the module
  // keeps the options it was configured with as `moduleDeclaration`. Reading both honours a store's
  // configured delay here, where Medusa's own route would fall back to 5 s.
  const service = container.resolve(Modules.PAYMENT) as { options?: QueueOptions; moduleDeclaration?: QueueOptions }
  const options = service.options ?? service.moduleDeclaration ?? {}
  return { delay: options.webhook_delay || 5000, attempts: options.webhook_retries || 3 }
}

/**
 * True for a delivery that waits `webhook_delay` before it is handled: a paid delivery about a cart's
 * link, which the shopper's own return (needing no delivery) may place first. A link collecting an
 * order's debt has no shopper return to wait for, since its delivery or the sweep is the only way it
 * is recorded, so it is handled at once.
 */
function waitsForShopperReturn(event: WebhookEvent): boolean {
  return canCompleteCart(event) && !collectsOrderDebt(event.data.metadata)
}

/** The event bus options of a verified delivery's `installments.webhook_received`. */
export function webhookQueueOptionsFor(container: MedusaContainer, event: WebhookEvent): { delay?: number; attempts: number } {
  const { delay, attempts } = medusaWebhookQueueOptions(container)
  return waitsForShopperReturn(event) ? { delay, attempts } : { attempts }
}
