/**
 * Provider benchmark: time per initiatePayment and authorizePayment against the sandbox, divided by
 * the time of a bare HTTP request to the same sandbox endpoint in the same run (the plugin's overhead
 * as a ratio), and the number of service calls per completed checkout. Prints results only.
 *
 *   npm run bench:provider
 *   BENCH_ITERATIONS=1000 npm run bench:provider
 */
import http from "node:http"
import { randomUUID } from "node:crypto"
import { AddressInfo } from "node:net"
import { startSandbox } from "../sandbox/src"
import { InstallmentsProviderService } from "../src/providers/installments/service"
import { readSessionVerdict } from "../src/installments/sessions/session-verdict"
import { asRegistrationId, providerIdOf } from "../src/installments/registrations/provider-ids"

const PROVIDER_RESOLVE = "medusa-payment-installments/providers/installments"

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300)
const WARMUP = Math.min(50, ITERATIONS)
const SECRET = `bench-secret-${randomUUID()}`
const PUBLIC = `sandbox-bench-${randomUUID()}`
const STORE = randomUUID()
const RAJHI_CREDIT = "4092010000000018"

const quiet = { info() {}, warn() {}, error() {}, debug() {}, log() {} } as never

// Every request the Node process sends to the sandbox, whoever sends it (provider or baseline).
let serviceCalls = 0
const originalRequest = http.request
;(http as { request: typeof http.request }).request = ((...args: Parameters<typeof http.request>) => {
  serviceCalls++
  return originalRequest(...args)
}) as typeof http.request

function bare(base: string, method: string, path: string, body?: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = originalRequest(
      `${base}${path}`,
      {
        method,
        headers: {
          Authorization: SECRET,
          "X-Service-Key": PUBLIC,
          Accept: "application/json",
          ...(payload ? { "Content-Type": "application/json" } : {}),
        },
      },
      (res) => {
        res.resume()
        res.on("end", () => resolve(res.statusCode ?? 0))
      }
    )
    req.on("error", reject)
    req.end(payload)
  })
}

