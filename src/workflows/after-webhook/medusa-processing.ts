import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { SessionContext } from "./session-context"

/** Medusa's own default wait before it processes a webhook it accepted. */
export const MEDUSA_DEFAULT_WEBHOOK_DELAY_MS = 5_000
/** Time allowed for Medusa's processing itself (locks, provider reads, capture) after that wait. */
export const MEDUSA_PROCESSING_MARGIN_MS = 10_000

/**
 * How long after delivery Medusa processes a webhook: its route queues the delivery with the Payment
 * module's `webhook_delay` option, 5 s when unset (read exactly as Medusa's route reads it).
 */
export function medusaWebhookDelayMs(container: Pick<MedusaContainer, "resolve">): number {
  try {
    const payment = container.resolve(Modules.PAYMENT) as { options?: { webhook_delay?: unknown } }
    const delay = Number(payment?.options?.webhook_delay)
    return Number.isFinite(delay) && delay > 0 ? delay : MEDUSA_DEFAULT_WEBHOOK_DELAY_MS
  } catch {
    return MEDUSA_DEFAULT_WEBHOOK_DELAY_MS
  }
}

/** True once Medusa recorded a captured payment for the session (its processing is then done). */
export function capturedPaymentRecorded(context: SessionContext): boolean {
  return context.payments.some((payment) => !payment.canceled_at && (!!payment.captured_at || !!payment.captures?.length))
}

/**
 * Polls `done` until it answers true or `timeoutMs` has passed; true when it was done. The clock and
 * the sleep are injectable for tests.
 */
export async function waitUntil(
  done: () => Promise<boolean>,
  timeoutMs: number,
  options: { stepMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> } = {}
): Promise<boolean> {
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const stepMs = options.stepMs ?? 500
  const deadline = now() + timeoutMs
  for (;;) {
    if (await done()) {
      return true
    }
    const left = deadline - now()
    if (left <= 0) {
      return false
    }
    await sleep(Math.min(stepMs, left))
  }
}
