import axios, { type AxiosInstance } from "axios"
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { Client } from "pg"
import { WEBHOOK_RECEIVED_EVENT } from "../src/modules/installments/events"
import { dropDatabase, ensureDatabase } from "../scripts/demo/database"
import { Figures } from "./helpers/figures"
import { paymentsOfOrder } from "./helpers/orders"
import { inParallel } from "./helpers/parallel"
import { claimRedisDatabase, type RedisDatabase } from "./helpers/redis-database"
import { returnFlow } from "./helpers/returns"
import { CARDS, payLink, Sandbox, sandboxClient, startTestSandbox, waitFor, webhooksIdle } from "./helpers/sandbox"
import { PROVIDERS, Seed, seedStore, storefront } from "./helpers/seed"
import { QueueWatch } from "./helpers/redis-queues"
import { setUpShipping, type ShippingSetup } from "./helpers/shipping"
import { BuiltStore, medusa, serviceEnv, startBuiltStore } from "./helpers/stock-store"
import { storeApp } from "./helpers/store-apps"
import { testDatabaseUrl } from "./helpers/test-database"
import { deliveryBody, eventsOfLink, sendToWebhookRoute, signedByService, WEBHOOK_PATH } from "./helpers/webhooks"

// Medusa as larger merchants run it: the packed plugin in a new app configured as docs/operations.md's
// production section prints it, built once, then two processes of that build on one database and
// one Redis: a server (HTTP) and a worker (subscribers and scheduled jobs). The sandbox delivers
// webhooks to the server. Everything is checked through HTTP and the database, as an operator would.

jest.setTimeout(300_000)

const RUN = `installments_production_${process.pid}`
const ADMIN = { email: "admin@production.test", password: "production-secret" }
const CHECKOUTS = 10
const DUPLICATES = 50
// The sweep every 5 seconds instead of every 10 minutes, so the test can watch the worker run it.
const RECONCILE_EVERY_5_S = "*/5 * * * * *"
// The jobs on that schedule (their config.name in src/jobs/): either could place or refund a payment.
const SWEEPS = ["installments-reconcile-pending-sessions", "installments-refund-stray-payments"]
const RESULTS = path.resolve(__dirname, "../test-results")

let sandbox: Sandbox
let redis: RedisDatabase
let queues: QueueWatch
let databaseUrl: string
let dir: string
let server: BuiltStore
let worker: BuiltStore
let api: AxiosInstance
let admin: { headers: Record<string, string> }
let seed: Seed
let shipping: ShippingSetup
const figures = new Figures()
const started = Date.now()

async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

/** How many orders Medusa placed for each cart (its order-cart link), carts without one included. */
async function ordersPerCart(cartIds: string[]): Promise<Map<string, string[]>> {
  const rows = await sql<{ cart_id: string; order_id: string }>(
    "SELECT cart_id, order_id FROM order_cart WHERE deleted_at IS NULL AND cart_id = ANY($1)",
    [cartIds]
  )
  return new Map(cartIds.map((id) => [id, rows.filter((row) => row.cart_id === id).map((row) => row.order_id)]))
}

/** Captures per payment of each order, as the admin shows them. */
async function capturesPerPayment(orderIds: string[]): Promise<number[]> {
  const payments = (await Promise.all(orderIds.map((id) => paymentsOfOrder(api, admin, id)))).flat()
  return payments.map((payment) => payment.captures.length)
}

/** Runs `step`; a refused request fails with what Medusa answered, not only its status. */
async function explained<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    const answer = (error as { response?: { status: number; config?: { url?: string }; data: unknown } }).response
    if (answer) {
      throw new Error(`${what}: ${answer.config?.url} answered ${answer.status} ${JSON.stringify(answer.data)}`)
    }
    throw error
  }
}

const distinct = (values: number[]) => [...new Set(values)].sort((a, b) => a - b).join(", ")
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/**
 * Waits until whatever could still act on the payments has acted: every delivery the sandbox sent
 * answered, every event the server and worker queued since `mark` handled (the 5-second webhook
 * delay included), and a run of each sweep that started after `since` ended, then what it queued
 * handled too. Answers the events handled since `mark`, to show the wait saw the work it waited for.
 */
