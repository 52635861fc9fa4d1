import express, { NextFunction, Request, Response } from "express"
import { z } from "zod"
import { formatAmount, isExactAmount, toHalalas } from "../../../src/lib/money"
import { BIN_TABLE, programmeFor } from "../catalog/bins"
import { TEST_CARDS } from "../catalog/cards"
import { CheckoutEngine, CheckoutRefusedError } from "../checkout/engine"
import { SandboxContext } from "../context"
import { ApiError } from "../errors"
import { EndpointFaultInput } from "../endpoint-faults"
import { Faults } from "../faults"
import { Holds } from "../holds"
import { handle } from "../http"
import { RequestLog } from "../request-log"
import { expireLinkNow } from "../state/links"
import { awaitsReview, decideReview, openDispute } from "../state/payments"
import { settlePending } from "../state/refunds"
import { seedStatement } from "../state/seed"
import { serializeTransaction } from "../state/transactions"
import { describeIssues } from "../validation/issues"
import { WebhookDispatcher } from "../webhooks/deliver"
import { webhookSummary } from "../webhooks/registry"

/** What the control API can do beyond the shared context. */
export interface ControlDeps {
  ctx: SandboxContext
  engine: CheckoutEngine
  faults: Faults
  holds: Holds
  dispatcher: WebhookDispatcher
  requests: RequestLog
  advanceClock(ms: number): void
  reset(): void
}

function controlError(status: number, error: string, message: string): ApiError {
  return new ApiError(status, { error, message })
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {})
  if (!parsed.success) {
    throw controlError(400, "invalid_request", describeIssues(parsed.error))
  }
  return parsed.data
}

// Lenient on purpose: curl -d sends form content types; any non-empty body is read as JSON.
function controlBody(req: Request, _res: Response, next: NextFunction): void {
  const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
  if (bytes.length === 0) {
    req.body = {}
    return next()
  }
  try {
    req.body = JSON.parse(bytes.toString("utf8"))
    next()
  } catch (error) {
    next(controlError(400, "invalid_request", `JSON parse error - ${(error as Error).message}`))
  }
}

const money = z.union([z.string(), z.number()]).refine(isExactAmount, "must be an amount with at most 2 decimals")

const PayBody = z.object({
  card_number: z.string().transform((value) => value.replace(/[\s-]/g, "")),
  payment_option: z.enum(["Installment", "Pay In Full"]).optional(),
  bank_code: z.string().optional(),
  months: z.number().int().optional(),
  address: z.string().optional(),
})

const AdvanceBody = z
  .object({
    ms: z.number().nonnegative().optional(),
    seconds: z.number().nonnegative().optional(),
    minutes: z.number().nonnegative().optional(),
    hours: z.number().nonnegative().optional(),
    days: z.number().nonnegative().optional(),
  })
  .strict()

const SeedBody = z
  .object({
    count: z.number().int().min(1).max(500_000),
    from: z.string().refine((value) => !Number.isNaN(Date.parse(value)), "must be an ISO 8601 date-time"),
    to: z.string().refine((value) => !Number.isNaN(Date.parse(value)), "must be an ISO 8601 date-time"),
    amount: money.default("1200.00"),
    refund_every: z.number().int().min(0).default(0),
  })
  .refine((body) => Date.parse(body.from) <= Date.parse(body.to), { message: "from must not be after to", path: ["from"] })

// Far beyond any rule of docs/service-api.md, and well inside what Date can represent.
const MAX_ADVANCE_MS = 10 * 366 * 86_400_000

const RequestsQuery = z
  .object({
    since: z.coerce.number().int().min(0).optional(),
    payment_link_id: z.string().min(1).optional(),
  })
  .strict()

const FaultBody = z
  .object({
    latency_ms: z.number().int().min(0).max(60_000),
    fail_next: z.number().int().min(0),
    error_rate: z.number().min(0).max(1),
    error_status: z.number().int().min(500).max(599),
    paths: z.array(z.string().startsWith("/")),
    drop_webhooks: z.number().int().min(0),
    duplicate_webhooks: z.number().int().min(0),
    webhook_drop_rate: z.number().min(0).max(1),
    webhook_duplicate_rate: z.number().min(0).max(1),
    seed: z.number().int(),
    endpoint_faults: z.array(EndpointFaultInput),
  })
  .partial()
  .strict()

