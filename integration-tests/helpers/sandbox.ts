import axios, { AxiosInstance } from "axios"
import { InstallmentsClient } from "../../src/lib/client"
import { startSandbox } from "../../sandbox/src"
import { Outage, startOutageSwitch } from "./outage"

export const SECRET_KEY = "sk_sandbox_integration_secret_0001"
export const PUBLIC_KEY = "sandbox-pk_integration_0001"
export const STORE_ID = "6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b"

export const CARDS = {
  rajhiCredit: "4092010000000018",
  rajhiDecline: "4092010000000026",
  rajhiBankReject: "4092010000000034",
  rajhiBankReview: "4092010000000042",
  mada: "5888450000000011",
} as const

/** The running sandbox, its control API, and the switch in front of it that can take the service down. */
export type Sandbox = Awaited<ReturnType<typeof startSandbox>> & { control: AxiosInstance; outage: Outage }

/**
 * Starts the sandbox and publishes its address and keys in the env that medusa-config.ts reads,
 * so it must run before Medusa boots. Medusa reaches it through an outage switch (`sandbox.outage`).
 */
export async function startTestSandbox(): Promise<Sandbox> {
  const sandbox = await startSandbox({
    port: 0,
    host: "127.0.0.1",
    secretKey: SECRET_KEY,
    publicKey: PUBLIC_KEY,
    storeId: STORE_ID,
    allowHttpWebhooks: true,
    settlementDelayMs: 300,
    processingWindowMs: 200,
    webhookRetryBaseMs: 100,
  })
  const outage = await startOutageSwitch(sandbox.url)
  process.env.INSTALLMENTS_BASE_URL = outage.url
  process.env.INSTALLMENTS_SECRET_KEY = SECRET_KEY
  process.env.INSTALLMENTS_PUBLIC_KEY = PUBLIC_KEY
  process.env.INSTALLMENTS_STORE_ID = STORE_ID
  const control = axios.create({ baseURL: `${sandbox.url}/__sandbox`, proxy: false })
  const stopSandbox = sandbox.stop
  const stop = async () => {
    await outage.stop()
    await stopSandbox()
  }
  return Object.assign(sandbox, { control, outage, stop })
}

/** Pays a link on the sandbox as a customer would on the hosted page. */
export async function payLink(
  sandbox: Sandbox,
  linkId: string,
  body: { card_number: string; payment_option?: "Installment" | "Pay In Full"; bank_code?: string; months?: number }
) {
  const { data } = await sandbox.control.post(`/payment-links/${linkId}/pay`, body)
  return data as { transaction_id: string; transaction: Record<string, unknown> } & Record<string, unknown>
}

/** Pays a link while every webhook the service sends for it is lost; the faults are cleared after. */
export async function payWithWebhooksLost(sandbox: Sandbox, linkId: string, body: Parameters<typeof payLink>[2]) {
  await sandbox.control.post("/faults", { drop_webhooks: 50 })
  try {
    const paid = await payLink(sandbox, linkId, body)
    await webhooksIdle(sandbox)
    return paid
  } finally {
    await sandbox.control.delete("/faults")
  }
}

/** Waits until the sandbox has no webhook delivery in flight. */
/** How many times the service was asked for a link's details (the sandbox's request log). */
export async function linkReads(sandbox: Sandbox, linkId: string): Promise<number> {
  const { data } = await sandbox.control.get("/requests", { params: { payment_link_id: linkId } })
  return (data.requests as { path: string }[]).filter((request) => /\/details$/.test(request.path)).length
}

export async function webhooksIdle(sandbox: Sandbox) {
  await sandbox.control.post("/webhooks/wait", { timeout_ms: 15_000 })
}

/** Polls until `check` returns a truthy value. */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, stepMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) {
      return value
    }
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, stepMs))
  }
}

/** A client of the test sandbox with the store's keys, without retries, to read what the service holds. */
export function sandboxClient(): InstallmentsClient {
  return new InstallmentsClient({
    secretKey: SECRET_KEY,
    publicKey: PUBLIC_KEY,
    baseUrl: process.env.INSTALLMENTS_BASE_URL!,
    maxRetries: 0,
  })
}
