/**
 * Checkout benchmark: full storefront checkouts through a stock Medusa store (examples/store with
 * the packed plugin) with the installments provider and, in the same Medusa process and run, with
 * Medusa's own pp_system_default; sequential and with concurrent shoppers, in alternating rounds so
 * noise shows as spread. Prints, per provider and phase, checkouts/s, p50, p95, p99, the store's CPU
 * per checkout and the sandbox's apart (it runs in its own process), the rows each table read, the
 * service calls, and the ratios; the verdict is the median of the rounds. Asserts nothing. Run under
 * the boot lock:
 *
 *   flock /tmp/medusa-boot.lock npm run bench:checkout
 *   BENCH_CHECKOUTS=60 BENCH_ROUNDS=4 BENCH_SHOPPERS=8 flock /tmp/medusa-boot.lock npm run bench:checkout
 */
import type { LoadResult } from "./load"
import { percentileMs } from "./load"
import { formatRatios, formatTable, type Row } from "./report"
import { inParallel } from "../src/lib/in-parallel"
import { sandboxControl } from "../scripts/demo/journey/context"
import {
  CAPTURED_BASELINE,
  CAPTURED_SYSTEM_PROVIDER,
  INSTALLMENTS_PROVIDER,
  LOCAL_PROVIDERS,
  SYSTEM_PROVIDER,
  ANALYZE_TABLES,
  analyzeBenchDatabase,
  withBenchStoreAndSandboxProcess,
  type BenchStore,
} from "./store"
import { activityBetween, addActivity, formatActivityDifference, tableActivity, type Activity } from "./table-activity"

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 40)
// A multiple of the providers compared (2, or 3 with the captured baseline), so each goes first in as
// many rounds (the first run of a round was the slower), and at least 5, so the verdict is a median.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 8)
const WARMUP = 10
// BENCH_DROP_WEBHOOKS=1: the sandbox drops every delivery, so the store never handles a webhook and
// the installments checkout costs only what the shopper's own calls cost (the authorization read
// completes the cart). Shows how much of the gap is the handling of the service's webhooks.
const DROP_WEBHOOKS = process.env.BENCH_DROP_WEBHOOKS === "1"
// BENCH_PHASES=shoppers (or sequential): one phase only, for an experiment on one of them. Checked
// when the module loads, so a misspelling fails before the store boots.
const ALL_PHASES = [
  { phase: "sequential", mode: "sequential", shoppers: 1 },
  { phase: "shoppers", mode: `${SHOPPERS} shoppers`, shoppers: SHOPPERS },
]
const PHASE_NAMES = (process.env.BENCH_PHASES ?? "sequential,shoppers").split(",")
if (PHASE_NAMES.some((name) => !ALL_PHASES.some(({ phase }) => phase === name))) {
  throw new Error(`BENCH_PHASES names sequential, shoppers or both (comma-separated), not ${process.env.BENCH_PHASES}`)
}
const PHASES = ALL_PHASES.filter(({ phase }) => PHASE_NAMES.includes(phase))
// Medusa handles a webhook 5 s after it arrives (the payment module's default webhook_delay): a
// round ends once that work is done too, so it is counted in the round's CPU and not in the next.
const SETTLE_MS = 6_000
// 1,200 SAR: above every bank's minimum basket, so the installments link offers plans.
const PRODUCT_HANDLE = "prayer-rug"
const RAJHI_CARD = "4092010000000018"

export const CHECKOUT_TIMED =
  "timed: the storefront's calls, cart → line item → shipping options → shipping method → payment collection + session → complete; " +
  "for the installments provider the shopper's payment on the sandbox (between session and completion) is not timed, " +
  "and in the concurrent runs it overlaps the other shoppers' calls (it is a few ms of the wall time)"

export interface CheckoutRun {
  result: LoadResult
  /** The store's processes only (the server with its workers), through the run and its settling. */
  cpuMsPerCheckout: number
  /** The sandbox's process, when it has its own (a real store does not host the service). */
  sandboxCpuMsPerCheckout?: number
  /** Median ms of the payment collection + session calls, and of the completion. */
  sessionP50Ms: number
  completeP50Ms: number
  /** Requests the service received per checkout during the run and its settling (the sandbox's log). */
  serviceCallsPerCheckout: number
  /** Paid deliveries that found their checkout open and ran the placing workflow (the store's info lines). */
  deliveryPlacings: number
  /** What the run and its settling made the database do (PostgreSQL's counters). */
  database: Activity
}

/** The sequence number of the last request the sandbox's service interface received. */
async function lastServiceRequest(store: BenchStore): Promise<number> {
  const res = await fetch(`${store.sandboxUrl}/__sandbox/requests?since=${Number.MAX_SAFE_INTEGER}`)
  return ((await res.json()) as { last: number }).last
}

