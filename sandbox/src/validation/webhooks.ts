import { z } from "zod"

/** Event names the service delivers (docs/service-api.md, Events). */
export const EVENT_NAMES = [
  "order.created",
  "order.success",
  "order.failed",
  "order.updated",
  "installment.tracker.approved",
  "installment.tracker.rejected",
  "order.disputed",
  "payment_link.expired",
  "modal.closed",
] as const
export const EventName = z.enum(EVENT_NAMES)
export type EventName = z.output<typeof EventName>

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"])

/** Whether the service takes this URL: HTTPS, or in the sandbox's development mode plain HTTP to this machine (D21). */
function acceptedUrl(text: string, allowHttpLocalhost: boolean): boolean {
  // zod runs this refinement even when the url check failed: judge only what parses.
  if (!URL.canParse(text)) {
    return true
  }
  const url = new URL(text)
  return url.protocol === "https:" || (allowHttpLocalhost && url.protocol === "http:" && LOOPBACK.has(url.hostname.toLowerCase()))
}

/** Body of webhook registration (endpoint 9). */
export function webhookRegistration(options: { allowHttpLocalhost: boolean }) {
  return z.object({
    url: z
      .url({ message: "must be an absolute URL" })
      .refine((url) => acceptedUrl(url, options.allowHttpLocalhost), "must be an HTTPS URL (plain HTTP is rejected)"),
    description: z.string().optional(),
    event_type_names: z.array(EventName).min(1, "must name at least one event"),
  })
}
