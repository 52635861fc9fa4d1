import { z } from "zod"
import { isSafeServiceUrl, SERVICE_URL_RULE } from "../loopback"
import { ValidationError } from "./errors"
import type { CallObserver } from "./observer"
import { issuesOf } from "./validate"

/** The subset of a logger the client writes to; Medusa's logger and `console` both fit. */
export interface ClientLogger {
  debug?(message: string): void
  info?(message: string): void
  warn?(message: string): void
  error?(message: string): void
}

export type Environment = "sandbox" | "production"

const ClientOptionsSchema = z.object({
  secretKey: z.string({ error: "secretKey is required" }).min(1, "secretKey must not be empty"),
  publicKey: z.string({ error: "publicKey is required" }).refine((key) => key.startsWith("sandbox-") || key.startsWith("prod-"), {
    message: "publicKey must begin with sandbox- (sandbox) or prod- (production)",
  }),
  // The secret key goes with every call: in clear only to the sandbox on this machine, as the provider requires.
  baseUrl: z
    .url({ protocol: /^https?$/, error: "baseUrl must be an absolute http(s) URL" })
    .refine(isSafeServiceUrl, { message: `baseUrl ${SERVICE_URL_RULE}` }),
  timeoutMs: z.number().int().positive("timeoutMs must be a positive number of milliseconds").default(15_000),
  maxRetries: z.number().int().min(0).max(10, "maxRetries must be at most 10").default(2),
  /**
   * The longest one call may take, every attempt and pause included (not only socket idle time):
   * a refund's three calls then end within the two minutes after which an unanswered refund is
   * judged from the service's refund tracker (INTENT_SETTLE_MS).
   */
  deadlineMs: z
    .number()
    .int()
    .positive("deadlineMs must be a positive number of milliseconds")
    .max(
      40_000,
      "deadlineMs must be at most 40000 ms: a refund's three calls must end within the two minutes after which the plugin judges an unanswered refund"
    )
    .default(30_000),
  /** First backoff step; attempt n waits about base * 2^n plus jitter. */
  retryBaseDelayMs: z.number().int().min(0).default(500),
  /** Wait before retrying a refund that the service reports as "already under processing". */
  processingRetryDelayMs: z.number().int().min(0).default(3_000),
  /**
   * How much of an answer is read (answer-limits.ts, D36); the defaults suit every store, a test or
   * an unusual integration may lower or raise one.
   */
  answerLimits: z
    .object({
      answerBytes: z.number().int().positive("answerLimits.answerBytes must be a positive number of bytes").optional(),
      errorBytes: z.number().int().positive("answerLimits.errorBytes must be a positive number of bytes").optional(),
      fileBytes: z.number().int().positive("answerLimits.fileBytes must be a positive number of bytes").optional(),
    })
    .optional(),
  logger: z.custom<ClientLogger>((value) => value === undefined || typeof value === "object").optional(),
  /** Wraps each call (a trace span, metrics); it hears no header, body or query string (observer.ts). */
  observer: z.custom<CallObserver>((value) => value === undefined || typeof value === "function").optional(),
})

export type ClientOptions = z.input<typeof ClientOptionsSchema>
export type ResolvedClientOptions = z.output<typeof ClientOptionsSchema>

/** Validates client options; a wrong option names the option and its rule, never its value. */
export function parseClientOptions(options: ClientOptions): ResolvedClientOptions {
  const result = ClientOptionsSchema.safeParse(options ?? {})
  if (!result.success) {
    const issues = issuesOf(result.error)
    throw new ValidationError({
      message: `Invalid InstallmentsClient options: ${issues.map((i) => `${i.field}: ${i.message}`).join("; ")}`,
      code: "invalid_options",
      issues,
    })
  }
  return result.data
}

/** The environment follows the public key (docs/service-api.md, Authentication; D22). */
export function environmentOf(publicKey: string): Environment {
  return publicKey.startsWith("prod-") ? "production" : "sandbox"
}
