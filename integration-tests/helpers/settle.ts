import type { MedusaContainer } from "@medusajs/framework/types"
import { EventBusWatch } from "./event-bus-idle"
import { Sandbox, webhooksIdle } from "./sandbox"

/**
 * Waits until the sandbox has no delivery in flight and Medusa's event bus in this process is idle:
 * every delivery Medusa accepted has been checked and handled to its end, so none lands in the next
 * test after the database was restored, and what a test counts now is final.
 */
export async function settleWebhooks(sandbox: Sandbox, container: MedusaContainer) {
  await webhooksIdle(sandbox)
  await EventBusWatch.of(container).idle()
}
