/**
 * Webhook route benchmark: signed deliveries through Medusa's route (/hooks/payment/installments_installments)
 * with the plugin's verification in front of it (src/api/hooks/verify-webhook.ts), against
 * `crypto.verify` alone on the same bodies and signatures in the same run. Each delivery is a new
 * `order.created` event (a new id, so none is answered as a replay) of a link a checkout made; the
 * plugin verifies it, records its id and hands it to Medusa, which answers 200 and processes it 5 s
 * later (webhook_delay), after the timed window. Then the same deliveries again, as the service's
 * retries of processed ones (answered as duplicates). Prints deliveries/s and the ratio; asserts nothing.
 *
 *   flock /tmp/medusa-boot.lock npm run bench:webhooks
 */
import { createPublicKey, randomUUID, verify } from "node:crypto"
import { percentileMs, type LoadResult } from "./load"
import { formatRatios, formatTable, type Row } from "./report"
import { inParallel } from "../src/lib/in-parallel"
import { signedDeliveryHeaders } from "../src/lib/webhooks"
import { paddingOptions, WEBHOOK_DIGEST } from "../src/lib/webhooks/schemes"
import type { RunningSandbox } from "../sandbox/src"
import { sandboxControl } from "../scripts/demo/journey/context"
import { checkoutOnce } from "./checkout"
import { withBenchStore, type BenchStore } from "./store"

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1000)
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 8)
const ROUTE = "/hooks/payment/installments_installments"

interface Delivery {
  body: string
  headers: Record<string, string>
}

/** Signed `order.created` deliveries of `linkId`, each with its own event id, as the sandbox signs them. */
async function deliveries(
  store: BenchStore,
  sandbox: RunningSandbox,
  linkId: string
): Promise<{ items: Delivery[]; publicKey: string }> {
  const url = `${store.url}${ROUTE}`
  const registration = sandbox.core.ctx.store.state.webhooks.find((webhook) => webhook.url === url)
  if (!registration) {
    throw new Error(`the sandbox has no webhook registered for ${url}`)
  }
  const res = await fetch(`${sandbox.url}/__sandbox/events?event=order.created`)
  const { events } = (await res.json()) as { events: { event: string; data: { payment_link_id?: string } }[] }
  const template = events.find((event) => event.event === "order.created" && event.data.payment_link_id === linkId)
  if (!template) {
    throw new Error(`the sandbox emitted no order.created for link ${linkId}`)
  }
  const items = Array.from({ length: DELIVERIES }, () => {
    const body = JSON.stringify({ ...template, id: randomUUID(), created_at: new Date().toISOString() })
    return {
      body,
      headers: signedDeliveryHeaders({ payload: body, privateKey: registration.private_key, keyPrefix: registration.prefix }),
    }
  })
  return { items, publicKey: createPublicKey(registration.private_key).export({ type: "spki", format: "pem" }).toString() }
}

function result(samples: bigint[], seconds: number, errors: number): LoadResult {
  samples.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return {
    total: samples.length,
    errors,
    seconds,
    requestsPerSecond: samples.length / seconds,
    p50Ms: percentileMs(samples, 50),
    p95Ms: percentileMs(samples, 95),
    p99Ms: percentileMs(samples, 99),
  }
}

async function throughRoute(store: BenchStore, items: Delivery[], concurrency: number): Promise<LoadResult> {
  const samples: bigint[] = []
  let errors = 0
  const started = process.hrtime.bigint()
  await inParallel(concurrency, items.length, async (i) => {
    const start = process.hrtime.bigint()
    const res = await fetch(`${store.url}${ROUTE}`, { method: "POST", headers: items[i].headers, body: items[i].body })
    await res.arrayBuffer()
    if (res.status === 200) {
      samples.push(process.hrtime.bigint() - start)
    } else {
      errors++
    }
  })
  return result(samples, Number(process.hrtime.bigint() - started) / 1e9, errors)
}

function verifyAlone(items: Delivery[], publicKey: string): LoadResult {
  const key = createPublicKey(publicKey)
  const padding = paddingOptions("rsa-pss-sha256", "verify")
  const samples: bigint[] = []
  let errors = 0
  const started = process.hrtime.bigint()
  for (const item of items) {
    const start = process.hrtime.bigint()
    const valid = verify(
      WEBHOOK_DIGEST,
      Buffer.from(item.body),
      { key, ...padding },
      Buffer.from(item.headers["x-signature"], "base64")
    )
    samples.push(process.hrtime.bigint() - start)
    errors += valid ? 0 : 1
  }
  return result(samples, Number(process.hrtime.bigint() - started) / 1e9, errors)
}

/** Sends the deliveries sequentially and side by side, after a warm-up, and prints the ratios. */
export async function runWebhookBench(store: BenchStore, sandbox: RunningSandbox): Promise<void> {
  const linkId = await checkoutOnce(store)
  await sandboxControl(store, "/webhooks/wait", { timeout_ms: 30_000 })
  const { items: warmup } = await deliveries(store, sandbox, linkId)
  await throughRoute(store, warmup.slice(0, 100), CONCURRENCY)
  verifyAlone(warmup.slice(0, 100), (await deliveries(store, sandbox, linkId)).publicKey)
  const { items, publicKey } = await deliveries(store, sandbox, linkId)
  const baseline = verifyAlone(items, publicKey)
  const sequential = await throughRoute(store, items, 1)
  const { items: more } = await deliveries(store, sandbox, linkId)
  const concurrent = await throughRoute(store, more, CONCURRENCY)
  // Medusa handles each first delivery 5 s after it (webhook_delay): that work is done before the replays.
  await new Promise((resolve) => setTimeout(resolve, 8_000))
  const replayedSequential = await throughRoute(store, items, 1)
  const replayedConcurrent = await throughRoute(store, more, CONCURRENCY)
  const rows: Row[] = [
    { name: "crypto.verify alone", result: baseline },
    { name: "route, sequential", result: sequential },
    { name: `route, ${CONCURRENCY} at once`, result: concurrent },
    { name: "replays, sequential", result: replayedSequential },
    { name: `replays, ${CONCURRENCY} at once`, result: replayedConcurrent },
  ]
  process.stdout.write(
    `\nWebhook route: ${DELIVERIES} signed order.created deliveries (rsa-pss-sha256), Medusa's route with the plugin's verification ` +
      `against crypto.verify alone on the same bodies in this process\n${formatTable(rows, "deliveries")}\n` +
      `${formatRatios("route sequential", sequential, baseline, "deliveries")}\n${formatRatios(`route ${CONCURRENCY} at once`, concurrent, baseline, "deliveries")}\n` +
      `${formatRatios("replays sequential", replayedSequential, baseline, "deliveries")}\n${formatRatios(`replays ${CONCURRENCY} at once`, replayedConcurrent, baseline, "deliveries")}\n`
  )
}

if (require.main === module) {
  withBenchStore(runWebhookBench).then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`${(error as Error).stack ?? error}\n`)
      process.exit(1)
    }
  )
}
