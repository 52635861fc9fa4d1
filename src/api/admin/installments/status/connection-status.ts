import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INSTALLMENTS_MODULE } from "../../../../modules/installments"
import type InstallmentsModuleService from "../../../../modules/installments/service"
import {
  PROVIDER_ID_PREFIX,
  PROVIDER_IDENTIFIER,
  providerIdOf,
  type RegistrationId,
} from "../../../../installments/registrations/provider-ids"
import type { Registration } from "../../../../installments/registrations/lookup"
import { merchantError } from "../../../../installments/messages/service-errors"
import { WAITING_STATUSES } from "../../../../installments/links/timing"

/** The path the service must deliver this registration's webhooks to. */
export const webhookPath = (registrationId: RegistrationId) => `/hooks/payment/${PROVIDER_IDENTIFIER}_${registrationId}`

/**
 * A registration's health: whether its keys and store work (one cheap authenticated read: the first
 * link of the store), the webhook endpoints registered for its path, the last verified delivery on
 * it, and what is still waiting on the service.
 */
export async function connectionStatus(container: MedusaContainer, registration: Registration) {
  const module = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const path = webhookPath(registration.id)
  const [connection, keys, [lastEvent], sessions, [, pendingRefunds]] = await Promise.all([
    checkConnection(registration),
    module.listWebhookKeys({}, { select: ["prefix", "url", "endpoint_id", "created_at"], order: { created_at: "ASC" } }),
    module.listWebhookEvents({ provider_id: registration.id }, { select: ["created_at"], order: { created_at: "DESC" }, take: 1 }),
    query.graph({
      entity: "payment_session",
      fields: ["id"],
      // Waiting for the shopper or the bank (a 0% plan in bank review): the statuses the sweep reads.
      filters: { provider_id: providerIdOf(registration.id), status: [...WAITING_STATUSES] as never },
      pagination: { take: 1, skip: 0 },
    }),
    module.listAndCountInstallmentsRefunds({ provider_id: registration.id, status: "P" }, { select: ["id"], take: 1 }),
  ])
  return {
    provider_id: registration.id,
    environment: registration.client.environment,
    store_id: registration.options.storeId,
    connection,
    webhook_path: path,
    webhooks: webhooksOf(keys, path).map((key) => ({
      prefix: key.prefix,
      url: key.url,
      endpoint_id: key.endpoint_id,
      created_at: new Date(key.created_at).toISOString(),
    })),
    last_verified_delivery_at: lastEvent ? new Date(lastEvent.created_at).toISOString() : null,
    pending_sessions: sessions.metadata?.count ?? sessions.data.length,
    pending_refunds: pendingRefunds,
  }
}

/** One cheap authenticated read (the store's first link): whether the keys and store work, and how long it took. */
export async function checkConnection(
  registration: Registration
): Promise<{ ok: boolean; message: string | null; latency_ms: number }> {
  const started = Date.now()
  try {
    await registration.client.paymentLinks.list(registration.options.storeId, { page: 1, limit: 1 })
    return { ok: true, message: null, latency_ms: Date.now() - started }
  } catch (error) {
    // The client's errors never carry the secret; an error from anything else is not trusted to.
    const message = merchantError(error, { registration }).message.split(registration.options.secretKey).join("[REDACTED]")
    return { ok: false, message, latency_ms: Date.now() - started }
  }
}

/** The registered endpoints (keys the plugin holds) whose URL is this webhook path. */
export function webhooksOf<Key extends { url?: string | null }>(keys: Key[], path: string): (Key & { url: string })[] {
  return keys.filter((key): key is Key & { url: string } => !!key.url && pathOf(key.url) === path)
}

function pathOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname).replace(/\/+$/, "").replace(`/${PROVIDER_ID_PREFIX}`, `/${PROVIDER_IDENTIFIER}_`)
  } catch {
    return undefined
  }
}