async function settledSince(mark: string, since: number): Promise<string[]> {
  await webhooksIdle(sandbox)
  await queues.idle(mark)
  await queues.scheduledRunAfter(SWEEPS, since)
  return queues.idle(mark)
}

beforeAll(async () => {
  sandbox = await startTestSandbox()
  redis = await claimRedisDatabase(RUN)
  queues = await QueueWatch.open(redis.url)
  databaseUrl = testDatabaseUrl(RUN)
  await ensureDatabase(databaseUrl, true)
  dir = (await storeApp("production")).dir
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    DISABLE_MEDUSA_ADMIN: "true",
    JWT_SECRET: "production-jwt",
    COOKIE_SECRET: "production-cookie",
    STORE_CORS: "http://localhost:8000",
    ADMIN_CORS: "http://localhost:9000",
    AUTH_CORS: "http://localhost:9000,http://localhost:8000",
    ...serviceEnv(),
    INSTALLMENTS_RECONCILE_SCHEDULE: RECONCILE_EVERY_5_S,
  }
  medusa(dir, ["db:migrate"], env)
  medusa(dir, ["user", "-e", ADMIN.email, "-p", ADMIN.password], env)
  ;[server, worker] = await Promise.all([
    startBuiltStore(dir, { ...env, MEDUSA_WORKER_MODE: "server" }),
    startBuiltStore(dir, { ...env, MEDUSA_WORKER_MODE: "worker" }),
  ])
  figures.add("setup", "migrate, start server and worker (the run's install and build before)", seconds(Date.now() - started))

  api = axios.create({ baseURL: server.url, proxy: false })
  const { data } = await api.post("/auth/user/emailpass", ADMIN)
  admin = { headers: { authorization: `Bearer ${data.token}` } }
  seed = await seedStore(api, admin, [PROVIDERS.both])
  shipping = await setUpShipping(api, admin, seed)
  await api.post("/admin/installments/webhooks", { provider_id: "installments", url: `${server.url}${WEBHOOK_PATH}` }, admin)
}, 900_000)

afterAll(async () => {
  await Promise.all([server?.stop(), worker?.stop()])
  // Both processes' logs, for reading a failure after the run (test-results/ is not committed).
  mkdirSync(RESULTS, { recursive: true })
  for (const [name, process_] of [
    ["server", server],
    ["worker", worker],
  ] as const) {
    if (process_) {
      writeFileSync(path.join(RESULTS, `production-${name}.log`), process_.output())
    }
  }
  await sandbox?.stop()
  if (databaseUrl) {
    await dropDatabase(databaseUrl).catch(() => undefined)
  }
  await queues?.close()
  await redis?.release()
  figures.publish("production.md", "Server and worker on Redis: figures")
})

