import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * How Medusa's webhook route queues a delivery: after the Payment module's `webhook_delay` (5 s by
 * default, so a shopper's own cart completion goes first) with `webhook_retries` attempts (3).
 */
export function medusaWebhookQueueOptions(container: MedusaContainer): { delay: number; attempts: number } {
  // The route reads the module's options the same way (they are not on its typed interface).
  const options = (container.resolve(Modules.PAYMENT) as { options?: { webhook_delay?: number; webhook_retries?: number } }).options ?? {}
  return { delay: options.webhook_delay || 5000, attempts: options.webhook_retries || 3 }
}
