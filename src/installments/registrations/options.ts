import { z } from "zod"
import { isSafeServiceUrl, SERVICE_URL_RULE } from "../../lib/loopback"
import { WEBHOOK_SIGNATURE_SCHEMES, type WebhookKeys } from "../../lib/webhooks"
import { LONGEST_LINK_LIFE_MS } from "../links/timing"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const httpUrl = (name: string) =>
  z
    .string({ error: `${name} is required (an absolute http(s) URL)` })
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), {
      message: `${name} must be an absolute http(s) URL`,
    })

const WebhookKeyEntry = z.object({
  prefix: z.string().min(1, "webhookKeys[].prefix must be the api_key.prefix of the registration"),
  publicKey: z.string().refine((pem) => pem.includes("BEGIN PUBLIC KEY"), "webhookKeys[].publicKey must be a PEM public key"),
})

/** Provider options as a merchant writes them under the Payment module's `providers[].options`. */
export const ProviderOptionsSchema = z.object({
  secretKey: z.string({ error: "secretKey is required" }).min(1, "secretKey must not be empty"),
  publicKey: z.string({ error: "publicKey is required" }).refine((key) => key.startsWith("sandbox-") || key.startsWith("prod-"), {
    message: "publicKey must begin with sandbox- (sandbox) or prod- (production)",
  }),
  storeId: z.string({ error: "storeId is required" }).regex(UUID, "storeId must be the store's UUID"),
  // The secret key goes with every call: in clear only to the sandbox on this machine.
  baseUrl: httpUrl("baseUrl").refine(isSafeServiceUrl, { message: `baseUrl ${SERVICE_URL_RULE}` }),
  /** Where hosted pages live; informational, the service returns each link's url. */
  payUrl: httpUrl("payUrl").optional(),
  /** Storefront return address; `{session_id}` and `{cart_id}` are filled in. */
  callbackUrl: httpUrl("callbackUrl").refine((value) => value.includes("{session_id}") || value.includes("{cart_id}"), {
    message: "callbackUrl must contain {session_id} or {cart_id} so the storefront knows which checkout returned",
  }),
  checkoutMode: z
    .enum(["both", "installments", "pay_in_full"], {
      error: "checkoutMode must be one of both, installments, pay_in_full",
    })
    .default("both"),
  language: z.enum(["ar", "en"], { error: "language must be ar or en" }).default("ar"),
  linkTtlMinutes: z
    .number({ error: "linkTtlMinutes must be a number of minutes" })
    .int("linkTtlMinutes must be a whole number of minutes")
    .min(5, "linkTtlMinutes must be at least 5")
    .max(LONGEST_LINK_LIFE_MS / 60_000, "linkTtlMinutes must be at most 10080 (7 days)")
    .default(60),
  sendSms: z.boolean({ error: "sendSms must be true or false" }).default(false),
  /**
   * At most this many SMS with a checkout's link per customer and per phone number in any hour,
   * counted across server processes; above it the link is made without SMS (D38).
   */
  smsLimitPerHour: z
    .number({ error: "smsLimitPerHour must be a number" })
    .int("smsLimitPerHour must be a whole number")
    .min(1, "smsLimitPerHour must be at least 1 (set sendSms to false to send none)")
    .max(100, "smsLimitPerHour must be at most 100")
    .default(3),
  passkeyEnabled: z.boolean({ error: "passkeyEnabled must be true or false" }).default(true),
  linkTitle: z
    .string({ error: "linkTitle must be a string" })
    .min(1, "linkTitle must not be empty")
    .max(200, "linkTitle must be at most 200 characters")
    .default("Order"),
  /** `{ [api_key.prefix]: PEM }` or `[{ prefix, publicKey }]`; optional when keys are registered through the plugin. */
  webhookKeys: z
    .union([z.record(z.string().min(1), z.string()), z.array(WebhookKeyEntry)], {
      error: "webhookKeys must be { [prefix]: publicKeyPem } or [{ prefix, publicKey }]",
    })
    .optional(),
  signatureScheme: z
    .enum(WEBHOOK_SIGNATURE_SCHEMES as [string, ...string[]], {
      error: `signatureScheme must be one of ${WEBHOOK_SIGNATURE_SCHEMES.join(", ")}`,
    })
    .default("rsa-pss-sha256"),
  timeoutMs: z
    .number({ error: "timeoutMs must be a number" })
    .int()
    .positive("timeoutMs must be a positive number of milliseconds")
    .default(15_000),
  maxRetries: z
    .number({ error: "maxRetries must be a number" })
    .int()
    .min(0, "maxRetries must be 0 or more")
    .max(10, "maxRetries must be at most 10")
    .default(2),
  deadlineMs: z
    .number({ error: "deadlineMs must be a number" })
    .int()
    .positive("deadlineMs must be a positive number of milliseconds")
    .max(
      40_000,
      "deadlineMs must be at most 40000 ms: a refund's three calls must end within the two minutes after which the plugin judges an unanswered refund"
    )
    .default(30_000),
  retryBaseDelayMs: z.number({ error: "retryBaseDelayMs must be a number" }).int().min(0).default(500),
  processingRetryDelayMs: z.number({ error: "processingRetryDelayMs must be a number" }).int().min(0).default(3_000),
  /**
   * How long a paid verdict just read (at authorization or by the webhook handler) answers again
   * for the same link, session and amount without a service call; 0 always reads.
   */
  paidVerdictReuseMs: z
    .number({ error: "paidVerdictReuseMs must be a number of milliseconds" })
    .int("paidVerdictReuseMs must be a whole number of milliseconds")
    .min(0, "paidVerdictReuseMs must be 0 (no reuse) or more")
    .max(3_600_000, "paidVerdictReuseMs must be at most 3600000 (1 hour)")
    .default(300_000),
  /**
   * How many waiting sessions (and paid links) the reconciliation job checks at once; each check is
   * one service read. The job uses the smallest value among the registrations.
   */
  reconcileConcurrency: z
    .number({ error: "reconcileConcurrency must be a number" })
    .int("reconcileConcurrency must be a whole number")
    .min(1, "reconcileConcurrency must be at least 1")
    .max(32, "reconcileConcurrency must be at most 32")
    .default(4),
  /**
   * How long a processed delivery is remembered against replays: an older delivery (by its signed
   * created_at) is acknowledged and ignored, and the retention job deletes older records.
   */
  webhookRetentionDays: z
    .number({ error: "webhookRetentionDays must be a number of days" })
    .int("webhookRetentionDays must be a whole number of days")
    .min(1, "webhookRetentionDays must be at least 1")
    .max(3650, "webhookRetentionDays must be at most 3650 (10 years)")
    .default(30),
  /** Refund what the order owes when a return is received (Medusa's summary after the receipt). */
  autoRefundReturns: z.boolean({ error: "autoRefundReturns must be true or false" }).default(true),
})

export type ProviderOptionsInput = z.input<typeof ProviderOptionsSchema>
export type ProviderOptions = z.output<typeof ProviderOptionsSchema> & {
  signatureScheme: (typeof WEBHOOK_SIGNATURE_SCHEMES)[number]
  webhookKeys?: WebhookKeys
}

/** Thrown when the options are wrong; its message names every wrong option and never quotes a value. */
export class ProviderOptionsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "ProviderOptionsError"
  }
}

/** Validates and defaults the provider options; the error names each wrong option. */
export function parseProviderOptions(options: unknown): ProviderOptions {
  const result = ProviderOptionsSchema.safeParse(options ?? {})
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = issue.path.map(String).join(".") || "(options)"
      // zod's default messages for a missing key do not name it: ours do, so prefer ours.
      return issue.message.includes(field.split(".")[0]) ? issue.message : `${field}: ${issue.message}`
    })
    throw new ProviderOptionsError(`Invalid options for the installments payment provider: ${problems.join("; ")}`)
  }
  return result.data as ProviderOptions
}
