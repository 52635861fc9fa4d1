import type { MedusaContainer } from "@medusajs/framework/types"
import { EventBusWatch } from "./event-bus-idle"
import { Sandbox, webhooksIdle } from "./sandbox"

/** Medusa's default `webhook_delay`, which a store configured as the docs show runs with. */
export const DEFAULT_WEBHOOK_DELAY_MS = 5_000
const PROCESSING_MARGIN_MS = 1_500

/**
 * Waits until the sandbox has no delivery in flight and Medusa's event bus in this process is idle:
 * every delivery Medusa accepted has been checked and handled to its end, so none lands in the next
 * test after the database was restored, and what a test counts now is final.
 */
export async function settleWebhooks(sandbox: Sandbox, container: MedusaContainer) {
  await webhooksIdle(sandbox)
  await EventBusWatch.of(container).idle()
}

/**
 * Waits long enough for a Medusa in another process (production.spec.ts's built store, whose event
 * bus this process cannot watch) to have processed a delivery posted just now.
 */
export async function medusaProcessedWebhooks(delayMs = DEFAULT_WEBHOOK_DELAY_MS) {
  await new Promise((resolve) => setTimeout(resolve, delayMs + PROCESSING_MARGIN_MS))
}