/** The control API under `/__sandbox/` (documented in the sandbox README). Not part of the service interface. */
export function controlRoutes(deps: ControlDeps): express.Router {
  const { ctx, engine, faults, dispatcher } = deps
  const router = express.Router()
  router.use(express.raw({ type: () => true, limit: "1mb" }), controlBody)

  const link = (id: string) => {
    const found = ctx.store.state.links[id.toLowerCase()]
    if (!found) {
      throw controlError(404, "not_found", `No payment link ${id}.`)
    }
    return found
  }
  const transaction = (id: string) => {
    const found = ctx.store.state.transactions[id.toLowerCase()]
    if (!found) {
      throw controlError(404, "not_found", `No transaction ${id}.`)
    }
    return found
  }

  router.get("/", (_req, res) => {
    const { state } = ctx.store
    res.json({
      base_url: ctx.urls.base,
      pay_url: ctx.urls.pay,
      store_id: ctx.config.storeId,
      public_key: state.credentials.publicKey,
      // The secret key is printed once at start and never served: any page could read this route.
      merchant_id: state.credentials.merchantId,
      now: ctx.clock.iso(),
      clock_offset_ms: ctx.clock.offset(),
      merchant_balance: state.merchantBalance,
      counts: {
        payment_links: Object.keys(state.links).length,
        transactions: Object.keys(state.transactions).length,
        webhooks: state.webhooks.length,
        events: state.events.length,
        deliveries: state.deliveries.length,
      },
      banks: ctx.config.banks,
    })
  })

  router.post("/reset", (_req, res) => {
    deps.reset()
    res.json({ ok: true })
  })

  router.get("/clock", (_req, res) => {
    res.json({ now: ctx.clock.iso(), offset_ms: ctx.clock.offset() })
  })
  router.post("/clock/advance", (req, res) => {
    const body = parse(AdvanceBody, req.body)
    const ms =
      (body.ms ?? 0) + ((body.seconds ?? 0) + ((body.minutes ?? 0) + ((body.hours ?? 0) + (body.days ?? 0) * 24) * 60) * 60) * 1000
    if (ms > MAX_ADVANCE_MS) {
      throw controlError(400, "invalid_request", "the clock moves at most 10 years per call")
    }
    deps.advanceClock(ms)
    res.json({ now: ctx.clock.iso(), offset_ms: ctx.clock.offset() })
  })

  router.get("/requests", (req, res) => {
    const query = parse(RequestsQuery, req.query)
    const requests = deps.requests.list({ since: query.since, paymentLinkId: query.payment_link_id })
    res.json({ last: deps.requests.last, count: requests.length, requests })
  })
  router.delete("/requests", (_req, res) => {
    deps.requests.clear()
    res.json({ last: 0 })
  })

  router.get("/faults", (_req, res) => {
    res.json(faults.settings)
  })
  router.post("/faults", (req, res) => {
    res.json(faults.update(parse(FaultBody, req.body)))
  })
  router.delete("/faults", (_req, res) => {
    faults.reset()
    res.json(faults.settings)
  })

  router.get("/holds", (_req, res) => {
    res.json({ held: deps.holds.held() })
  })
  router.post("/holds", (req, res) => {
    const { paths } = parse(z.object({ paths: z.array(z.string().startsWith("/")).min(1) }).strict(), req.body)
    deps.holds.hold(paths)
    res.json({ paths, held: deps.holds.held() })
  })
  router.delete("/holds", (_req, res) => {
    res.json({ released: deps.holds.release() })
  })

  router.get("/merchant/balance", (_req, res) => {
    res.json({ balance: ctx.store.state.merchantBalance })
  })
  router.post("/merchant/balance", (req, res) => {
    const body = parse(z.object({ balance: money }), req.body)
    const halalas = toHalalas(body.balance)
    if (halalas < 0n) {
      throw controlError(400, "invalid_request", "balance must not be negative")
    }
    ctx.store.state.merchantBalance = formatAmount(halalas)
    ctx.store.changed()
    res.json({ balance: ctx.store.state.merchantBalance })
  })

  router.post(
    "/payment-links/:id/pay",
    handle(async (req, res) => {
      const found = link(req.params.id)
      const body = parse(PayBody, req.body)
      try {
        let option = body.payment_option
        let bankCode = body.bank_code
        let months = body.months
        if (option === undefined || (option === "Installment" && months === undefined)) {
          // Defaults: the card's first offered plan when there is one, else pay in full.
          const offers = engine.offers(found.id, body.card_number)
          const plan = offers.plans.find((candidate) => bankCode === undefined || candidate.bank_code === bankCode)
          if (option === undefined) {
            option = plan ? "Installment" : "Pay In Full"
          }
          if (option === "Installment" && plan) {
            bankCode = bankCode ?? plan.bank_code
            months = months ?? plan.months
          }
        }
        const result = await engine.pay(found.id, {
          card_number: body.card_number,
          payment_option: option,
          bank_code: bankCode,
          months,
          address: body.address,
        })
        const record = ctx.store.state.transactions[result.transaction_id]
        res.json({ ...result, transaction: serializeTransaction(ctx, record) })
      } catch (error) {
        if (error instanceof CheckoutRefusedError) {
          throw controlError(409, "checkout_refused", error.message)
        }
        throw error
      }
    })
  )
  router.post(
    "/payment-links/:id/cancel",
    handle(async (req, res) => {
      await engine.cancel(link(req.params.id).id)
      res.json({ ok: true, event: "modal.closed" })
    })
  )
  // What the service would text: whether a link was made with an SMS, and to which number.
  router.get("/payment-links/:id/sms", (req, res) => {
    const found = link(req.params.id)
    res.json({
      payment_link_id: found.id,
      send_sms: found.send_sms && !!found.client_phone_number,
      phone: found.client_phone_number,
      sms_language: found.sms_language,
    })
  })
  router.post("/payment-links/:id/expire", (req, res) => {
    const found = link(req.params.id)
    if (!expireLinkNow(ctx, found)) {
      throw controlError(409, "not_unpaid", `Payment link ${found.id} is not Unpaid, so it cannot expire.`)
    }
    res.json({ ok: true, payment_link_id: found.id, status: "Expired" })
  })

  router.post("/transactions/:id/review", (req, res) => {
    const found = transaction(req.params.id)
    const body = parse(z.object({ decision: z.enum(["approve", "reject"]), message: z.string().optional() }), req.body)
    if (!awaitsReview(found)) {
      throw controlError(409, "not_pending", `Transaction ${found.id} is not awaiting a bank review.`)
    }
    decideReview(ctx, found, body.decision === "approve", body.message)
    res.json(serializeTransaction(ctx, found))
  })
  router.post("/transactions/:id/dispute", (req, res) => {
    const found = transaction(req.params.id)
    const body = parse(z.object({ reason: z.string().optional(), amount: money.optional() }), req.body)
    if (found.base_status !== "success") {
      throw controlError(409, "not_captured", `Transaction ${found.id} was never captured, so it cannot be disputed.`)
    }
    const dispute = openDispute(
      ctx,
      found,
      body.reason ?? "Cardholder disputes the charge.",
      body.amount === undefined ? undefined : String(body.amount)
    )
    res.json({ dispute, transaction: serializeTransaction(ctx, found) })
  })

  router.get("/refunds", (req, res) => {
    const status = typeof req.query.status === "string" ? req.query.status : undefined
    const refunds = Object.values(ctx.store.state.transactions).flatMap((record) =>
      record.refunds
        .filter((refund) => status === undefined || refund.status === status)
        .map((refund) => ({
          transaction_id: record.id,
          refund_id: refund.id,
          status: refund.status,
          amount: refund.amount,
          rrn: refund.rrn,
          key: refund.gateway_transaction_id,
          idempotency_key: refund.idempotency_key,
          accepted_at: new Date(refund.accepted_at).toISOString(),
          settles: refund.auto_settle_at === null ? "manually" : new Date(refund.auto_settle_at).toISOString(),
        }))
    )
    res.json({ refunds })
  })
  router.post("/refunds/settle", (req, res) => {
    const body = parse(z.object({ transaction_id: z.string().optional(), refund_id: z.string().optional() }), req.body)
    res.json({
      settled: settlePending(ctx, { transactionId: body.transaction_id?.toLowerCase(), refundId: body.refund_id?.toLowerCase() }),
    })
  })

  router.post("/statements/seed", (req, res) => {
    const body = parse(SeedBody, req.body)
    const added = seedStatement(ctx, {
      count: body.count,
      from: Date.parse(body.from),
      to: Date.parse(body.to),
      amount: String(body.amount),
      refund_every: body.refund_every,
    })
    res.status(201).json(added)
  })
  router.get("/events", (req, res) => {
    const name = typeof req.query.event === "string" ? req.query.event : undefined
    res.json({ events: ctx.store.state.events.filter((event) => name === undefined || event.event === name) })
  })
  router.get("/webhooks", (_req, res) => {
    res.json({ webhooks: ctx.store.state.webhooks.map(webhookSummary) })
  })
  router.get("/webhooks/deliveries", (req, res) => {
    const filters: Array<[string, string | undefined]> = [
      ["event", typeof req.query.event === "string" ? req.query.event : undefined],
      ["status", typeof req.query.status === "string" ? req.query.status : undefined],
      ["webhook_id", typeof req.query.webhook_id === "string" ? req.query.webhook_id : undefined],
    ]
    const deliveries = ctx.store.state.deliveries.filter((delivery) =>
      filters.every(([key, value]) => value === undefined || (delivery as unknown as Record<string, unknown>)[key] === value)
    )
    res.json({ deliveries })
  })
  router.post(
    "/webhooks/wait",
    handle(async (req, res) => {
      const body = parse(z.object({ timeout_ms: z.number().int().min(0).max(120_000).optional() }), req.body)
      const timeout = body.timeout_ms ?? 10_000
      let timer: NodeJS.Timeout | undefined
      const idle = await Promise.race([
        dispatcher.idle().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), timeout)
          timer.unref()
        }),
      ])
      clearTimeout(timer)
      res.json({ idle, pending: ctx.store.state.deliveries.filter((delivery) => delivery.status === "pending").length })
    })
  )

  router.get("/test-cards", (_req, res) => {
    res.json({ cards: TEST_CARDS })
  })
  router.get("/bins", (_req, res) => {
    res.json({
      bins: BIN_TABLE.map((row) => {
        const programme = programmeFor(row, ctx.config.banks)
        return { ...row, participating: Boolean(programme), bank_amount_limit: programme?.minimum ?? null }
      }),
    })
  })

  router.use((_req, _res, next) =>
    next(controlError(404, "not_found", "No such control route; see the README.md of medusa-payment-installments-sandbox."))
  )
  return router
}
