import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ConfigModule, IEventBusModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  isKnownWebhookEvent,
  linkIdOf,
  verifyWebhook,
  WebhookVerificationError,
  type ParsedWebhookEvent,
  type WebhookEvent,
} from "../../lib/webhooks"
import { environmentOf } from "../../lib/client/options"
import { readRawBytes } from "../../lib/webhooks/raw-body"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type InstallmentsModuleService from "../../modules/installments/service"
import { WEBHOOK_RECEIVED_EVENT, type WebhookReceivedData } from "../../modules/installments/events"
import { providerIdOf, type RegistrationId } from "../../installments/registrations/provider-ids"
import { recentPaidVerdicts } from "../../installments/links/recent-paid-verdicts"
import { installmentsProviderOptions } from "../../installments/registrations/lookup"
import { isDatedDelivery, isFutureDelivery, isStaleDelivery } from "../../installments/webhooks/retention"
import { refusalLog } from "../../installments/webhooks/refusal-log"
import { webhookQueueOptionsFor } from "../../installments/webhooks/medusa-webhook-queue"
import { countDeliveryRefusal, UNKNOWN_REGISTRATION, type RefusalReason } from "../../installments/health/delivery-refusals"
import { healthStore } from "../../installments/health/store"
import { verifiedDelivery, type DeliveryVerdict } from "../../installments/telemetry/webhook-deliveries"
import { installmentsRegistrationOf } from "./webhook-provider"

export { WEBHOOK_ROUTE_MATCHER } from "./webhook-provider"

// Refusals a newer key could turn into a pass.
const KEY_REASONS = new Set(["unknown_key", "bad_signature"])

/** The answer to every delivery refused for its signature or key; the reason goes to the log only. */
export const UNVERIFIED_BODY = {
  type: "unauthorized",
  message: "The webhook delivery could not be verified.",
} as const

/** The answer to a signed event without a readable `created_at`. */
export const UNDATED_BODY = {
  type: "invalid_data",
  reason: "malformed_payload",
  message:
    "The webhook event has no readable created_at (ISO 8601); without it a replay cannot be told apart, so it is not processed.",
} as const

/** The answer to a signed event dated more than an hour ahead of the store's clock. */
export const FUTURE_BODY = {
  type: "invalid_data",
  reason: "malformed_payload",
  message:
    "The webhook event's created_at is more than an hour ahead of the store's clock; it could be replayed once its record is pruned, so it is not processed. Check the clocks.",
} as const

const UNSUPPORTED_BODY = {
  status: 415,
  reason: "unsupported_media_type",
  message: "Webhook deliveries must be sent with Content-Type: application/json.",
}
const EMPTY_BODY = {
  status: 400,
  reason: "empty_body",
  message: "The webhook request has no body; a delivery is a signed JSON event sent with Content-Type: application/json.",
}

/**
 * Answers the installments providers' deliveries on Medusa's webhook route (which would answer 200
 * to anything): a delivery with an unknown key or a bad signature gets a 401, so the service sees
 * the failure and a misconfiguration shows; a replayed delivery id is answered 200 without being
 * processed again; a verified, first-seen one is recorded and emitted once as WEBHOOK_RECEIVED_EVENT,
 * for the plugin's one subscriber. Medusa's own webhook handling never receives it.
 *
 * It is mounted on Medusa's own route pattern and decides on the provider parameter exactly as
 * Medusa's route decodes it, so no spelling of the path (`%5F`, `pp_…`) reaches an installments
 * provider without being verified. Deliveries for other providers pass through untouched.
 */
export async function verifyInstallmentsWebhook(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const id = installmentsRegistrationOf(req)
  if (id === undefined) {
    next()
    return
  }
  // A span and a count per delivery (telemetry/webhook-deliveries.ts): its verdict, never its body or headers.
  await verifiedDelivery(
    req.scope,
    id,
    () => handleDelivery(req, res, id),
    () => res.statusCode
  )
}

