import { randomBytes, randomUUID } from "node:crypto"
import { EventName } from "../validation/webhooks"
import { generateWebhookKeyPair } from "../../../src/lib/webhooks/sign"
import { SandboxContext } from "../context"
import { WebhookRecord } from "../state/types"

/**
 * Registers an endpoint with a new RSA key pair (endpoint 9). The answer is the only place the
 * public key is ever shown; the private key stays in the sandbox to sign deliveries.
 */
export function registerWebhook(
  ctx: SandboxContext,
  input: { url: string; description?: string; event_type_names: EventName[] }
): Record<string, unknown> {
  const keys = generateWebhookKeyPair()
  const count = ctx.store.state.webhooks.length + 1
  const record: WebhookRecord = {
    id: randomUUID(),
    url: input.url,
    description: input.description ?? null,
    events: [...new Set(input.event_type_names)],
    name: `sandbox-webhook-${count}`,
    prefix: `whk_${randomBytes(8).toString("hex")}`,
    public_key: keys.publicKey,
    private_key: keys.privateKey,
    created_at: ctx.clock.now(),
  }
  ctx.store.state.webhooks.push(record)
  ctx.store.changed()
  return {
    webhook_endpoint: {
      id: record.id,
      url: record.url,
      description: record.description,
      event_type_names: record.events,
    },
    api_key: { name: record.name, prefix: record.prefix, public_key: record.public_key },
  }
}

/** A registration as the control API lists it: never the keys. */
export function webhookSummary(record: WebhookRecord): Record<string, unknown> {
  return {
    id: record.id,
    url: record.url,
    description: record.description,
    event_type_names: record.events,
    name: record.name,
    prefix: record.prefix,
    created_at: new Date(record.created_at).toISOString(),
  }
}
