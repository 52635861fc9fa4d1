import { z } from "zod"
import { informational, nullableString, withDefault } from "./common"

/** Event names the service can deliver (docs/service-api.md, Events). */
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

/** Body of webhook registration (endpoint 9). `allowHttp` is the sandbox's development mode (D21). */
export function registerWebhookBody(options: { allowHttpLocalhost: boolean }) {
  return z.object({
    url: z.url({ message: "must be an absolute URL" }).refine(
      (url) => {
        // zod v4 runs this refinement even when the url check above failed: never throw from here.
        if (!URL.canParse(url)) {
          return true
        }
        const parsed = new URL(url)
        if (parsed.protocol === "https:") {
          return true
        }
        const local = ["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname)
        return options.allowHttpLocalhost && parsed.protocol === "http:" && local
      },
      { message: "must be an HTTPS URL (plain HTTP is rejected)" }
    ),
    description: z.string().optional(),
    event_type_names: z.array(EventName).min(1, "must name at least one event"),
  })
}
export const RegisterWebhookBody = registerWebhookBody({ allowHttpLocalhost: false })
export type RegisterWebhookBody = z.input<typeof RegisterWebhookBody>

/**
 * Answer of webhook registration: the plugin stores the endpoint id and URL and the key's prefix and
 * PEM (shown only once); the rest is informational.
 */
export const WebhookRegistration = z.looseObject({
  webhook_endpoint: z.looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    url: z.string(),
    description: nullableString,
    event_type_names: withDefault(informational(z.array(z.string())), []),
  }),
  api_key: z.looseObject({
    name: nullableString,
    prefix: z.string().min(1, "must not be empty"),
    public_key: z.string().min(1, "must not be empty"),
  }),
})
export type WebhookRegistration = z.output<typeof WebhookRegistration>