async function time(label: string, n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await run(i)
  const samples: number[] = []
  for (let i = 0; i < n; i++) {
    const started = process.hrtime.bigint()
    await run(i)
    samples.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  void label
  return samples
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length
  return { mean, p50: pick(0.5), p95: pick(0.95) }
}

/** A local receiver for the sandbox's signed deliveries, so webhooks are measured as they arrive. */
async function startReceiver() {
  const deliveries: { rawData: Buffer; headers: Record<string, string>; data: Record<string, unknown> }[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c) => chunks.push(c))
    req.on("end", () => {
      const rawData = Buffer.concat(chunks)
      deliveries.push({ rawData, headers: req.headers as Record<string, string>, data: JSON.parse(rawData.toString()) })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { server, deliveries, url: `http://localhost:${(server.address() as AddressInfo).port}/hooks` }
}

async function main() {
  const sandbox = await startSandbox({
    port: 0,
    host: "127.0.0.1",
    secretKey: SECRET,
    publicKey: PUBLIC,
    storeId: STORE,
    allowHttpWebhooks: true,
  })
  const receiver = await startReceiver()
  const registration = await (
    await fetch(`${sandbox.url}/api/create-webhook-and-apikey/`, {
      method: "POST",
      headers: { Authorization: SECRET, "X-Service-Key": PUBLIC, "Content-Type": "application/json" },
      body: JSON.stringify({ url: receiver.url, event_type_names: ["order.created", "order.success", "order.failed"] }),
    })
  ).json()
  const options = {
    secretKey: SECRET,
    publicKey: PUBLIC,
    storeId: STORE,
    baseUrl: sandbox.url,
    callbackUrl: "https://shop.example/return?session={session_id}",
    webhookKeys: { [registration.api_key.prefix]: registration.api_key.public_key },
    sendSms: false,
  }
  // Timings compare a real read with a bare request: no paid verdict reuse there; the call count uses the defaults.
  // The plugin's module keeps the store's identity; the bench has no database, so it is given here.
  const cradle = { logger: quiet, installmentsInstance: { instanceId: async () => "inst_bench" } } as never
  const provider = new InstallmentsProviderService(cradle, { ...options, paidVerdictReuseMs: 0 })
  const storeProvider = new InstallmentsProviderService(cradle, options)
  // What the plugin's subscriber resolves: the Payment module's configuration with this registration.
  const configModule = {
    modules: {
      payment: {
        resolve: "@medusajs/medusa/payment",
        options: { providers: [{ resolve: PROVIDER_RESOLVE, id: "installments", options }] },
      },
    },
  }
  const webhookContainer = { resolve: (name: string) => ({ configModule, logger: quiet })[name] } as never
  const linkBody = (i: number) => ({
    amount: 1500,
    title: "Order",
    order_id: `payses_bench_${i}`,
    singleUse: true,
    selectedDate: new Date(Date.now() + 3_600_000).toISOString(),
    callback_url: `https://shop.example/return?session=payses_bench_${i}`,
    metadata: { session_id: `payses_bench_${i}`, currency: "SAR" },
    language: "ar",
    send_sms: false,
  })

  const initiate = await time("initiate", ITERATIONS, (i) =>
    provider.initiatePayment({ amount: "1500", currency_code: "sar", data: { session_id: `payses_bench_${i}` } })
  )
  const bareCreate = await time("bare create", ITERATIONS, (i) =>
    bare(sandbox.url, "POST", `/payment_links/${STORE}/create`, linkBody(i))
  )

  // A paid link for authorize (the common case at cart completion).
  const { data } = await provider.initiatePayment({ amount: "1500", currency_code: "sar", data: { session_id: "payses_bench_paid" } })
  const linkId = String(data!.payment_link_id)
  await sandbox.engine.pay(linkId, { card_number: RAJHI_CREDIT, payment_option: "Installment", bank_code: "rajhi", months: 6 })
  const authorize = await time("authorize", ITERATIONS, () => provider.authorizePayment({ data }))
  const bareDetails = await time("bare details", ITERATIONS, () =>
    bare(sandbox.url, "POST", `/payment_links/${linkId}/details`, { page: 1, page_size: 100 })
  )

  // Service calls of one completed checkout: create, authorize at cart completion, and one re-read
  // per webhook delivery; the customer's own payment on the hosted page is not ours and not counted.
  receiver.deliveries.length = 0
  const counted = async (run: () => Promise<unknown>) => {
    serviceCalls = 0
    await run()
    return serviceCalls
  }
  let checkout: Awaited<ReturnType<typeof storeProvider.initiatePayment>> | undefined
  const initiateCalls = await counted(async () => {
    checkout = await storeProvider.initiatePayment({
      amount: "1500",
      currency_code: "sar",
      data: { session_id: "payses_bench_count" },
    })
  })
  await sandbox.engine.pay(String(checkout!.data!.payment_link_id), {
    card_number: RAJHI_CREDIT,
    payment_option: "Installment",
    bank_code: "rajhi",
    months: 6,
  })
  const authorizeCalls = await counted(() => storeProvider.authorizePayment({ data: checkout!.data }))
  await new Promise((resolve) => setTimeout(resolve, 500))
  // Each paid delivery of a checkout still open is read as the plugin's webhook subscriber reads it
  // (the place-paid-order workflow's step, sharing the shopper's read); the others read nothing.
  const webhookCalls = await counted(async () => {
    const paidDeliveries = receiver.deliveries.filter((d) => d.data.event === "order.success").length
    for (let i = 0; i < paidDeliveries; i++) {
      await readSessionVerdict(webhookContainer, {
        session_id: "payses_bench_count",
        provider_id: providerIdOf(asRegistrationId("installments")),
        data: checkout!.data!,
        reuse_paid_verdict: true,
      })
    }
  })
  const total = initiateCalls + authorizeCalls + webhookCalls

  const rows = [
    ["initiatePayment", stats(initiate), stats(bareCreate)],
    ["authorizePayment", stats(authorize), stats(bareDetails)],
  ] as const
  console.log(`iterations: ${ITERATIONS} (sequential, after ${WARMUP} warm-up)`)
  console.log("operation          provider mean / p50 / p95 ms     bare HTTP mean / p50 / p95 ms    ratio (mean)")
  for (const [name, p, b] of rows) {
    console.log(
      `${name.padEnd(18)} ${[p.mean, p.p50, p.p95]
        .map((v) => v.toFixed(2))
        .join(" / ")
        .padEnd(32)} ${[b.mean, b.p50, b.p95]
        .map((v) => v.toFixed(2))
        .join(" / ")
        .padEnd(32)} ${(p.mean / b.mean).toFixed(2)}x`
    )
  }
  console.log(
    `service calls per completed checkout: ${total} (initiatePayment ${initiateCalls}, authorizePayment ${authorizeCalls}, ` +
      `webhooks ${webhookCalls} for ${receiver.deliveries.length} deliveries: ${receiver.deliveries.map((d) => d.data.event).join(", ")})`
  )
  await sandbox.stop()
  receiver.server.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
