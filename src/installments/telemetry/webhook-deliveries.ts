import type { Attributes } from "@opentelemetry/api"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { RefusalReason } from "../health/delivery-refusals"
import { recordDelivery } from "./metrics"
import { ATTR, SPAN } from "./names"
import { observeRefundIntents } from "./refund-intents"
import { SpanKind, withSpan } from "./tracer"

/** What the webhook route did with a delivery on an installments registration's path. */
export type DeliveryVerdict =
  | { verdict: "accepted" | "duplicate" | "ignored"; registered: true; event?: string }
  | { verdict: "refused"; reason: RefusalReason; registered: boolean; event?: string }

/**
 * Runs the webhook route's handling of one delivery inside a SERVER span `installments.webhook.verify`
 * and counts it in `installments.webhook.deliveries`: the verdict, the refusal's reason, the event of
 * a verified delivery and the answer's status. The registration is named only when the path names one
 * the store has (the path of a refused one is anyone's to choose); no header or body is ever read here.
 */
export async function verifiedDelivery(
  container: Pick<MedusaContainer, "resolve">,
  registration: string,
  handle: () => Promise<DeliveryVerdict>,
  status: () => number
): Promise<void> {
  observeRefundIntents(container)
  let labels: Attributes = { [ATTR.verdict]: "error" }
  try {
    await withSpan(SPAN.webhook, { kind: SpanKind.SERVER }, async (span) => {
      try {
        const verdict = await handle()
        labels = {
          [ATTR.verdict]: verdict.verdict,
          ...(verdict.registered ? { [ATTR.registration]: registration } : {}),
          ...(verdict.verdict === "refused" ? { [ATTR.refusalReason]: verdict.reason } : {}),
        }
        span.setAttributes({ ...labels, ...(verdict.event ? { [ATTR.webhookEvent]: verdict.event } : {}) })
      } finally {
        span.setAttributes({ [ATTR.verdict]: labels[ATTR.verdict], [ATTR.httpStatus]: status() })
      }
    })
  } finally {
    recordDelivery(labels)
  }
}