async function handleDelivery(req: MedusaRequest, res: MedusaResponse, id: RegistrationId): Promise<DeliveryVerdict> {
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const config = req.scope.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const options = id ? installmentsProviderOptions(config, id) : undefined
  const rawBody = (req as { rawBody?: unknown }).rawBody
  const bytes = readRawBytes(rawBody)
  if (!bytes?.length) {
    // Medusa's body parsers keep the raw bytes of JSON, text and form bodies only: anything else never
    // reached a parser. Said as what the sender must fix, not as a signature failure.
    const refusal = bytes === null && hasBody(req) ? UNSUPPORTED_BODY : EMPTY_BODY
    // Anyone can send these: bounded lines a minute (refusal-log.ts), every one counted for the health page.
    refusalLog.warn(
      logger,
      `${options ? id : "unknown"}: ${refusal.reason}`,
      `installments: webhook refused on provider ${id}: ${refusal.reason}`
    )
    await countRefusal(req, options ? id : UNKNOWN_REGISTRATION, refusal.reason as RefusalReason)
    res.status(refusal.status).json({ type: "invalid_data", reason: refusal.reason, message: refusal.message })
    return { verdict: "refused", reason: refusal.reason as RefusalReason, registered: !!options }
  }
  if (!options) {
    // Answered as a delivery no key verifies (D38): which registrations exist is no one's business but
    // the merchant's, whose log says what was asked for (the id shortened, never echoed to the sender).
    refusalLog.warn(
      logger,
      "unknown: unknown_registration",
      `installments: webhook refused: no installments payment provider is registered with id ${printable(id)}`
    )
    await countRefusal(req, UNKNOWN_REGISTRATION, "unknown_registration")
    res.status(401).json(UNVERIFIED_BODY)
    return { verdict: "refused", reason: "unknown_registration", registered: false }
  }
  const store = moduleService(req)
  // Only keys registered for this registration and its environment: a sandbox key never verifies live.
  const owner = { provider_id: id, environment: environmentOf(options.publicKey) }
  const verifyWith = async (fresh: boolean) =>
    verifyWebhook({
      rawBody,
      headers: req.headers,
      keys: [...keyList(options.webhookKeys), ...((await store?.webhookKeysForVerification(owner, { fresh })) ?? [])],
      scheme: options.signatureScheme,
    })

  let parsed: ParsedWebhookEvent
  try {
    parsed = await verifyWith(false).catch((error: unknown) => {
      // The kept keys may predate a registration made in another process: read them before refusing.
      if (store && error instanceof WebhookVerificationError && KEY_REASONS.has(error.reason)) {
        return verifyWith(true)
      }
      throw error
    })
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      // Never the body or headers: only why it was refused and what fixes it (D18), for the merchant.
      refusalLog.warn(
        logger,
        `${id}: ${error.reason}`,
        `installments: webhook refused on provider ${id}: ${error.reason}. ${error.message}`
      )
      await countRefusal(req, id, error.reason)
      if (error.reason === "malformed_payload") {
        res.status(400).json({ type: "invalid_data", reason: error.reason, message: error.message })
        return { verdict: "refused", reason: error.reason, registered: true }
      }
      // One answer whatever the reason: a forger learns nothing of the keys or prefixes held here.
      res.status(401).json(UNVERIFIED_BODY)
      return { verdict: "refused", reason: error.reason, registered: true }
    }
    throw error
  }

  if (!isKnownWebhookEvent(parsed)) {
    // A signed event the plugin does not know (the service may add some): refusing it would only
    // make the service retry it. The name is from a verified body; it is shortened for the log.
    logger.info(`installments: webhook event ${printable(parsed.event)} is not one the plugin handles; acknowledged and ignored`)
    res.status(200).json({ received: true, ignored: true })
    return { verdict: "ignored", registered: true }
  }
  const event = parsed
  if (!isDatedDelivery(event.created_at)) {
    // Without its signed time a delivery cannot be told from a replay of one whose record was pruned
    // (D38): refused as a malformed event (a 4xx the service does not retry), never processed.
    logger.warn(`installments: webhook ${printable(event.id)} refused on provider ${id}: ${UNDATED_BODY.message}`)
    await countRefusal(req, id, "malformed_payload")
    res.status(400).json(UNDATED_BODY)
    return { verdict: "refused", reason: "malformed_payload", registered: true, event: event.event }
  }
  if (isFutureDelivery(event.created_at, new Date())) {
    // Dated past the prune margin, it would still be processed after its record is deleted (D55).
    logger.warn(`installments: webhook ${printable(event.id)} refused on provider ${id}: ${FUTURE_BODY.message}`)
    await countRefusal(req, id, "malformed_payload")
    res.status(400).json(FUTURE_BODY)
    return { verdict: "refused", reason: "malformed_payload", registered: true, event: event.event }
  }
  if (isStaleDelivery(event.created_at, new Date(), options.webhookRetentionDays)) {
    // Its record may be pruned already (webhookRetentionDays): processing it could replay it.
    logger.info(
      `installments: webhook ${printable(event.id)} is older than ${options.webhookRetentionDays} days; acknowledged and ignored`
    )
    res.status(200).json({ received: true, ignored: true })
    return { verdict: "ignored", registered: true, event: event.event }
  }
  const linkId = linkIdOf(event)
  if (store) {
    const first = await store.recordWebhookEvent({
      event_id: event.id,
      event_name: event.event,
      payment_link_id: linkId,
      provider_id: id,
    })
    if (!first) {
      // Routine (every endpoint of an account gets each event, and the service retries): debug, not a line per replay.
      logger.debug(`installments: webhook ${event.id} already received; not processed again`)
      res.status(200).json({ received: true, duplicate: true })
      return { verdict: "duplicate", registered: true, event: event.event }
    }
  }

  if (linkId) {
    // The link's state may have changed (paid, refused): the storefront's next ask reads it rather than
    // the verdict kept for public asks (D54), so a shopper back from paying is not told "not paid".
    recentPaidVerdicts.forgetNewest(linkId)
  }

  // From here on the delivery counts as received: if queuing it fails, the record is removed so the
  // service's retry is processed rather than answered as a duplicate.
  const forget = async (why: string) => {
    if (!store) {
      return
    }
    try {
      await store.forgetWebhookEvent(event.id)
      logger.warn(`installments: webhook ${event.id} could not be queued (${why}); the service's retry of it will be processed`)
    } catch (error) {
      logger.error(`installments: could not release webhook ${event.id} for a retry: ${(error as Error).message}`)
    }
  }
  try {
    const eventBus = req.scope.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
    const data: WebhookReceivedData = {
      provider_id: providerIdOf(id),
      event_id: event.id,
      event_name: event.event,
      ...(linkId ? { payment_link_id: linkId } : {}),
      ...sessionOf(event),
      ...transactionOf(event),
    }
    // Medusa's webhook retries for every delivery; a paid one about a cart also waits Medusa's webhook
    // delay, so the shopper's own return (which needs no delivery) places the order first.
    await eventBus.emit({ name: WEBHOOK_RECEIVED_EVENT, data }, webhookQueueOptionsFor(req.scope, event))
    res.status(200).json({ received: true })
    return { verdict: "accepted", registered: true, event: event.event }
  } catch (error) {
    await forget((error as Error)?.message ?? String(error))
    throw error
  }
}

