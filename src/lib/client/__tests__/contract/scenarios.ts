import { createPublicKey, randomUUID } from "node:crypto"
import {
  ApiError,
  AuthenticationError,
  NotFoundError,
  PaymentLinkList,
  RedirectError,
  RefundRejectedError,
  StatementReport,
  ValidationError,
} from "../.."
import type { InstallmentsError, Transaction } from "../.."
import { formatAmount, parseAmount, percentOf, toHalalas } from "../../../money"
import type { ContractScenario, ContractTarget } from "./target"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function rejected<E extends InstallmentsError>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E
): Promise<E> {
  try {
    await promise
  } catch (error) {
    if (error instanceof type) {
      return error
    }
    throw new Error(`expected ${type.name}, got ${(error as Error)?.name}: ${(error as Error)?.message}`)
  }
  throw new Error(`expected ${type.name}, the call succeeded`)
}

async function newLink(target: ContractTarget, amount: string, extra: Record<string, unknown> = {}) {
  return target.client.paymentLinks.create(target.storeId, {
    amount,
    title: `Contract ${randomUUID().slice(0, 8)}`,
    ...extra,
  })
}

/** A paid single-use link and its transaction, read back through the client. */
async function paidTransaction(target: ContractTarget, amount = "1200.00"): Promise<Transaction> {
  const link = await newLink(target, amount)
  const transactionId = await target.payLink(link.payment_link_id, "success", "Installment")
  return target.client.transactions.retrieve(transactionId)
}

const h = (amount: string | null | undefined) => toHalalas(amount ?? "0")