export interface Shop {
  variantId: string
  shippingOptionId?: string
}

export async function findShop(store: BenchStore): Promise<Shop> {
  const { products } = await store.store.store.product.list({ handle: PRODUCT_HANDLE, region_id: store.regionId })
  const variantId = products[0]?.variants?.[0]?.id
  if (!variantId) {
    throw new Error(`product "${PRODUCT_HANDLE}" is not in the store: the seed did not run`)
  }
  return { variantId }
}

/** One shopper's checkout; resolves to the nanoseconds of the timed storefront calls and the session's link. */
async function checkout(
  store: BenchStore,
  shop: Shop,
  provider: string
): Promise<{ timed: bigint; session: bigint; complete: bigint; linkId?: string }> {
  const sdk = store.store.store
  const start = process.hrtime.bigint()
  const { cart } = await sdk.cart.create({
    region_id: store.regionId,
    email: "shopper@example.sa",
    shipping_address: {
      first_name: "Noura",
      last_name: "Al-Qahtani",
      address_1: "Olaya Street 12",
      city: "Riyadh",
      country_code: "sa",
      postal_code: "12211",
      phone: "+966500000001",
    },
  })
  await sdk.cart.createLineItem(cart.id, { variant_id: shop.variantId, quantity: 1 })
  const { shipping_options } = await sdk.fulfillment.listCartOptions({ cart_id: cart.id })
  const { cart: shipped } = await sdk.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
  const sessionStart = process.hrtime.bigint()
  const { payment_collection } = await sdk.payment.initiatePaymentSession(shipped, {
    provider_id: provider,
    data: LOCAL_PROVIDERS.includes(provider) ? {} : { cart_id: cart.id },
  })
  const sessionEnd = process.hrtime.bigint()
  let timed = sessionEnd - start
  let linkId: string | undefined
  if (!LOCAL_PROVIDERS.includes(provider)) {
    const session = payment_collection.payment_sessions?.find((candidate) => candidate.provider_id === provider)
    linkId = (session?.data as { payment_link_id?: string } | undefined)?.payment_link_id
    if (!linkId) {
      throw new Error(`the installments session has no link: ${JSON.stringify(session?.data)}`)
    }
    await sandboxControl(store, `/payment-links/${linkId}/pay`, {
      card_number: RAJHI_CARD,
      payment_option: "Installment",
      bank_code: "rajhi",
      months: 12,
    })
  }
  const completeStart = process.hrtime.bigint()
  const completed = await sdk.cart.complete(cart.id)
  const complete = process.hrtime.bigint() - completeStart
  timed += complete
  if (completed.type !== "order") {
    throw new Error(`cart ${cart.id} was not completed: ${completed.error?.message ?? "no order"}`)
  }
  return { timed, session: sessionEnd - sessionStart, complete, linkId }
}

/** One installments checkout paid on the sandbox; resolves to its payment link's id. */
export async function checkoutOnce(store: BenchStore): Promise<string> {
  const { linkId } = await checkout(store, await findShop(store), INSTALLMENTS_PROVIDER)
  return linkId!
}

async function settle(store: BenchStore): Promise<void> {
  await sandboxControl(store, "/webhooks/wait", { timeout_ms: 30_000 })
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
}

/** `count` checkouts with `shoppers` in flight; throughput over the wall time of the timed calls. */
export async function runCheckouts(
  store: BenchStore,
  shop: Shop,
  provider: string,
  count: number,
  shoppers: number
): Promise<CheckoutRun> {
  const samples: bigint[] = []
  const sessions: bigint[] = []
  const completions: bigint[] = []
  let errors = 0
  let firstError: string | undefined
  // Each run plans with statistics as fresh as autovacuum would keep them (bench/store.ts).
  await analyzeBenchDatabase()
  const cpuBefore = store.cpuMs()
  const sandboxCpuBefore = store.sandboxCpuMs?.()
  const requestsBefore = await lastServiceRequest(store)
  const databaseBefore = await tableActivity()
  const outputBefore = store.output().length
  const started = process.hrtime.bigint()
  await inParallel(shoppers, count, async () => {
    try {
      const done = await checkout(store, shop, provider)
      samples.push(done.timed)
      sessions.push(done.session)
      completions.push(done.complete)
    } catch (error) {
      errors++
      firstError ??= (error as Error).message
    }
  })
  const wall = process.hrtime.bigint() - started
  await settle(store)
  const cpuMs = store.cpuMs() - cpuBefore
  const sandboxCpuMs = sandboxCpuBefore === undefined ? undefined : store.sandboxCpuMs!() - sandboxCpuBefore
  const serviceCalls = (await lastServiceRequest(store)) - requestsBefore
  const database = activityBetween(databaseBefore, await tableActivity())
  const deliveryPlacings = placingRuns(store.output().slice(outputBefore))
  if (firstError) {
    process.stdout.write(`  ${errors} failed checkouts with ${provider}, first: ${firstError}\n`)
  }
  // Sequentially, the wall time is the timed calls only; with shoppers side by side it is the
  // whole run (the untimed sandbox payments overlap other shoppers' calls).
  const timedWall = shoppers === 1 ? samples.reduce((sum, ns) => sum + ns, 0n) : wall
  const seconds = Number(timedWall) / 1e9
  for (const list of [samples, sessions, completions]) {
    list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  }
  return {
    result: {
      total: samples.length,
      errors,
      seconds,
      requestsPerSecond: samples.length / seconds,
      p50Ms: percentileMs(samples, 50),
      p95Ms: percentileMs(samples, 95),
      p99Ms: percentileMs(samples, 99),
    },
    cpuMsPerCheckout: cpuMs / Math.max(1, samples.length),
    ...(sandboxCpuMs === undefined ? {} : { sandboxCpuMsPerCheckout: sandboxCpuMs / Math.max(1, samples.length) }),
    sessionP50Ms: percentileMs(sessions, 50),
    completeP50Ms: percentileMs(completions, 50),
    serviceCallsPerCheckout: serviceCalls / Math.max(1, samples.length),
    deliveryPlacings,
    database,
  }
}

