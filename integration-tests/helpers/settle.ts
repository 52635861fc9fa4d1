import { Sandbox, webhooksIdle } from "./sandbox"

// Medusa's webhook route queues each delivery for 5 s (its payment module ignores `webhook_delay`).
const MEDUSA_WEBHOOK_DELAY_MS = 5_000
const PROCESSING_MARGIN_MS = 1_500

/**
 * Waits until every delivery accepted by Medusa during the test has been processed, so none lands
 * in the next test after the database was restored (where its session no longer exists).
 */
export async function settleWebhooks(sandbox: Sandbox) {
  await webhooksIdle(sandbox)
  const { data } = await sandbox.control.get("/webhooks/deliveries", { params: { status: "delivered" } })
  const accepted = (data.deliveries as { attempts: { at: string; status_code: number | null }[] }[])
    .flatMap((delivery) => delivery.attempts)
    .filter((attempt) => attempt.status_code === 200)
    .map((attempt) => Date.parse(attempt.at))
  const last = accepted.length ? Math.max(...accepted) : 0
  const wait = last + MEDUSA_WEBHOOK_DELAY_MS + PROCESSING_MARGIN_MS - Date.now()
  if (wait > 0) {
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

/** Waits long enough for Medusa to have processed a delivery posted just now. */
export async function medusaProcessedWebhooks() {
  await new Promise((resolve) => setTimeout(resolve, MEDUSA_WEBHOOK_DELAY_MS + PROCESSING_MARGIN_MS))
}