export const scenarios: ContractScenario[] = [
  {
    name: "a created link reads back Unpaid, open, with its amount and no transactions",
    rule: "endpoint 2+3: a new link reads back Unpaid",
    async run(target) {
      const orderId = `order-${randomUUID().slice(0, 8)}`
      const link = await newLink(target, "1200.50", { order_id: orderId, metadata: { cart_id: "cart_42" }, singleUse: true })
      expect(link.payment_link_id).toMatch(UUID)
      expect(link.order_id).toBe(orderId)
      expect(link.environment).toBe("SANDBOX")
      expect(link.url).toMatch(new RegExp(`/payment-link/${link.payment_link_id}$`))

      const details = await target.client.paymentLinks.retrieve(link.payment_link_id)
      expect(details.payment_link).toMatchObject({
        id: link.payment_link_id,
        status: "Unpaid",
        amount: "1200.50",
        enabled: true,
        is_expired: false,
        single_use: true,
        order_id: orderId,
        metadata: { cart_id: "cart_42" },
      })
      expect(details.transactions).toEqual([])
      expect(details.pagination).toMatchObject({ count: 0, page: 1, next: false, previous: false })
    },
  },
  {
    name: "below 100.00 SAR a link needs only_show_pay_in_full (D7)",
    rule: "D7: 100.00 SAR installment threshold",
    async run(target) {
      const refused = await rejected(newLink(target, "99.99"), ValidationError)
      expect(refused.status).toBe(422)
      expect(refused.code).toBe("validation_error")
      expect(refused.serviceMessage).toMatch(/at least 100\.00 SAR/)

      const past = await rejected(newLink(target, "500.00", { selectedDate: "2020-01-01T00:00:00Z" }), ValidationError)
      expect(past).toMatchObject({ status: 422, code: "validation_error" })

      // Missing title: the client refuses it locally, so the raw call checks the service's own 400.
      const missing = await rejected(
        target.client.http.json(
          {
            method: "POST",
            path: `/payment_links/${target.storeId}/create`,
            body: { amount: 500 },
            retry: "never",
            family: "default",
          },
          PaymentLinkList
        ),
        ValidationError
      )
      expect(missing).toMatchObject({ status: 400, code: "invalid_request" })

      const link = await newLink(target, "99.99", { only_show_pay_in_full: true })
      const details = await target.client.paymentLinks.retrieve(link.payment_link_id)
      expect(details.payment_link.amount).toBe("99.99")
      expect(details.payment_link.only_show_pay_in_full).toBe(true)
    },
  },
  {
    name: "a link for an unknown store is store_not_found",
    rule: "endpoint 2: store_not_found",
    async run(target) {
      const error = await rejected(
        target.client.paymentLinks.create(randomUUID(), { amount: 500, title: "Nobody's store" }),
        NotFoundError
      )
      expect(error).toMatchObject({ status: 404, code: "store_not_found" })
    },
  },
  {
    // The reader requires only what the code acts on and reads a field of an unexpected type as absent:
    // this proves no documented field the target sends is silently dropped on the way.
    name: "the tolerant reader still reads every documented field the target sends",
    rule: "tolerant reading: documented fields kept",
    async run(target) {
      const link = await newLink(target, "1200.00", { metadata: { cart_id: "cart_7" } })
      const transactionId = await target.payLink(link.payment_link_id, "success", "Installment")
      const trx = await target.client.transactions.retrieve(transactionId)
      const details = await target.client.paymentLinks.retrieve(link.payment_link_id)
      const missing = (record: Record<string, unknown>, fields: string[]) => fields.filter((field) => record[field] === undefined)

      expect(missing(link, ["order_id", "payment_link_id", "url", "environment"])).toEqual([])
      expect(
        missing(trx, [
          "type",
          "created_at",
          "trx_lang",
          "is_refundable",
          "total_amount",
          "payment_amount",
          "service_fee",
          "service_tax_vat",
          "brand_percentage",
          "brand_static_fee",
          "merchant_payout",
          "murabha_fee",
          "murabha_fee_vat",
          "installment_fee",
          "installment_fee_vat",
          "paymentBrand",
          "payment_method",
          "payment_option",
          "number",
          "bank_name",
          "installment_duration",
          "installment_status",
          "installment_tracker",
          "payment_link_id",
          "merchant_id",
        ])
      ).toEqual([])
      expect(
        missing(details.payment_link, [
          "title",
          "single_use",
          "enabled",
          "expiry_date",
          "created_at",
          "environment_type",
          "metadata",
          "only_show_bank_installments",
          "only_show_pay_in_full",
        ])
      ).toEqual([])
      expect(missing(details.pagination, ["count", "page", "page_size", "total_pages", "previous"])).toEqual([])
    },
  },
  {
    name: "paying a single-use link: transaction success with exact fees, link Paid and closed",
    rule: "D11+D12: single-use link closes at payment; fees",
    async run(target) {
      const link = await newLink(target, "1200.00")
      const transactionId = await target.payLink(link.payment_link_id, "success", "Installment")
      const trx = await target.client.transactions.retrieve(transactionId)

      expect(trx).toMatchObject({
        id: transactionId,
        status: "success",
        type: "SANDBOX",
        amount: "1200.00",
        refunded_amount: "0.00",
        is_refundable: true,
        payment_option: "Installment",
        payment_link_id: link.payment_link_id,
      })
      expect(trx.installment_tracker?.status).toBe("A")
      expect(trx.bank_name).toBeTruthy()
      // D12: payout = amount - fee - VAT, VAT = 15% of the fee, 0% installments cost the customer nothing.
      expect(h(trx.service_fee)).toBeGreaterThan(0n)
      expect(h(trx.service_tax_vat)).toBe(percentOf(h(trx.service_fee), "15"))
      expect(h(trx.merchant_payout)).toBe(h(trx.amount) - h(trx.service_fee) - h(trx.service_tax_vat))
      expect(trx.payment_amount).toBe("1200.00")
      if (trx.paymentBrand === "VISA") {
        // D12 default for VISA: 2.50% + 1.00.
        expect([trx.service_fee, trx.service_tax_vat, trx.merchant_payout]).toEqual(["31.00", "4.65", "1164.35"])
      }

      const details = await target.client.paymentLinks.retrieve(link.payment_link_id)
      expect(details.payment_link).toMatchObject({ status: "Paid", enabled: false })
      expect(details.transactions.map((t) => [t.id, t.status])).toEqual([[transactionId, "success"]])

      const resolved = await target.client.paymentLinks.resolve(link.payment_link_id)
      expect(resolved.status).toBe("already_paid")
    },
  },
  {
    name: "a declined card leaves the link Unpaid and open",
    rule: "D11: a declined card leaves the link open",
    async run(target) {
      const link = await newLink(target, "400.00")
      const transactionId = await target.payLink(link.payment_link_id, "decline", "Pay In Full")
      const trx = await target.client.transactions.retrieve(transactionId)
      expect(trx.status).toBe("fail")
      const details = await target.client.paymentLinks.retrieve(link.payment_link_id)
      expect(details.payment_link).toMatchObject({ status: "Unpaid", enabled: true })
      expect((await target.client.paymentLinks.resolve(link.payment_link_id)).status).toBe("valid")
    },
  },
  {
    name: "bank underwriting: rejected is fail with tracker R, review is pending with tracker P",
    rule: "installment decision: tracker R and P",
    async run(target) {
      const rejectedLink = await newLink(target, "1500.00")
      const rejectedTrx = await target.client.transactions.retrieve(
        await target.payLink(rejectedLink.payment_link_id, "bank_rejected", "Installment")
      )
      expect(rejectedTrx.status).toBe("fail")
      expect(rejectedTrx.installment_tracker?.status).toBe("R")

      const reviewLink = await newLink(target, "1500.00")
      const reviewTrx = await target.client.transactions.retrieve(
        await target.payLink(reviewLink.payment_link_id, "bank_review", "Installment")
      )
      expect(reviewTrx.status).toBe("pending")
      expect(reviewTrx.installment_tracker?.status).toBe("P")
    },
  },
  {
    name: "a multi-use link stays open and pages its transactions (D2, D11)",
    rule: "D2+D11: multi-use links page their transactions",
    async run(target) {
      const link = await newLink(target, "350.00", { singleUse: false })
      const ids: string[] = []
      for (let i = 0; i < 3; i++) {
        ids.push(await target.payLink(link.payment_link_id, "success", "Pay In Full"))
      }
      const first = await target.client.paymentLinks.retrieve(link.payment_link_id, { page: 1, page_size: 2 })
      expect(first.payment_link).toMatchObject({ status: "Unpaid", enabled: true, single_use: false })
      expect(first.transactions).toHaveLength(2)
      expect(first.pagination).toMatchObject({ count: 3, page: 1, page_size: 2, total_pages: 2, next: true, previous: false })

      const second = await target.client.paymentLinks.retrieve(link.payment_link_id, { page: 2, page_size: 2 })
      expect(second.transactions).toHaveLength(1)
      expect(second.pagination).toMatchObject({ page: 2, next: false, previous: true })
      const seen = [...first.transactions, ...second.transactions].map((t) => t.id).sort()
      expect(seen).toEqual([...ids].sort())
      expect((await target.client.paymentLinks.resolve(link.payment_link_id)).status).toBe("valid")
    },
  },
  {
    name: "a partial refund: partially refunded, refunded_amount at once, a tracker entry; the rest: refunded",
    rule: "D14+D16: refund accepted, then settled",
    async run(target) {
      const trx = await paidTransaction(target, "1200.00")
      const refund = await target.client.transactions.refund(trx.id, { refund_amount: "200.50", reason: "one item returned" })
      expect(refund.status).toBe("success")
      expect(refund.key_type).toBe("RefundReference")
      expect(refund.key).toBeTruthy()

      const partial = await target.client.transactions.retrieve(trx.id)
      expect(partial).toMatchObject({ status: "partially refunded", refunded_amount: "200.50", is_refundable: true })
      expect(partial.refund_tracker).toHaveLength(1)
      expect(partial.refund_tracker[0]).toMatchObject({ amount: "200.50", idempotency_key: refund.idempotency_key })

      // The first refund of the hour settles by itself: R with an rrn (may take a moment, D14).
      let settled = partial.refund_tracker[0]
      for (let i = 0; i < 50 && settled.status !== "R"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        settled = (await target.client.transactions.retrieve(trx.id)).refund_tracker[0]
      }
      expect(settled.status).toBe("R")
      expect(settled.rrn).toBeTruthy()

      await target.client.transactions.refund(trx.id, { refund_amount: 999.5 })
      const full = await target.client.transactions.retrieve(trx.id)
      expect(full).toMatchObject({ status: "refunded", refunded_amount: "1200.00", is_refundable: false })
      expect(full.refund_tracker.map((entry) => entry.amount)).toEqual(["200.50", "999.50"])
      // The second refund within the hour waits for finance review (docs/service-api.md, refund tracker states; D14).
      expect(full.refund_tracker[1]).toMatchObject({ status: "P", rrn: null })
    },
  },
  {
    name: "over-refunding is refused with the most that can still be refunded",
    rule: "endpoint 7: exceeds_balance names the maximum",
    async run(target) {
      const trx = await paidTransaction(target, "1200.00")
      await target.client.transactions.refund(trx.id, { refund_amount: 1000 })
      const error = await rejected(target.client.transactions.refund(trx.id, { refund_amount: "300.00" }), RefundRejectedError)
      expect(error).toMatchObject({ status: 400, reason: "exceeds_balance", maxRefundable: "200.00" })
      expect(error.serviceMessage).toMatch(/^Maximum amount to be refunded is 200(\.0+)?$/)
      expect((await target.client.transactions.retrieve(trx.id)).refunded_amount).toBe("1000.00")
    },
  },
  {
    name: "the same Idempotency-Key refunds once (D15)",
    rule: "D15: Idempotency-Key refunds once",
    async run(target) {
      const trx = await paidTransaction(target, "500.00")
      const key = randomUUID()
      const first = await target.client.transactions.refund(trx.id, { refund_amount: 100 }, { idempotencyKey: key })
      const replay = await target.client.transactions.refund(trx.id, { refund_amount: 100 }, { idempotencyKey: key })
      expect(replay.key).toBe(first.key)
      expect(replay.idempotency_key).toBe(key)
      const after = await target.client.transactions.retrieve(trx.id)
      expect(after.refunded_amount).toBe("100.00")
      expect(after.refund_tracker).toHaveLength(1)
    },
  },
  {
    name: "a refund path without its trailing slash is redirected, not followed, and refunds nothing",
    rule: "D3: refund path needs its trailing slash",
    async run(target) {
      const trx = await paidTransaction(target, "300.00")
      const error = await rejected(
        target.client.http.raw({
          method: "POST",
          path: `/transactions/refund/${trx.id}`,
          body: { refund_amount: 10 },
          retry: "never",
          family: "refund",
        }),
        RedirectError
      )
      expect(error.status).toBeGreaterThanOrEqual(300)
      expect(error.status).toBeLessThan(400)
      expect(error.location).toMatch(new RegExp(`/transactions/refund/${trx.id}/$`))
      expect((await target.client.transactions.retrieve(trx.id)).refunded_amount).toBe("0.00")
    },
  },
  {
    name: "refunds of unknown transactions are not_allowed (403, not 404); reads are 404",
    rule: "D6: unknown refund 403, unknown read 404",
    async run(target) {
      const unknown = randomUUID()
      const refund = await rejected(target.client.transactions.refund(unknown, { refund_amount: 1 }), RefundRejectedError)
      expect(refund).toMatchObject({
        status: 403,
        reason: "not_allowed",
        serviceMessage: "You are not allowed to refund this transaction",
      })
      const read = await rejected(target.client.transactions.retrieve(unknown), NotFoundError)
      expect(read).toMatchObject({ status: 404, serviceMessage: "Not found." })
      const details = await rejected(target.client.paymentLinks.retrieve(unknown), NotFoundError)
      expect(details.serviceMessage).toBe("Not found.")
    },
  },
  {
    name: "list filters by status, sorts by amount and pages",
    rule: "endpoint 4: list filters, sort and pages",
    async run(target) {
      const from = new Date(Date.now() - 60_000).toISOString()
      const amounts = ["701.00", "702.00", "703.00"]
      const created: string[] = []
      for (const amount of amounts) {
        created.push((await newLink(target, amount)).payment_link_id)
      }
      await target.payLink(created[1], "success", "Pay In Full")

      const unpaid = await target.client.paymentLinks.list(target.storeId, {
        status: "Unpaid",
        from_date: from,
        sort_by: "amount",
        sort_order: "asc",
        limit: 100,
      })
      expect(unpaid.data.every((record) => record.status === "Unpaid")).toBe(true)
      const ours = unpaid.data.filter((record) => created.includes(record.payment_link_id))
      expect(ours.map((record) => record.amount)).toEqual(["701.00", "703.00"])
      const sorted = unpaid.data.map((record) => parseAmount(record.amount!))
      expect(sorted).toEqual([...sorted].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))

      const paid = await target.client.paymentLinks.list(target.storeId, { status: "Paid", from_date: from, limit: 100 })
      expect(paid.data.map((record) => record.payment_link_id)).toContain(created[1])
      expect(paid.data.every((record) => record.status === "Paid")).toBe(true)

      const one = await target.client.paymentLinks.list(target.storeId, { from_date: from, limit: 1, page: 1 })
      expect(one.data).toHaveLength(1)
      expect(one.total).toBeGreaterThanOrEqual(3)
      expect(one.limit).toBe(1)

      const future = new Date(Date.now() + 3_600_000).toISOString()
      const none = await target.client.paymentLinks.list(target.storeId, { from_date: future })
      expect(none).toMatchObject({ total: 0, data: [] })
    },
  },
  {
    name: "list refuses from_date after to_date on the service side too",
    rule: "endpoint 4: from_date after to_date is 400",
    async run(target) {
      // The client refuses it locally; the raw call proves the service's own rule.
      const error = await rejected(
        target.client.http.json(
          {
            method: "POST",
            path: `/payment_links/${target.storeId}/list`,
            body: { from_date: "2026-03-02T00:00:00Z", to_date: "2026-03-01T00:00:00Z" },
            retry: "never",
            family: "default",
          },
          PaymentLinkList
        ),
        ValidationError
      )
      expect(error).toMatchObject({ status: 400, code: "invalid_parameters" })
    },
  },
  {
    name: "resolve: valid with the banks the amount qualifies for, expired, already_paid, unknown",
    rule: "D10: resolve statuses and qualifying banks",
    async run(target) {
      const small = await newLink(target, "350.00")
      const valid = await target.client.paymentLinks.resolve(small.payment_link_id)
      expect(valid).toMatchObject({ status: "valid", payment_link_id: small.payment_link_id, amount: "350.00", currency: "SAR" })
      expect(valid.supported_banks).toContain("rajhi")
      expect(valid.supported_banks).not.toContain("snb")
      expect(valid.installment_tenures).toEqual(expect.arrayContaining([3, 6, 12, 24]))

      const big = await newLink(target, "1000.00")
      expect((await target.client.paymentLinks.resolve(big.payment_link_id)).supported_banks).toEqual(
        expect.arrayContaining(["snb", "rajhi"])
      )

      await target.expireLink(small.payment_link_id)
      expect((await target.client.paymentLinks.resolve(small.payment_link_id)).status).toBe("expired")
      const expired = await target.client.paymentLinks.retrieve(small.payment_link_id)
      expect(expired.payment_link).toMatchObject({ status: "Expired", is_expired: true })

      const unknown = await rejected(target.client.paymentLinks.resolve(randomUUID()), NotFoundError)
      expect(unknown).toMatchObject({ status: 404, code: "payment_link_not_found" })
    },
  },
  {
    name: "statements: json adds up, csv and pdf come back as files",
    rule: "D17: statement json, csv and pdf",
    async run(target) {
      const trx = await paidTransaction(target, "800.00")
      await target.client.transactions.refund(trx.id, { refund_amount: 50 })
      const from = new Date(Date.now() - 86_400_000).toISOString()
      const to = new Date(Date.now() + 86_400_000).toISOString()
      const window = { from_date: from, to_date: to, store_id: target.storeId }

      const report = await target.client.reports.statements(window)
      expect(report.currency).toBe("SAR")
      const s = report.summary
      expect(h(s.total_gross_sales)).toBeGreaterThanOrEqual(80000n)
      expect(formatAmount(h(s.total_gross_sales) - h(s.total_fees) - h(s.total_vat) - h(s.total_refunds))).toBe(s.net_payout_amount)

      const csv = await target.client.reports.statements({ ...window, format: "csv" })
      expect(csv.contentType).toMatch(/^text\/csv/)
      const text = csv.data.toString("utf8")
      expect(text.split(/\r?\n/)[0].replace(/\s/g, "")).toBe(
        "date,type,transaction_id,payment_option,bank_name,amount,service_fee,service_tax_vat,refund_amount,net_amount,settlement_id"
      )
      expect(text).toContain(trx.id)

      const pdf = await target.client.reports.statements({ ...window, format: "pdf" })
      expect(pdf.contentType).toMatch(/^application\/pdf/)
      expect(pdf.data.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    },
  },
  {
    name: "statements refuse a window over a year on the service side (400 invalid_date_range)",
    rule: "D17: statement window at most 366 days",
    async run(target) {
      const error = await rejected(
        target.client.http.json(
          {
            method: "POST",
            path: "/reports/statements",
            body: { from_date: "2024-01-01T00:00:00Z", to_date: "2025-06-01T00:00:00Z", store_id: target.storeId },
            retry: "never",
            family: "default",
          },
          StatementReport
        ),
        ValidationError
      )
      expect(error).toMatchObject({ status: 400, code: "invalid_date_range" })
    },
  },
  {
    name: "BIN lookup follows each rule",
    rule: "endpoint 1: BIN lookup rules",
    async run(target) {
      const { cards } = target
      const eligible = await target.client.bins.lookup({ bin: cards.rajhiCredit, amount: "300.00" })
      expect(eligible).toMatchObject({ is_eligible: true, bank_code: "rajhi", type: "CREDIT", bank_amount_limit: "300.00" })

      const below = await target.client.bins.lookup({ bin: cards.rajhiCredit, amount: "299.99" })
      expect(below.is_eligible).toBe(false)
      expect(below.message).toBe(`Minimum amount for ${below.issuer} is 300.00.`)

      const snb = await target.client.bins.lookup({ bin: cards.snbCredit, amount: 999.99 })
      expect(snb).toMatchObject({ is_eligible: false, bank_code: "snb", bank_amount_limit: "1000.00" })
      expect((await target.client.bins.lookup({ bin: cards.snbCredit, amount: 1000 })).is_eligible).toBe(true)

      // Rule 4: no amount, no amount restriction.
      expect((await target.client.bins.lookup({ bin: cards.snbCredit })).is_eligible).toBe(true)

      const eight = await target.client.bins.lookup({ bin: cards.eightDigit, amount: 5000 })
      expect(eight.is_eligible).toBe(true)
      expect(eight.bin).toHaveLength(8)

      // Rule 5 on the service side (the client refuses these locally, so they go raw).
      const raw = (query: Record<string, string>) =>
        target.client.http.json(
          { method: "GET", path: "/check/bin_numbers_lookup/", query, retry: "never", family: "default" },
          StatementReport
        )
      expect(await rejected(raw({ bin: "12345" }), ValidationError)).toMatchObject({
        status: 400,
        serviceMessage: "bin must be 6 to 8 digits.",
      })
      expect(await rejected(raw({ bin: "123456789" }), ValidationError)).toMatchObject({
        status: 400,
        serviceMessage: "bin must be 6 to 8 digits.",
      })
      expect(await rejected(raw({ bin: cards.rajhiCredit, amount: "abc" }), ValidationError)).toMatchObject({
        status: 400,
        serviceMessage: "amount must be a valid number.",
      })

      for (const bin of [cards.debit, cards.unknown]) {
        expect(await target.client.bins.lookup({ bin, amount: 5000 })).toEqual({
          is_eligible: false,
          message: "Bin number not found.",
        })
      }
    },
  },
  {
    name: "webhook registration returns an RSA public key in PEM, once",
    rule: "endpoint 9: webhook key issued once",
    async run(target) {
      const registration = await target.client.webhooks.register({
        url: target.webhookUrl,
        description: "contract",
        event_type_names: ["order.success", "order.updated"],
      })
      expect(registration.webhook_endpoint).toMatchObject({
        url: target.webhookUrl,
        event_type_names: ["order.success", "order.updated"],
      })
      expect(registration.api_key.prefix).toBeTruthy()
      expect(registration.api_key.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/)
      expect(createPublicKey(registration.api_key.public_key).asymmetricKeyType).toBe("rsa")

      const unknownEvent = await rejected(
        target.client.http.json(
          {
            method: "POST",
            path: "/api/create-webhook-and-apikey/",
            body: { url: "https://hooks.example.test/x", event_type_names: ["order.refunded"] },
            retry: "never",
            family: "default",
          },
          StatementReport
        ),
        ValidationError
      )
      expect(unknownEvent).toMatchObject({ status: 400, code: "invalid_request" })

      const again = await target.client.webhooks.register({ url: target.webhookUrl, event_type_names: ["order.failed"] })
      expect(again.api_key.public_key).not.toBe(registration.api_key.public_key)
    },
  },
  {
    name: "transient 5xx: reads and refunds ride them out, a refund still applies once, registration is not resent (D5)",
    rule: "D5: retries after transient 5xx",
    async run(target) {
      const failNext = target.failNext?.bind(target)
      if (!failNext) {
        throw new Error(`target "${target.name}" has no failNext(count, status): it cannot prove the retry rules (D5)`)
      }
      await failNext(2, 503)
      expect((await target.client.bins.lookup({ bin: target.cards.rajhiCredit, amount: 300 })).is_eligible).toBe(true)

      const trx = await paidTransaction(target, "600.00")
      await failNext(1, 502)
      const refund = await target.client.transactions.refund(trx.id, { refund_amount: 60 })
      expect(refund.status).toBe("success")
      const after = await target.client.transactions.retrieve(trx.id)
      expect(after.refunded_amount).toBe("60.00")
      expect(after.refund_tracker.map((entry) => entry.idempotency_key)).toEqual([refund.idempotency_key])

      await failNext(1, 503)
      const error = await rejected(
        target.client.webhooks.register({ url: target.webhookUrl, event_type_names: ["order.success"] }),
        ApiError
      )
      expect(error.status).toBe(503)
      // The failure was not retried, so the next registration is the first one to reach the service.
      expect(
        (await target.client.webhooks.register({ url: target.webhookUrl, event_type_names: ["order.success"] })).api_key.public_key
      ).toMatch(/BEGIN PUBLIC KEY/)
    },
  },
  {
    name: "a wrong secret key is a 401 on every endpoint family",
    rule: "authentication: wrong secret is 401",
    async run(target) {
      const wrong = target.wrongSecretClient
      const bin = await rejected(wrong.bins.lookup({ bin: target.cards.rajhiCredit }), AuthenticationError)
      expect(bin).toMatchObject({ status: 401, serviceMessage: "Authentication credentials were not provided." })

      const list = await rejected(wrong.paymentLinks.list(target.storeId), AuthenticationError)
      expect(list).toMatchObject({ status: 401, code: "authentication_failed" })

      const create = await rejected(wrong.paymentLinks.create(target.storeId, { amount: 500, title: "x" }), AuthenticationError)
      expect(create.status).toBe(401)

      await rejected(
        wrong.reports.statements({ from_date: "2026-01-01", to_date: "2026-01-31", store_id: target.storeId }),
        AuthenticationError
      )
      await rejected(wrong.paymentLinks.resolve(randomUUID()), AuthenticationError)
      await rejected(wrong.transactions.retrieve(randomUUID()), AuthenticationError)
      await rejected(wrong.transactions.refund(randomUUID(), { refund_amount: 1 }), AuthenticationError)
      await rejected(wrong.webhooks.register({ url: target.webhookUrl, event_type_names: ["order.success"] }), AuthenticationError)
    },
  },
]
