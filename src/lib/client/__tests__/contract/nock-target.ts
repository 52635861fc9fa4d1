import nock from "nock"
import { generateKeyPairSync, randomUUID } from "node:crypto"
import { EVENT_NAMES, InstallmentsClient } from "../.."
import { formatAmount, percentOf, toHalalas } from "../../../money"
import { DEFAULT_BANKS } from "../../../plans"
import type { ContractTarget, PayOption, PayOutcome } from "./target"

/**
 * A small in-memory fake of the service, answering through nock, written from docs/service-api.md
 * and docs/decisions.md alone. It is the first counterpart the contract scenarios run against; the
 * sandbox is the second. Where the two disagree, one of them misreads docs/service-api.md.
 */

const BASE_URL = "https://contract.nock.test"
const PAY_URL = "https://pay.contract.nock.test"
const SECRET = "sk_contract_nock_Vd81Lq"
const PUBLIC_KEY = "sandbox-contract-nock"
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

type Reply = [number, unknown, Record<string, string>?]
type Body = Record<string, unknown>

interface Link {
  id: string
  amount: bigint
  title: string
  description: string | null
  singleUse: boolean
  status: "Unpaid" | "Paid" | "Expired"
  enabled: boolean
  createdAt: Date
  expiresAt: Date
  orderId: string | null
  metadata: Record<string, unknown>
  onlyPayInFull: boolean
  onlyInstallments: boolean
  transactionIds: string[]
}

interface Refund {
  id: string
  status: "P" | "R"
  amount: bigint
  rrn: string | null
  idempotencyKey: string
  key: string
  at: Date
}

interface Trx {
  id: string
  linkId: string
  status: "success" | "pending" | "fail" | "partially refunded" | "refunded"
  amount: bigint
  option: PayOption
  tracker: { id: string; status: "A" | "R" | "P"; message: string } | null
  createdAt: Date
  refunds: Refund[]
  /** The next refund with another key answers "already under processing" once (D15). */
  processing: boolean
}

const BINS: Record<string, Body> = {
  "454646": { bin: "454646", brand: "VISA", issuer: "Al Rajhi Banking and Investment Corp", bank_code: "rajhi", limit: "300.00" },
  "45464699": { bin: "45464699", brand: "VISA", issuer: "Al Rajhi Banking and Investment Corp", bank_code: "rajhi", limit: "300.00" },
  "410685": { bin: "410685", brand: "MASTERCARD", issuer: "Saudi National Bank", bank_code: "snb", limit: "1000.00" },
}

const wire = (halalas: bigint) => formatAmount(halalas)
const num = (halalas: bigint) => Number(formatAmount(halalas))

