import { z } from "zod"

/** Event names the service can deliver (interface, Events part). */
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

export const WebhookRegistration = z.object({
  webhook_endpoint: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    url: z.string(),
    description: z.string().nullable().optional(),
    event_type_names: z.array(z.string()),
  }),
  api_key: z.object({
    name: z.string(),
    prefix: z.string(),
    public_key: z.string(),
  }),
})
export type WebhookRegistration = z.output<typeof WebhookRegistration>