// The info line of a paid delivery that found its checkout open and ran the placing workflow (a
// settled one logs at debug): under load, the shopper's completion had not ended within webhook_delay.
const PLACING_LINE =
  /installments: webhook (?:order\.success|installment\.tracker\.approved) \S+ for session \S+: (?!nothing to place)/g

/** How many paid deliveries in this stretch of the store's output ran the placing workflow. */
function placingRuns(output: string): number {
  return output.match(PLACING_LINE)?.length ?? 0
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The rounds' median ratio, the verdict (one noisy round cannot move it), with their range. */
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  return `median x${median(values).toFixed(2)} (x${sorted[0].toFixed(2)}-x${sorted[sorted.length - 1].toFixed(2)}, ${values.length} rounds)`
}

/** One provider's runs of a phase as medians over its rounds: what docs/contributing.md's table holds. */
function providerSummary(mode: string, provider: string, runs: CheckoutRun[]): string {
  const of = (pick: (run: CheckoutRun) => number | undefined) => {
    const values = runs.map(pick).filter((value): value is number => value !== undefined)
    return values.length ? median(values) : undefined
  }
  const sandbox = of((run) => run.sandboxCpuMsPerCheckout)
  return (
    `${mode}, ${provider} (median of ${runs.length} rounds): ${of((run) => run.result.requestsPerSecond)!.toFixed(2)} checkouts/s, ` +
    `p50 ${of((run) => run.result.p50Ms)!.toFixed(0)} ms, p95 ${of((run) => run.result.p95Ms)!.toFixed(0)} ms, p99 ${of((run) => run.result.p99Ms)!.toFixed(0)} ms, ` +
    `store CPU ${of((run) => run.cpuMsPerCheckout)!.toFixed(0)} ms/checkout, ` +
    `sandbox CPU ${sandbox === undefined ? "not apart (in the benchmark's process)" : `${sandbox.toFixed(0)} ms/checkout`}, ` +
    `service calls ${of((run) => run.serviceCallsPerCheckout)!.toFixed(2)}/checkout`
  )
}

/** A compared provider: its letter and name in the tables, and its runs of the phase. */
interface Contender {
  letter: string
  name: string
  provider: string
  runs: CheckoutRun[]
  activity: Activity
  checkouts: number
}

/** A (installments) against B (Medusa's system provider), and against C (system, captured) with CAPTURED_BASELINE. */
function contenders(): Contender[] {
  const providers = [
    { letter: "A", name: "installments", provider: INSTALLMENTS_PROVIDER },
    { letter: "B", name: "system", provider: SYSTEM_PROVIDER },
    ...(CAPTURED_BASELINE ? [{ letter: "C", name: "captured", provider: CAPTURED_SYSTEM_PROVIDER }] : []),
  ]
  return providers.map((contender) => ({ ...contender, runs: [], activity: new Map(), checkouts: 0 }))
}

/** Round `round` (from 1) runs the providers rotated by one more each round, so each goes first equally often. */
function roundOrder<T>(items: T[], round: number): T[] {
  const shift = (round - 1) % items.length
  return [...items.slice(shift), ...items.slice(0, shift)]
}

