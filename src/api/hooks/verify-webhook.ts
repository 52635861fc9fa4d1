import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ConfigModule, IEventBusModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from "../../lib/webhooks"
import { readRawBytes } from "../../lib/webhooks/raw-body"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type InstallmentsModuleService from "../../modules/installments/service"
import {
  FOLLOW_UP_EVENTS,
  REFUNDS_CHANGED_EVENT,
  WEBHOOK_VERIFIED_EVENT,
  type RefundsChangedData,
  type WebhookVerifiedData,
} from "../../modules/installments/events"
import { installmentsProviderOptions } from "../../providers/installments/registration"
import { VERIFIED_MARKER_HEADER, verifiedMarker } from "../../providers/installments/verified-marker"

/** Medusa's webhook route: `POST /hooks/payment/:provider`, `provider` being `{identifier}_{id}` or `pp_…`. */
export const WEBHOOK_ROUTE_MATCHER = "/hooks/payment/:provider"

// Medusa's Payment module accepts the provider with or without its `pp_` prefix.
const REGISTRATION_PREFIXES = ["pp_installments_", "installments_"]
const RAW_PROVIDER = /^\/hooks\/payment\/([^/?#]+)/i
const FOLLOW_UP = new Set<string>(FOLLOW_UP_EVENTS)

/**
 * Runs before Medusa's webhook route, which always answers 200: a delivery with an unknown key or a
 * bad signature gets a 401 here, so the service sees the failure and a misconfiguration shows. A
 * replayed delivery id is answered 200 without being processed again.
 *
 * It is mounted on Medusa's own route pattern and decides on the provider parameter exactly as
 * Medusa's route decodes it, so no spelling of the path (`%5F`, `pp_…`) reaches an installments
 * provider without being verified. Deliveries for other providers pass through untouched.
 */
export async function verifyInstallmentsWebhook(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const provider = providerParam(req)
  const id = provider === undefined ? undefined : registrationIdOf(provider)
  if (id === undefined) {
    next()
    return
  }
  // Only this middleware may vouch for a delivery: a copy sent from outside is never passed on.
  delete req.headers[VERIFIED_MARKER_HEADER]

  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const config = req.scope.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const options = id ? installmentsProviderOptions(config, id) : undefined
  if (!options) {
    res.status(404).json({ type: "not_found", message: `No installments payment provider is registered with id ${id}.` })
    return
  }
  const store = moduleService(req)
  const keys = [...keyList(options.webhookKeys), ...((await store?.webhookKeysForVerification()) ?? [])]

  const rawBody = (req as { rawBody?: unknown }).rawBody
  let event: WebhookEvent
  try {
    event = verifyWebhook({ rawBody, headers: req.headers, keys, scheme: options.signatureScheme })
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      // Never the body or headers: only why it was refused (D18).
      logger.warn(`installments: webhook refused on provider ${id}: ${error.reason}`)
      const status = error.reason === "malformed_payload" ? 400 : 401
      res.status(status).json({ type: status === 401 ? "unauthorized" : "invalid_data", reason: error.reason, message: error.message })
      return
    }
    throw error
  }

  const linkId = event.event === "payment_link.expired" ? event.data.id : event.data.payment_link_id
  if (store) {
    const first = await store.recordWebhookEvent({
      event_id: event.id,
      event_name: event.event,
      payment_link_id: linkId,
      provider_id: id,
    })
    if (!first) {
      logger.info(`installments: webhook ${event.id} already received; not processed again`)
      res.status(200).json({ received: true, duplicate: true })
      return
    }
  }

  // From here on the delivery counts as received: if handing it on fails, the record is removed so
  // the service's retry is processed rather than answered as a duplicate.
  const forget = async (why: string) => {
    if (!store) {
      return
    }
    try {
      await store.forgetWebhookEvent(event.id)
      logger.warn(`installments: webhook ${event.id} was not handed on (${why}); its retry will be processed`)
    } catch (error) {
      logger.error(`installments: could not release webhook ${event.id} for a retry: ${(error as Error).message}`)
    }
  }
  try {
    const eventBus = req.scope.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
    if (event.event === "order.updated") {
      // Medusa drops refund events; the plugin keeps its refund ledger from them.
      const data: RefundsChangedData = { provider_id: id, transaction_id: event.data.id }
      await eventBus.emit({ name: REFUNDS_CHANGED_EVENT, data })
    }
    if (FOLLOW_UP.has(event.event)) {
      const sessionId = event.data.metadata?.session_id
      const data: WebhookVerifiedData = {
        provider_id: id,
        event_id: event.id,
        event_name: event.event,
        payment_link_id: linkId,
        ...(typeof sessionId === "string" && sessionId ? { session_id: sessionId } : {}),
      }
      await eventBus.emit({ name: WEBHOOK_VERIFIED_EVENT, data })
    }
    req.headers[VERIFIED_MARKER_HEADER] = verifiedMarker(options.secretKey, readRawBytes(rawBody)!)
    // Medusa's route answers 400 when it cannot queue the delivery, and errors end in a 5xx.
    res.once?.("finish", () => {
      if (res.statusCode >= 300) {
        void forget(`Medusa answered ${res.statusCode}`)
      }
    })
    next()
  } catch (error) {
    await forget((error as Error)?.message ?? String(error))
    throw error
  }
}

/** The provider parameter as Medusa's route sees it (decoded); parsed from the path when absent. */
function providerParam(req: MedusaRequest): string | undefined {
  const param = (req.params as Record<string, unknown> | undefined)?.provider
  if (typeof param === "string") {
    return param
  }
  const raw = RAW_PROVIDER.exec(req.path ?? req.originalUrl ?? "")?.[1]
  if (raw === undefined) {
    return undefined
  }
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** `installments` for `installments_installments` or `pp_installments_installments`; else undefined. */
function registrationIdOf(provider: string): string | undefined {
  // Case-insensitive: whatever spelling Medusa might still resolve is verified rather than let through.
  const prefix = REGISTRATION_PREFIXES.find((candidate) => provider.toLowerCase().startsWith(candidate))
  return prefix === undefined ? undefined : provider.slice(prefix.length)
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