// What body-parser checks too: a length or a chunked transfer means the request carries a body.
function hasBody(req: MedusaRequest): boolean {
  const length = Number(req.headers["content-length"] ?? 0)
  return length > 0 || req.headers["transfer-encoding"] !== undefined
}

/** `metadata.session_id` of a verified delivery, when it names one. */
function sessionOf(event: WebhookEvent): Pick<WebhookReceivedData, "session_id"> {
  const sessionId = event.data.metadata?.session_id
  return typeof sessionId === "string" && sessionId ? { session_id: sessionId } : {}
}

/** The transaction of `order.updated` and `order.disputed`, and when a dispute was reported, read tolerantly. */
function transactionOf(event: WebhookEvent): Pick<WebhookReceivedData, "transaction_id" | "occurred_at"> {
  if (event.event !== "order.updated" && event.event !== "order.disputed") {
    return {}
  }
  const text = (value: unknown) => (typeof value === "string" && value ? value : undefined)
  const transactionId = text((event.data as { id?: unknown }).id)
  const occurredAt = event.event === "order.disputed" ? text(event.created_at) : undefined
  return { ...(transactionId ? { transaction_id: transactionId } : {}), ...(occurredAt ? { occurred_at: occurredAt } : {}) }
}

/**
 * Counts a refused delivery for the health page (one upsert on its hour's row); a failure to count is
 * logged, never answered: the sender gets the same refusal either way.
 */
async function countRefusal(req: MedusaRequest, providerId: string, reason: RefusalReason): Promise<void> {
  const knex = healthStore(req.scope)
  if (!knex) {
    return
  }
  try {
    await countDeliveryRefusal(knex, providerId, reason)
  } catch (error) {
    req.scope
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(`installments: could not count a refused delivery: ${(error as Error).message}`)
  }
}

function moduleService(req: MedusaRequest): InstallmentsModuleService | undefined {
  try {
    return req.scope.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  } catch {
    return undefined
  }
}

function keyList(keys: unknown): { prefix: string; publicKey: string }[] {
  if (!keys) {
    return []
  }
  if (Array.isArray(keys)) {
    return keys as { prefix: string; publicKey: string }[]
  }
  return Object.entries(keys as Record<string, string>).map(([prefix, publicKey]) => ({ prefix, publicKey }))
}

// At most 100 printable ASCII characters, so a verified but odd event name cannot flood or forge log lines.
function printable(text: string): string {
  const clean = text.replace(/[^\x20-\x7e]/g, "?")
  return JSON.stringify(clean.length > 100 ? `${clean.slice(0, 100)}…` : clean)
}