/** A round's line: A against `other` in throughput, latency, store and sandbox CPU, session and completion p50, service calls. */
function roundRatios(a: CheckoutRun, other: CheckoutRun, letter: string): string {
  return (
    `${formatRatios(`A/${letter}`, a.result, other.result, "checkouts")}   ` +
    `store CPU/checkout ${a.cpuMsPerCheckout.toFixed(0)} vs ${other.cpuMsPerCheckout.toFixed(0)} ms x${(a.cpuMsPerCheckout / other.cpuMsPerCheckout).toFixed(2)}` +
    `${a.sandboxCpuMsPerCheckout === undefined ? "" : ` (sandbox apart: ${a.sandboxCpuMsPerCheckout.toFixed(0)} vs ${(other.sandboxCpuMsPerCheckout ?? 0).toFixed(0)} ms)`}   ` +
    `p50 session ${a.sessionP50Ms.toFixed(0)} vs ${other.sessionP50Ms.toFixed(0)} ms, complete ${a.completeP50Ms.toFixed(0)} vs ${other.completeP50Ms.toFixed(0)} ms   ` +
    `service calls/checkout ${a.serviceCallsPerCheckout.toFixed(2)} vs ${other.serviceCallsPerCheckout.toFixed(2)}`
  )
}

/** A phase's verdict for A against `other`: the median of the rounds' ratios, and the per-table difference. */
function verdict(mode: string, a: Contender, other: Contender): string {
  const ratios = (pick: (run: CheckoutRun) => number) => a.runs.map((run, index) => pick(run) / pick(other.runs[index]))
  return (
    `A/${other.letter} ${mode}: checkouts/s ${spread(ratios((run) => run.result.requestsPerSecond))}, ` +
    `p99 ${spread(ratios((run) => run.result.p99Ms))}, store CPU per checkout ${spread(ratios((run) => run.cpuMsPerCheckout))}\n` +
    `${formatActivityDifference(a.activity, Math.max(1, a.checkouts), other.activity, Math.max(1, other.checkouts), {
      names: `A vs ${other.letter}`,
    })}`
  )
}

/** Runs the alternating rounds against a running store and prints the tables and ratios. */
export async function runCheckoutBench(store: BenchStore): Promise<void> {
  const shop = await findShop(store)
  if (DROP_WEBHOOKS) {
    await sandboxControl(store, "/faults", { webhook_drop_rate: 1 })
  }
  process.stdout.write(
    `\nCheckout through Medusa: ${CHECKOUTS} checkouts a run, ${ROUNDS} rounds alternating A/B${CAPTURED_BASELINE ? "/C" : ""}, ${PHASES.map(({ mode }) => mode).join(" and ")}` +
      `${DROP_WEBHOOKS ? ", every webhook delivery dropped by the sandbox" : ""}` +
      `${ANALYZE_TABLES ? ", every table analyzed before each run" : ", the tables' statistics left as they are"}\n${CHECKOUT_TIMED}\n`
  )
  for (const { mode, shoppers } of PHASES) {
    const compared = contenders()
    // Each mode warms every provider up at its own concurrency before anything is measured.
    for (const { provider } of compared) {
      await runCheckouts(store, shop, provider, Math.max(WARMUP, 2 * shoppers), shoppers)
    }
    const rows: Row[] = []
    const lines: string[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      const order = roundOrder(compared, round)
      const runs = new Map<Contender, CheckoutRun>()
      for (const contender of order) {
        runs.set(contender, await runCheckouts(store, shop, contender.provider, CHECKOUTS, shoppers))
      }
      for (const contender of compared) {
        const run = runs.get(contender)!
        contender.runs.push(run)
        addActivity(contender.activity, run.database)
        contender.checkouts += run.result.total
        rows.push({ name: `${contender.name} r${round}`, result: run.result })
      }
      const [a, ...others] = compared
      const aRun = runs.get(a)!
      lines.push(
        `round ${round} (${order.map((contender) => contender.letter).join("")})   ` +
          `${others.map((other) => roundRatios(aRun, runs.get(other)!, other.letter)).join("\n    ")}   ` +
          `paid deliveries that ran the placing ${aRun.deliveryPlacings} of ${aRun.result.total} checkouts`
      )
    }
    process.stdout.write(
      `\n${mode}: ${compared.map(({ letter, provider }) => `${letter} = ${provider}`).join(", ")}\n` +
        `${formatTable(rows, "checkouts")}\n${lines.join("\n")}\n`
    )
    for (const { provider, runs } of compared) {
      process.stdout.write(`${providerSummary(mode, provider, runs)}\n`)
    }
    const [a, ...others] = compared
    for (const other of others) {
      process.stdout.write(`${verdict(mode, a, other)}\n`)
    }
  }
}

if (require.main === module) {
  withBenchStoreAndSandboxProcess(runCheckoutBench).then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`${(error as Error).stack ?? error}\n`)
      process.exit(1)
    }
  )
}
