import type { AxiosInstance, Method } from "axios"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { signedDeliveryHeaders } from "../../src/lib/webhooks"
import { INSTALLMENTS_MODULE } from "../../src/modules/installments"
import type InstallmentsModuleService from "../../src/modules/installments/service"
import type { Sandbox } from "./sandbox"

export const WEBHOOK_PATH = "/hooks/payment/installments_installments"

/** Sends bytes to the webhook route as they are, whatever they are; never throws on a status. */
export function sendToWebhookRoute(
  api: AxiosInstance,
  body: string | Buffer,
  headers: Record<string, string>,
  options: { method?: Method; path?: string } = {}
) {
  return api.request({
    method: options.method ?? "POST",
    url: options.path ?? WEBHOOK_PATH,
    data: body,
    headers,
    validateStatus: () => true,
    transformRequest: [(data: unknown) => data],
    maxBodyLength: Infinity,
    maxContentLength: Infinity,
  })
}

/** The sandbox's webhook registration: the key the service signs its deliveries with. */
export function serviceRegistration(sandbox: Sandbox): { prefix: string; private_key: string } {
  return sandbox.core.ctx.store.state.webhooks[0]
}

/** Headers of `body` signed as the service signs it. */
export function signedByService(sandbox: Sandbox, body: string): Record<string, string> {
  const registration = serviceRegistration(sandbox)
  return signedDeliveryHeaders({ payload: body, privateKey: registration.private_key, keyPrefix: registration.prefix })
}

export interface EmittedEvent {
  id: string
  event: string
  created_at: string
  data: Record<string, unknown>
}

/** Every event the sandbox emitted for a link, in order, as the bodies it delivered. */
export async function eventsOfLink(sandbox: Sandbox, linkId: string): Promise<EmittedEvent[]> {
  const { data } = await sandbox.control.get("/events")
  return (data.events as EmittedEvent[]).filter(
    (event) => event.data.payment_link_id === linkId || (event.event === "payment_link.expired" && event.data.id === linkId)
  )
}

/** What became of each delivery the sandbox made of a link's events (`delivered`, `dropped`, ...). */
export async function deliveryStatusesOfLink(sandbox: Sandbox, linkId: string): Promise<string[]> {
  const ids = new Set((await eventsOfLink(sandbox, linkId)).map((event) => event.id))
  const { data } = await sandbox.control.get("/webhooks/deliveries")
  return (data.deliveries as { event_id: string; status: string }[])
    .filter((delivery) => ids.has(delivery.event_id))
    .map((delivery) => delivery.status)
}

/** The body of an emitted event, as the service serialized it. */
export const deliveryBody = (event: EmittedEvent) =>
  JSON.stringify({ id: event.id, event: event.event, created_at: event.created_at, data: event.data })

/** Deletes every processed-event row, as a retention clean-up would. */
export async function forgetProcessedWebhooks(container: MedusaContainer): Promise<number> {
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const rows = await service.listWebhookEvents({}, { select: ["event_id"] })
  // Through the service, so the ids it remembers from moments ago go too (as after a restart).
  for (const row of rows) {
    await service.forgetWebhookEvent(row.event_id)
  }
  return rows.length
}

/** How many deliveries the plugin has recorded as processed. */
export async function processedWebhookCount(container: MedusaContainer): Promise<number> {
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const [, count] = await service.listAndCountWebhookEvents({}, { select: ["id"] })
  return count
}

/**
 * Records every line Medusa's logger and the process write from now on, so a test can scan them
 * for secrets; `stop` puts everything back.
 */
export function captureLogs(container: MedusaContainer): { text: () => string; stop: () => void } {
  const lines: string[] = []
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const record = (...args: unknown[]) =>
    lines.push(
      args
        .map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : typeof arg === "string" ? arg : safeJson(arg)))
        .join(" ")
    )
  const spies = (["info", "warn", "error", "debug", "log"] as const)
    .filter((level) => typeof (logger as unknown as Record<string, unknown>)[level] === "function")
    .map((level) => jest.spyOn(logger as never, level as never).mockImplementation(((...args: unknown[]) => record(...args)) as never))
  const writes = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, "write").mockImplementation(((chunk: unknown) => {
      record(String(chunk))
      return true
    }) as never)
  )
  return {
    text: () => lines.join("\n"),
    stop: () => [...spies, ...writes].forEach((spy) => spy.mockRestore()),
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}
