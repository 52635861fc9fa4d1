import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ConfigModule, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { IEventBusModuleService } from "@medusajs/framework/types"
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from "../../lib/webhooks"
import { INSTALLMENTS_MODULE } from "../../modules/installments"
import type InstallmentsModuleService from "../../modules/installments/service"
import { REFUNDS_CHANGED_EVENT, type RefundsChangedData } from "../../modules/installments/events"
import { installmentsProviderOptions } from "../../providers/installments/registration"

const PATH = /^\/hooks\/payment\/installments_([^/?]+)/

/**
 * Runs before Medusa's webhook route, which always answers 200: a delivery with an unknown key or a
 * bad signature gets a 401 here, so the service sees the failure and a misconfiguration shows. A
 * replayed delivery id is answered 200 without being processed again.
 */
export async function verifyInstallmentsWebhook(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const id = PATH.exec(req.originalUrl ?? req.path)?.[1]
  const config = req.scope.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const options = id ? installmentsProviderOptions(config, decodeURIComponent(id)) : undefined
  if (!options) {
    res.status(404).json({ type: "not_found", message: `No installments payment provider is registered with id ${id}.` })
    return
  }
  const store = moduleService(req)
  const keys = [...keyList(options.webhookKeys), ...((await store?.webhookKeysForVerification()) ?? [])]

  let event: WebhookEvent
  try {
    event = verifyWebhook({
      rawBody: (req as { rawBody?: unknown }).rawBody,
      headers: req.headers,
      keys,
      scheme: options.signatureScheme,
    })
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

  if (store) {
    const linkId = event.event === "payment_link.expired" ? event.data.id : event.data.payment_link_id
    const first = await store.recordWebhookEvent({ event_id: event.id, event_name: event.event, payment_link_id: linkId })
    if (!first) {
      logger.info(`installments: webhook ${event.id} already received; not processed again`)
      res.status(200).json({ received: true, duplicate: true })
      return
    }
  }
  if (event.event === "order.updated") {
    // Medusa drops refund events; the plugin keeps its refund ledger from them.
    const data: RefundsChangedData = { provider_id: decodeURIComponent(id!), transaction_id: event.data.id }
    await req.scope.resolve<IEventBusModuleService>(Modules.EVENT_BUS).emit({ name: REFUNDS_CHANGED_EVENT, data })
  }
  next()
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
