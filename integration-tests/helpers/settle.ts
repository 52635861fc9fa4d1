import { Sandbox, webhooksIdle } from "./sandbox"

/** The Payment module's `webhook_delay` in the test boot (medusa-config.ts); the plugin queues paid deliveries with it. */
export const TEST_WEBHOOK_DELAY_MS = 200
/** Medusa's default `webhook_delay`, which a store configured as the docs show runs with. */
export const DEFAULT_WEBHOOK_DELAY_MS = 5_000
const PROCESSING_MARGIN_MS = 1_500

/**
 * Waits until every delivery accepted by Medusa during the test has been processed, so none lands
 * in the next test after the database was restored (where its session no longer exists).
 */
export async function settleWebhooks(sandbox: Sandbox, delayMs = TEST_WEBHOOK_DELAY_MS) {
  await webhooksIdle(sandbox)
  const { data } = await sandbox.control.get("/webhooks/deliveries", { params: { status: "delivered" } })
  const accepted = (data.deliveries as { attempts: { at: string; status_code: number | null }[] }[])
    .flatMap((delivery) => delivery.attempts)
    .filter((attempt) => attempt.status_code === 200)
    .map((attempt) => Date.parse(attempt.at))
  const last = accepted.length ? Math.max(...accepted) : 0
  const wait = last + delayMs + PROCESSING_MARGIN_MS - Date.now()
  if (wait > 0) {
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

/** Waits long enough for Medusa to have processed a delivery posted just now. */
export async function medusaProcessedWebhooks(delayMs = TEST_WEBHOOK_DELAY_MS) {
  await new Promise((resolve) => setTimeout(resolve, delayMs + PROCESSING_MARGIN_MS))
}