describe("the plugin on a Medusa server and worker sharing Redis", () => {
  it("runs the server and the worker on the Redis modules: the worker serves no API route", async () => {
    expect(server.output()).toMatch(/Connection to Redis in module 'workflow-engine-redis' established/)
    expect(worker.output()).toMatch(/Connection to Redis in module 'workflow-engine-redis' established/)
    expect(await redis.keys("RedisEventBusService:*")).not.toHaveLength(0)
    expect(await redis.keys("bull:medusa-workflows-jobs:*")).not.toHaveLength(0)
    // The webhook route exists on the server only: the service must be given the server's URL.
    const onWorker = await sendToWebhookRoute(axios.create({ baseURL: worker.url, proxy: false }), "{}", {
      "content-type": "application/json",
    })
    const onServer = await sendToWebhookRoute(api, "{}", { "content-type": "application/json" })
    expect(onWorker.status).toBe(404)
    expect(onServer.status).toBe(401)
    figures.add(
      "processes",
      "webhook route on the server / on the worker",
      `${onServer.status} (unsigned refused) / ${onWorker.status} (no API routes)`
    )
  })

  it(`${CHECKOUTS} checkouts whose webhooks reach the server while the storefront completes the cart: one order and one capture per paid link`, async () => {
    const store = storefront(api, seed)
    const mark = await queues.mark()
    const t0 = Date.now()
    // One shopper's completion is made to overlap the worker's handling of that shopper's delivery
    // (the others' timing makes an overlap likely, not certain): the link's reads are held at the
    // sandbox while the handling runs and the completion is under way, then let go together.
    const FORCED = 0
    let forcedOverlapSeen = false
    // The event bus's jobs handling the forced link's deliveries, seen while they ran.
    const forcedJobs = new Set<string>()
    const heldReads = async (path: string) =>
      ((await sandbox.control.get("/holds")).data.held as { path: string }[]).filter(
        (request) => request.path.toLowerCase() === path.toLowerCase()
      ).length
    const handlingDeliveryOf = async (linkId: string) => {
      const jobs = (await queues.activeJobs(WEBHOOK_RECEIVED_EVENT)).filter((job) => JSON.stringify(job.data).includes(linkId))
      jobs.forEach((job) => forcedJobs.add(job.jobId))
      return jobs.length > 0
    }
    const checkouts = await inParallel(CHECKOUTS, CHECKOUTS, (index) =>
      explained(`checkout ${index}`, async () => {
        const installment = index % 2 === 0
        // Al Rajhi's 0% plans start at 300.00 SAR; the card pays any amount.
        // Ten shoppers, ten emails: Medusa's first carts of one new guest email at the same instant
        // race to create that guest customer and all but one are refused (Medusa's, not the plugin's).
        const cart = await store.createCart(installment ? 8 + index : 2 + index, { email: `shopper-${index}@example.sa` })
        const { session } = await store.startPayment(cart.id)
        const linkId = session.data.payment_link_id as string
        const details = `/payment_links/${linkId}/details`
        if (index === FORCED) {
          await sandbox.control.post("/holds", { paths: [details] })
        }
        const paid = await payLink(
          sandbox,
          linkId,
          installment
            ? { card_number: CARDS.rajhiCredit, payment_option: "Installment", bank_code: "rajhi", months: 12 }
            : { card_number: CARDS.mada, payment_option: "Pay In Full" }
        )
        // The service posts order.success to the server at once and the worker processes it about 5 s
        // later (Medusa's webhook delay), when its 5-second sweep also runs: half the shoppers return
        // at once, half while the worker is recording the same payments.
        const half = CHECKOUTS / 2
        let completing: { start: number; end: number }
        let completed: Awaited<ReturnType<typeof store.complete>>
        if (index === FORCED) {
          try {
            // The worker is handling this link's delivery, its read of the link held.
            await waitFor(async () => (await heldReads(details)) >= 1 && (await handlingDeliveryOf(linkId)), 60_000)
            const before = await heldReads(details)
            completing = { start: Date.now(), end: 0 }
            const completion = store.complete(cart.id)
            // The completion's read is held too, and the handling still runs: the two overlap now.
            await waitFor(async () => (await heldReads(details)) > before, 30_000)
            forcedOverlapSeen = await handlingDeliveryOf(linkId)
            await sandbox.control.delete("/holds")
            completed = await completion
          } finally {
            await sandbox.control.delete("/holds")
          }
        } else {
          await new Promise((resolve) => setTimeout(resolve, index < half ? index * 300 : 4300 + (index - half) * 300))
          completing = { start: Date.now(), end: 0 }
          completed = await store.complete(cart.id)
        }
        completing.end = Date.now()
        return {
          completing,
          cartId: cart.id as string,
          linkId,
          transactionId: paid.transaction_id,
          status: completed.status,
          type: completed.data?.type as string | undefined,
        }
      })
    )
    await webhooksIdle(sandbox)
    const cartIds = checkouts.map((checkout) => checkout.cartId)
    // Carts the shopper's completion did not turn into an order wait for the worker's webhook
    // handling or its 5-second sweep; on a loaded 2-core machine that has taken over a minute.
    await waitFor(async () => {
      const found = await ordersPerCart(cartIds)
      return [...found.values()].every((ids) => ids.length > 0) ? found : undefined
    }, 150_000).catch(async (error: Error) => {
      const found = await ordersPerCart(cartIds)
      const missing = checkouts.filter((checkout) => !found.get(checkout.cartId)?.length)
      throw new Error(
        `${error.message}: no order for ${missing.map((m) => `${m.cartId} (completion ${m.status}, ${m.type})`).join(", ")}`
      )
    })
    const elapsed = Date.now() - t0
    // Anything still queued (a late webhook, the next sweep) would show as a second order or capture.
    const handled = await settledSince(mark, Date.now())
    const settled = await ordersPerCart(cartIds)
    const perLink = [...settled.values()].map((ids) => ids.length)
    const captures = await capturesPerPayment([...settled.values()].flat())

    const links = new Set(checkouts.map((checkout) => checkout.linkId))
    const linkEvents = (await Promise.all([...links].map((id) => eventsOfLink(sandbox, id)))).flat()
    const eventIds = new Set(linkEvents.map((event) => event.id))
    const { data } = await sandbox.control.get("/webhooks/deliveries")
    const deliveries = (data.deliveries as { event_id: string; url: string; attempts: { status_code: number | null }[] }[]).filter(
      (d) => eventIds.has(d.event_id)
    )
    const answers = deliveries.flatMap((delivery) => delivery.attempts.map((attempt) => attempt.status_code))

    // The worker handled every verified delivery before the count (an order.success per paid link at least).
    expect(handled.filter((name) => name === WEBHOOK_RECEIVED_EVENT).length).toBeGreaterThanOrEqual(CHECKOUTS)
    // The forced shopper's completion overlapped the handling of that shopper's own delivery: seen
    // while it happened (the job still active once the completion was under way), and read afterwards
    // from the event stream's active and completed entries of that job (Redis's clock, this machine's).
    // The others' overlaps with any delivery's handling are counted, not required: likely, not certain.
    const handling = await queues.handledIntervals(mark, WEBHOOK_RECEIVED_EVENT)
    const overlap = (completing: { start: number; end: number }, runs: typeof handling) =>
      runs.some((run) => run.start < completing.end && completing.start < run.end)
    const overlaps = checkouts.filter(({ completing }) => overlap(completing, handling)).length
    expect(forcedJobs.size).toBeGreaterThan(0)
    expect(
      overlap(
        checkouts[FORCED].completing,
        handling.filter((run) => forcedJobs.has(run.jobId))
      )
    ).toBe(true)
    expect(forcedOverlapSeen).toBe(true)
    expect(perLink).toEqual(Array(CHECKOUTS).fill(1))
    expect(captures).toEqual(Array(CHECKOUTS).fill(1))
    // Each shopper paid once and keeps the sale: no completion rolled back into a refund.
    const refunded = await Promise.all(
      checkouts.map(async (checkout) => (await sandboxClient().transactions.retrieve(checkout.transactionId)).refund_tracker.length)
    )
    expect(refunded).toEqual(Array(CHECKOUTS).fill(0))
    expect(deliveries.every((delivery) => delivery.url.startsWith(server.url))).toBe(true)
    expect(answers.length).toBeGreaterThanOrEqual(CHECKOUTS)
    expect(answers.every((status) => status === 200)).toBe(true)
    const byStorefront = checkouts.filter((checkout) => checkout.status === 200 && checkout.type === "order").length
    figures.add(
      `${CHECKOUTS} concurrent checkouts`,
      "paid links / orders / captures",
      `${CHECKOUTS} / ${perLink.reduce((a, b) => a + b, 0)} / ${captures.reduce((a, b) => a + b, 0)}`
    )
    figures.add(
      `${CHECKOUTS} concurrent checkouts`,
      "orders per paid link / captures per payment",
      `${distinct(perLink)} / ${distinct(captures)}`
    )
    figures.add(
      `${CHECKOUTS} concurrent checkouts`,
      "cart completions answered with the order / otherwise",
      `${byStorefront} / ${CHECKOUTS - byStorefront}`
    )
    figures.add(
      `${CHECKOUTS} concurrent checkouts`,
      "webhook deliveries to the server, answered 200",
      `${answers.length}, ${answers.filter((s) => s === 200).length}`
    )
    figures.add(`${CHECKOUTS} concurrent checkouts`, "completions overlapping a delivery's handling", `${overlaps} of ${CHECKOUTS}`)
    figures.add(`${CHECKOUTS} concurrent checkouts`, "until every paid link had its order", seconds(elapsed))
  })

  it("a delivery's handling in the worker and the storefront's completion in the server at once (forced): one order, one capture", async () => {
    const store = storefront(api, seed)
    const cart = await store.createCart(3)
    const { session } = await store.startPayment(cart.id)
    const linkId = session.data.payment_link_id as string
    const details = `/payment_links/${linkId}/details`
    const held = async () =>
      ((await sandbox.control.get("/holds")).data.held as { path: string }[]).filter(
        (request) => request.path.toLowerCase() === details.toLowerCase()
      ).length
    let completed: Awaited<ReturnType<typeof store.complete>>
    await sandbox.control.post("/holds", { paths: [details] })
    try {
      await payLink(sandbox, linkId, { card_number: CARDS.mada, payment_option: "Pay In Full" })
      // The worker's read of the link (its handling of order.success, about 5 s after the delivery, or
      // its sweep) is held in flight before the shopper completes: the two processes race for one cart.
      await waitFor(async () => (await held()) >= 1, 60_000)
      const completing = store.complete(cart.id)
      await waitFor(async () => (await held()) >= 2, 30_000)
      await sandbox.control.delete("/holds")
      completed = await completing
    } finally {
      await sandbox.control.delete("/holds")
    }
    const orders = await waitFor(async () => {
      const ids = (await ordersPerCart([cart.id])).get(cart.id)!
      return ids.length ? ids : undefined
    }, 60_000)
    await settledSince(await queues.mark(), Date.now())
    const settled = (await ordersPerCart([cart.id])).get(cart.id)!
    expect(completed.status).toBe(200)
    expect(orders).toHaveLength(1)
    expect(settled).toEqual(orders)
    expect(await capturesPerPayment(settled)).toEqual([1])
    figures.add("forced race of worker and storefront", "orders / captures", `${settled.length} / 1`)
  })

  it(`${DUPLICATES} duplicate deliveries of one signed order.success: one order, one capture`, async () => {
    const store = storefront(api, seed)
    const cart = await store.createCart(3)
    const { session } = await store.startPayment(cart.id)
    const linkId = session.data.payment_link_id as string
    // The service's own delivery is lost; the copies below are the only ones.
    await sandbox.control.post("/faults", { drop_webhooks: 10 })
    try {
      await payLink(sandbox, linkId, { card_number: CARDS.mada, payment_option: "Pay In Full" })
      await webhooksIdle(sandbox)
    } finally {
      await sandbox.control.delete("/faults")
    }
    const success = (await eventsOfLink(sandbox, linkId)).find((event) => event.event === "order.success")!
    const body = deliveryBody(success)
    const headers = { ...signedByService(sandbox, body), "content-type": "application/json" }
    const mark = await queues.mark()
    const answers = await inParallel(10, DUPLICATES, () => sendToWebhookRoute(api, body, headers))
    const statuses = answers.map((answer) => answer.status)
    const duplicates = answers.filter((answer) => answer.data?.duplicate === true).length

    const orders = await waitFor(async () => {
      const ids = (await ordersPerCart([cart.id])).get(cart.id)!
      return ids.length ? ids : undefined
    }, 60_000)
    // A copy handled late, or the next sweep, would show as a second order or capture.
    const handled = await settledSince(mark, Date.now())
    const settled = (await ordersPerCart([cart.id])).get(cart.id)!
    const captures = await capturesPerPayment(settled)

    expect(statuses).toEqual(Array(DUPLICATES).fill(200))
    expect(duplicates).toBeGreaterThanOrEqual(DUPLICATES - 1)
    expect(handled).toContain(WEBHOOK_RECEIVED_EVENT)
    expect(orders).toHaveLength(1)
    expect(settled).toEqual(orders)
    expect(captures).toEqual([1])
    figures.add(
      `${DUPLICATES} duplicate deliveries`,
      "answered 200 / acknowledged as duplicates (all to the server)",
      `${statuses.filter((s) => s === 200).length} / ${duplicates}`
    )
    figures.add(
      `${DUPLICATES} duplicate deliveries`,
      "orders / captures",
      `${settled.length} / ${captures.reduce((a, b) => a + b, 0)}`
    )
  })

  it("a paid link whose webhooks were all dropped gets its order from the reconciliation job, run by the worker only", async () => {
    const store = storefront(api, seed)
    const cart = await store.createCart(4)
    const { session } = await store.startPayment(cart.id)
    const linkId = session.data.payment_link_id as string
    await sandbox.control.post("/faults", { drop_webhooks: 10 })
    const paidAt = Date.now()
    try {
      await payLink(sandbox, linkId, { card_number: CARDS.mada, payment_option: "Pay In Full" })
      await webhooksIdle(sandbox)
    } finally {
      await sandbox.control.delete("/faults")
    }
    // The shopper never comes back and no webhook arrives: only the sweep can place the order.
    const orders = await waitFor(
      async () => {
        const ids = (await ordersPerCart([cart.id])).get(cart.id)!
        return ids.length ? ids : undefined
      },
      60_000,
      500
    )
    const placedAfter = Date.now() - paidAt
    const settledLine = `installments: the reconciliation job settled paid session ${session.id}`
    await waitFor(async () => worker.output().includes(settledLine), 10_000)
    const captures = await capturesPerPayment(orders)
    const dropped = (await sandbox.control.get("/webhooks/deliveries", { params: { status: "dropped" } })).data.deliveries as {
      event_id: string
    }[]
    const linkEvents = new Set((await eventsOfLink(sandbox, linkId)).map((event) => event.id))

    expect(dropped.filter((delivery) => linkEvents.has(delivery.event_id)).length).toBeGreaterThan(0)
    expect(orders).toHaveLength(1)
    expect(captures).toEqual([1])
    expect(worker.output()).toContain(settledLine)
    expect(server.output()).not.toContain("the reconciliation job settled")
    const sweeps = (worker.output().match(/the reconciliation job settled paid session/g) ?? []).length
    figures.add("webhooks dropped, shopper gone", "orders / captures", `${orders.length} / ${captures[0]}`)
    figures.add("webhooks dropped, shopper gone", "order placed by the job after payment", seconds(placedAfter))
    figures.add("webhooks dropped, shopper gone", "sessions settled by the job: in the worker's log / the server's", `${sweeps} / 0`)
  })

  it("a received return is refunded once, by the worker's subscriber, and the service's refund tracker agrees", async () => {
    const flow = returnFlow({ api, admin, seed, sandbox }, () => shipping)
    const { orderId, order, transactionId } = await flow.shippedOrder([{ variantId: shipping.variants.candle, quantity: 2 }])
    const candle = order.items.find((item: { variant_id: string }) => item.variant_id === shipping.variants.candle)
    const returnId = await flow.requestReturn(orderId, [{ id: candle.id, quantity: 1 }])
    const mark = await queues.mark()
    await flow.receive(returnId, [{ id: candle.id, quantity: 1 }])
    await flow.waitForRefunds(orderId, 1)
    // A second refund would come from a second delivery of order.return_received, or a sweep.
    const handled = await settledSince(mark, Date.now())
    const refunds = await flow.refundsOf(orderId)
    const { data } = await api.get(`/admin/installments/refunds?order_id=${orderId}`, admin)
    const ledger = data.refunds as { return_id: string | null; amount: number }[]
    const transaction = await sandboxClient().transactions.retrieve(transactionId)

    expect(handled).toContain("order.return_received")
    expect(refunds).toHaveLength(1)
    expect(Math.round(refunds[0].amount * 100)).toBe(6900) // one 60.00 candle with 15% VAT
    expect(ledger).toEqual([expect.objectContaining({ return_id: returnId })])
    expect(transaction.refunded_amount).toBe("69.00")
    expect(transaction.refund_tracker).toHaveLength(1)
    figures.add(
      "return received",
      "refunds per return (Medusa / plugin ledger / service tracker)",
      `${refunds.length} / ${ledger.length} / ${transaction.refund_tracker?.length}`
    )
    figures.add(
      "return received",
      "refunded (Medusa = service)",
      `${(refunds[0].amount as number).toFixed(2)} = ${transaction.refunded_amount}`
    )
    figures.add("total", "spec wall time", seconds(Date.now() - started))
  })
})