export function startNockTarget(): { target: ContractTarget; stop(): void } {
  const storeId = randomUUID()
  const links = new Map<string, Link>()
  const transactions = new Map<string, Trx>()
  const replays = new Map<string, Reply>()
  const publicPem = () =>
    generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString()

  const authFailed = (headers: Record<string, unknown>, shape: "detail" | "error"): Reply | undefined => {
    if (headers.authorization === SECRET && String(headers["x-service-key"] ?? "").startsWith("sandbox-")) {
      return undefined
    }
    return shape === "detail"
      ? [401, { detail: "Authentication credentials were not provided." }]
      : [401, { error: "authentication_failed", message: "Invalid secret key.", status_code: 401 }]
  }
  const error = (status: number, code: string, message: string): Reply => [status, { error: code, message, status_code: status }]
  const notFound: Reply = [404, { detail: "Not found." }]

  const expireIfDue = (link: Link) => {
    if (link.status === "Unpaid" && Date.now() >= link.expiresAt.getTime()) {
      link.status = "Expired"
      link.enabled = false
    }
    return link
  }
  const linkOf = (id: string) => {
    const link = links.get(id)
    return link ? expireIfDue(link) : undefined
  }

  const fees = (trx: Trx) => {
    // D12, as for a VISA card: 2.50% + 1.00, VAT 15% of the fee.
    const fee = trx.status === "fail" ? 0n : percentOf(trx.amount, "2.50") + 100n
    const vat = percentOf(fee, "15")
    return { fee, vat, payout: trx.amount - fee - vat }
  }
  const refundedOf = (trx: Trx) => trx.refunds.reduce((sum, refund) => sum + refund.amount, 0n)

  const transactionBody = (trx: Trx) => {
    const link = links.get(trx.linkId)!
    const { fee, vat, payout } = fees(trx)
    const refunded = refundedOf(trx)
    const installment = trx.option === "Installment"
    return {
      id: trx.id,
      status: trx.status,
      type: "SANDBOX",
      created_at: trx.createdAt.toISOString(),
      trx_lang: "ar",
      is_refundable: (trx.status === "success" || trx.status === "partially refunded") && refunded < trx.amount,
      amount: `${wire(trx.amount)}000`,
      total_amount: wire(trx.amount),
      payment_amount: wire(trx.amount),
      refunded_amount: wire(refunded),
      service_fee: wire(fee),
      service_tax_vat: wire(vat),
      brand_percentage: "2.50",
      brand_static_fee: "1.00",
      merchant_payout: wire(payout),
      murabha_fee: "0.00",
      murabha_fee_vat: "0.00",
      installment_fee: "0.00",
      installment_fee_vat: "0.00",
      paymentBrand: "VISA",
      payment_method: "Card",
      payment_option: trx.option,
      number: "454646******4242",
      bank_name: installment ? "RAJHI" : null,
      installment_duration: installment ? "12" : null,
      installment_status: trx.tracker ? { A: "Approved", R: "Rejected", P: "Pending" }[trx.tracker.status] : null,
      installment_tracker: trx.tracker,
      refund_tracker: trx.refunds.map((refund) => ({
        id: refund.id,
        status: refund.status,
        amount: wire(refund.amount),
        gateway_transaction_id: refund.key,
        gateway_key_type: "RefundReference",
        rrn: refund.rrn,
        idempotency_key: refund.idempotencyKey,
        order_refund_id: `or_${refund.id}`,
      })),
      payment_link_id: link.id,
      payment_link_callback_url: null,
      payment_link_description: link.description,
      merchant_business_name: "Contract Store",
      merchant_country_code: "SA",
      merchant_id: "m_contract",
      merchant_key: PUBLIC_KEY,
      order_details: { order_id: link.orderId, payment_link_metadata: link.metadata },
    }
  }

  const linkBody = (link: Link) => ({
    id: link.id,
    status: link.status,
    amount: wire(link.amount),
    title: link.title,
    description: link.description,
    single_use: link.singleUse,
    enabled: link.enabled,
    expiry_date: link.expiresAt.toISOString(),
    created_at: link.createdAt.toISOString(),
    is_expired: link.status === "Expired",
    environment_type: "SANDBOX",
    order_id: link.orderId,
    metadata: link.metadata,
    only_show_pay_in_full: link.onlyPayInFull,
    only_show_bank_installments: link.onlyInstallments,
  })

  const bankPlans = (amount: bigint) => DEFAULT_BANKS.filter((bank) => amount >= toHalalas(bank.minimum))

  const routes = {
    bins(path: string, headers: Body): Reply {
      const denied = authFailed(headers, "detail")
      if (denied) return denied
      const query = new URL(path, BASE_URL).searchParams
      const bin = query.get("bin") ?? ""
      if (!/^\d{6,8}$/.test(bin)) return [400, { message: "bin must be 6 to 8 digits." }]
      const amountText = query.get("amount")
      if (amountText !== null && !Number.isFinite(Number(amountText))) return [400, { message: "amount must be a valid number." }]
      const record = BINS[bin] ?? BINS[bin.slice(0, 6)]
      if (!record) return [200, { is_eligible: false, message: "Bin number not found." }]
      const limit = toHalalas(record.limit as string)
      const enough = amountText === null || toHalalas(Number(amountText)) >= limit
      return [
        200,
        {
          id: 1,
          bin: record.bin,
          brand: record.brand,
          category: "PLATINUM",
          country: "Saudi Arabia",
          issuer: record.issuer,
          bank_name: record.issuer,
          bank_code: record.bank_code,
          type: "CREDIT",
          program_name: null,
          program_logo: null,
          earn_rate: 1,
          rate_label: "points",
          is_override: false,
          bank_amount_limit: record.limit,
          is_eligible: enough,
          message: enough ? null : `Minimum amount for ${record.issuer} is ${record.limit}.`,
        },
      ]
    },

    create(store: string, body: Body, headers: Body): Reply {
      const denied = authFailed(headers, "error")
      if (denied) return denied
      if (store !== storeId) return error(404, "store_not_found", "Store not found.")
      if (typeof body !== "object" || body.amount === undefined || !body.title) {
        return error(400, "invalid_request", "amount and title are required.")
      }
      const amount = toHalalas(body.amount as number)
      if (amount <= 0n) return error(400, "invalid_request", "amount must be greater than 0.")
      if (amount < 10000n && body.only_show_pay_in_full !== true) {
        return error(422, "validation_error", "amount must be at least 100.00 SAR for bank installment checkout")
      }
      const now = new Date()
      if (body.selectedDate !== undefined && !(Date.parse(String(body.selectedDate)) > now.getTime())) {
        return error(422, "validation_error", "selectedDate must be a future ISO 8601 date.")
      }
      const link: Link = {
        id: randomUUID(),
        amount,
        title: String(body.title),
        description: (body.description as string) ?? null,
        singleUse: body.singleUse !== false,
        status: "Unpaid",
        enabled: true,
        createdAt: now,
        expiresAt: body.selectedDate ? new Date(String(body.selectedDate)) : new Date(now.getTime() + 7 * DAY_MS),
        orderId: (body.order_id as string) ?? null,
        metadata: (body.metadata as Record<string, unknown>) ?? {},
        onlyPayInFull: body.only_show_pay_in_full === true,
        onlyInstallments: body.only_show_bank_installments === true,
        transactionIds: [],
      }
      links.set(link.id, link)
      return [
        201,
        { order_id: link.orderId, payment_link_id: link.id, url: `${PAY_URL}/payment-link/${link.id}`, environment: "SANDBOX" },
      ]
    },

    details(id: string, body: Body, headers: Body): Reply {
      const denied = authFailed(headers, "error")
      if (denied) return denied
      const link = linkOf(id)
      if (!link) return notFound
      const page = Number(body?.page ?? 1)
      const pageSize = Number(body?.page_size ?? 10)
      const all = [...link.transactionIds].reverse().map((trxId) => transactions.get(trxId)!)
      const totalPages = Math.max(1, Math.ceil(all.length / pageSize))
      return [
        200,
        {
          payment_link: linkBody(link),
          transactions: all.slice((page - 1) * pageSize, page * pageSize).map(transactionBody),
          pagination: {
            count: all.length,
            page,
            page_size: pageSize,
            total_pages: totalPages,
            next: page < totalPages,
            previous: page > 1,
          },
        },
      ]
    },

    list(store: string, body: Body, headers: Body): Reply {
      const denied = authFailed(headers, "error")
      if (denied) return denied
      if (store !== storeId) return error(404, "store_not_found", "Store not found.")
      const page = Number(body.page ?? 1)
      const limit = Number(body.limit ?? 20)
      const from = body.from_date ? Date.parse(String(body.from_date)) : -Infinity
      const to = body.to_date ? Date.parse(String(body.to_date)) : Infinity
      if (!(page >= 1) || !(limit >= 1 && limit <= 100) || from > to) {
        return error(400, "invalid_parameters", "from_date must not be after to_date, and page/limit must be valid.")
      }
      const byAmount = body.sort_by === "amount"
      const direction = body.sort_order === "asc" ? 1 : -1
      const matching = [...links.values()]
        .map(expireIfDue)
        .filter((link) => !body.status || link.status === body.status)
        .filter((link) => link.createdAt.getTime() >= from && link.createdAt.getTime() <= to)
        .sort((a, b) => {
          const [x, y] = byAmount ? [a.amount, b.amount] : [BigInt(a.createdAt.getTime()), BigInt(b.createdAt.getTime())]
          return x === y ? 0 : (x < y ? -1 : 1) * direction
        })
      return [
        200,
        {
          total: matching.length,
          page,
          limit,
          data: matching.slice((page - 1) * limit, page * limit).map((link) => ({
            payment_link_id: link.id,
            amount: num(link.amount),
            currency: "SAR",
            status: link.status,
            title: link.title,
            description: link.description,
            single_use: link.singleUse,
            branch_name: null,
            created_at: link.createdAt.toISOString(),
            customer: { first_name: null, last_name: null, email: null, phone: null },
            url: `${PAY_URL}/payment-link/${link.id}`,
          })),
        },
      ]
    },

    resolve(id: string, headers: Body): Reply {
      const denied = authFailed(headers, "error")
      if (denied) return denied
      const link = linkOf(id)
      if (!link) return error(404, "payment_link_not_found", "Payment link not found.")
      const paid = link.transactionIds.some(
        (trxId) => transactions.get(trxId)!.status !== "fail" && transactions.get(trxId)!.status !== "pending"
      )
      const status = link.status === "Expired" ? "expired" : link.singleUse && paid ? "already_paid" : "valid"
      const banks = link.onlyPayInFull ? [] : bankPlans(link.amount)
      return [
        200,
        {
          status,
          payment_link_id: link.id,
          amount: num(link.amount),
          currency: "SAR",
          merchant_name: "Contract Store",
          supported_banks: banks.map((bank) => bank.bank_code),
          installment_tenures: [...new Set(banks.flatMap((bank) => bank.tenures))].sort((a, b) => a - b),
          expires_at: link.expiresAt.toISOString(),
        },
      ]
    },

    transaction(id: string, headers: Body): Reply {
      const denied = authFailed(headers, "error")
      if (denied) return denied
      const trx = transactions.get(id)
      return trx ? [200, transactionBody(trx)] : notFound
    },

    refund(id: string, body: Body, headers: Body): Reply {
      if (headers.authorization !== SECRET) return [401, { detail: "Authentication credentials were not provided." }]
      const key = String(headers["idempotency-key"] ?? randomUUID())
      const replay = replays.get(`${id}:${key}`)
      if (replay) return replay
      const trx = transactions.get(id)
      if (!trx) return [403, { detail: "You are not allowed to refund this transaction" }]
      if (trx.status !== "success" && trx.status !== "partially refunded") {
        return [403, { detail: "This transaction is not refundable" }]
      }
      if (trx.processing) {
        trx.processing = false
        return [
          400,
          {
            message: "The transaction is already under processing!",
            validation_errors: [{ Name: "Key", Error: "The transaction is already under processing!" }],
            fields_errors: [],
          },
        ]
      }
      const amount = toHalalas(body.refund_amount as number)
      const remaining = trx.amount - refundedOf(trx)
      if (amount > remaining) {
        // The live service prints the number as a float would ("150.5").
        return [400, { message: `Maximum amount to be refunded is ${num(remaining)}`, validation_errors: [], fields_errors: [] }]
      }
      const now = new Date()
      const recent = trx.refunds.some((refund) => now.getTime() - refund.at.getTime() < HOUR_MS)
      const refund: Refund = {
        id: randomUUID(),
        status: recent ? "P" : "R",
        amount,
        rrn: recent ? null : String(Math.floor(1e11 + Math.random() * 9e11)),
        idempotencyKey: key,
        key: `RF-${randomUUID().slice(0, 8)}`,
        at: now,
      }
      trx.refunds.push(refund)
      trx.status = refundedOf(trx) === trx.amount ? "refunded" : "partially refunded"
      trx.processing = true
      const reply: Reply = [200, { status: "success", key_type: "RefundReference", key: refund.key }]
      replays.set(`${id}:${key}`, reply)
      return reply
    },

    statements(body: Body, headers: Body): Reply {
      const denied = authFailed(headers, "error")
      if (denied) return denied
      const from = Date.parse(String(body.from_date))
      const to = Date.parse(String(body.to_date))
      if (!(from <= to) || to - from > 366 * DAY_MS) {
        return error(400, "invalid_date_range", "from_date must not be after to_date, and the window must be at most 1 year.")
      }
      const inWindow = [...transactions.values()].filter(
        (trx) => trx.status !== "fail" && trx.status !== "pending" && trx.createdAt.getTime() >= from && trx.createdAt.getTime() <= to
      )
      let gross = 0n
      let fee = 0n
      let vat = 0n
      let refunds = 0n
      for (const trx of inWindow) {
        const f = fees(trx)
        gross += trx.amount
        fee += f.fee
        vat += f.vat
        refunds += refundedOf(trx)
      }
      const net = gross - fee - vat - refunds
      if (body.format === "csv") {
        const header =
          "date,type,transaction_id,payment_option,bank_name,amount,service_fee,service_tax_vat,refund_amount,net_amount,settlement_id"
        const rows = inWindow.map((trx) => {
          const f = fees(trx)
          return [
            trx.createdAt.toISOString(),
            "payment",
            trx.id,
            trx.option,
            "RAJHI",
            wire(trx.amount),
            wire(f.fee),
            wire(f.vat),
            "0.00",
            wire(f.payout),
            "",
          ].join(",")
        })
        return [200, [header, ...rows].join("\n"), { "Content-Type": "text/csv" }]
      }
      if (body.format === "pdf") {
        return [200, Buffer.from(`%PDF-1.4\n% statement ${wire(net)}\n%%EOF\n`, "latin1"), { "Content-Type": "application/pdf" }]
      }
      return [
        200,
        {
          report_id: `rpt_${randomUUID().slice(0, 8)}`,
          generated_at: new Date().toISOString(),
          currency: "SAR",
          summary: {
            total_gross_sales: num(gross),
            total_fees: num(fee),
            total_vat: num(vat),
            total_refunds: num(refunds),
            net_payout_amount: num(net),
          },
          settlements: [],
        },
      ]
    },

    webhooks(body: Body, headers: Body): Reply {
      const denied = authFailed(headers, "error")
      if (denied) return denied
      const names = body.event_type_names
      const known = new Set<string>(EVENT_NAMES)
      if (
        !String(body.url).startsWith("https://") ||
        !Array.isArray(names) ||
        !names.length ||
        names.some((name) => !known.has(name))
      ) {
        return error(400, "invalid_request", "url must be HTTPS and event_type_names known event names.")
      }
      const id = randomUUID()
      return [
        201,
        {
          webhook_endpoint: { id, url: body.url, description: body.description ?? null, event_type_names: names },
          api_key: { name: `webhook-${id.slice(0, 8)}`, prefix: `whk_${id.slice(0, 6)}`, public_key: publicPem() },
        },
      ]
    },
  }

  // Every handler sees the parsed JSON body and the request headers; errors inside become 500s.
  const faults = { failNext: 0, status: 500 }
  const handle = (route: (path: string, body: Body, headers: Body) => Reply) =>
    function (this: nock.ReplyFnContext, path: string, body: nock.Body): nock.ReplyFnResult {
      if (faults.failNext > 0) {
        faults.failNext -= 1
        return [faults.status, { error: "injected_fault", message: "Injected fault.", status_code: faults.status }]
      }
      try {
        const [status, payload, headers] = route(path, (body ?? {}) as Body, this.req.headers as Body)
        return [status, payload as nock.Body, headers ?? {}]
      } catch (thrown) {
        return [500, { error: "fake_failure", message: String(thrown), status_code: 500 }]
      }
    }
  const segment = (path: string, index: number) => decodeURIComponent(new URL(path, BASE_URL).pathname.split("/")[index])

  const scope = nock(BASE_URL)
    .persist()
    .get("/check/bin_numbers_lookup/")
    .query(true)
    .reply(handle((path, _body, headers) => routes.bins(path, headers)))
    .post(/^\/payment_links\/[^/]+\/create$/)
    .reply(handle((path, body, headers) => routes.create(segment(path, 2), body, headers)))
    .post(/^\/payment_links\/[^/]+\/list$/)
    .reply(handle((path, body, headers) => routes.list(segment(path, 2), body, headers)))
    .post(/^\/payment_links\/[^/]+\/details$/)
    .reply(handle((path, body, headers) => routes.details(segment(path, 2), body, headers)))
    .post(/^\/payment_links\/[^/]+\/resolve$/)
    .reply(handle((path, _body, headers) => routes.resolve(segment(path, 2), headers)))
    .get(/^\/transactions\/[^/]+$/)
    .reply(handle((path, _body, headers) => routes.transaction(segment(path, 2), headers)))
    .post(/^\/transactions\/refund\/[^/]+\/$/)
    .reply(handle((path, body, headers) => routes.refund(segment(path, 3), body, headers)))
    .post(/^\/transactions\/refund\/[^/]+$/)
    .reply(handle((path) => [301, "", { Location: `${BASE_URL}${new URL(path, BASE_URL).pathname}/` }]))
    .post("/reports/statements")
    .reply(handle((_path, body, headers) => routes.statements(body, headers)))
    .post("/api/create-webhook-and-apikey/")
    .reply(handle((_path, body, headers) => routes.webhooks(body, headers)))

  const payLink = async (linkId: string, outcome: PayOutcome, option: PayOption = "Installment"): Promise<string> => {
    const link = linkOf(linkId)
    if (!link || !link.enabled) {
      throw new Error(`link ${linkId} does not accept payments`)
    }
    const installment = option === "Installment"
    const trx: Trx = {
      id: randomUUID(),
      linkId,
      status: outcome === "success" ? "success" : outcome === "bank_review" ? "pending" : "fail",
      amount: link.amount,
      option,
      tracker: !installment
        ? null
        : outcome === "bank_rejected"
          ? { id: "LF-R", status: "R", message: "Credit limit exceeded" }
          : outcome === "bank_review"
            ? { id: "LF-P", status: "P", message: "Under review" }
            : outcome === "success"
              ? { id: `LF-${randomUUID().slice(0, 6)}`, status: "A", message: "Approved" }
              : null,
      createdAt: new Date(),
      refunds: [],
      processing: false,
    }
    transactions.set(trx.id, trx)
    link.transactionIds.push(trx.id)
    if (trx.status === "success" && link.singleUse) {
      link.status = "Paid"
      link.enabled = false
    }
    return trx.id
  }

  const clientOptions = {
    publicKey: PUBLIC_KEY,
    baseUrl: BASE_URL,
    maxRetries: 2,
    retryBaseDelayMs: 1,
    processingRetryDelayMs: 1,
  }
  const target: ContractTarget = {
    name: "nock fake",
    client: new InstallmentsClient({ ...clientOptions, secretKey: SECRET }),
    wrongSecretClient: new InstallmentsClient({ ...clientOptions, secretKey: "sk_wrong" }),
    storeId,
    cards: { rajhiCredit: "454646", snbCredit: "410685", eightDigit: "45464699", debit: "588845", unknown: "999999" },
    payLink,
    async expireLink(linkId) {
      const link = links.get(linkId)
      if (link) link.expiresAt = new Date(Date.now() - 1)
    },
    async failNext(count, status) {
      faults.failNext = count
      faults.status = status
    },
    webhookUrl: "https://hooks.contract.test/installments",
  }
  return {
    target,
    stop() {
      scope.persist(false)
      nock.cleanAll()
    },
  }
}
