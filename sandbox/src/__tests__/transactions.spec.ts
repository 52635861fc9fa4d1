import { twoDecimals } from "./amounts"
import { CheckoutRefusedError } from "../checkout/engine"
import { RunningSandbox } from "../index"
import { STORE_ID, advance, boot, call, control, createLink, eventNames, pay } from "./helpers"

let sb: RunningSandbox
beforeAll(async () => {
  sb = await boot()
})
afterAll(() => sb.stop())
beforeEach(async () => {
  await control(sb, "POST", "/reset")
})

const getTransaction = (id: string, headers?: Record<string, string>) => call(sb, "GET", `/transactions/${id}`, { headers })
const review = (id: string, decision: string) => control(sb, "POST", `/transactions/${id}/review`, { decision })

describe("transaction status and installment underwriting", () => {
  it("approved installment: pending -> success with tracker A, events created, approved, success", async () => {
    const link = await createLink(sb, { amount: 1200 })
    const result = await pay(sb, link, "4005550000000019", { payment_option: "Installment", bank_code: "snb", months: 12 })
    expect(result).toMatchObject({ status: "success", message: null })
    const answer = await getTransaction(result.transaction_id)
    expect(answer.status).toBe(200)
    const transaction = twoDecimals(answer.body)
    expect(transaction).toMatchObject({
      status: "success",
      type: "SANDBOX",
      payment_option: "Installment",
      payment_method: "Card",
      paymentBrand: "VISA",
      bank_name: "SNB",
      installment_duration: "12",
      installment_status: "Approved",
      is_refundable: true,
      amount: "1200.00",
      total_amount: "1200.00",
      payment_amount: "1200.00",
      refunded_amount: "0.00",
      number: "400555******0019",
      payment_link_id: link,
      refund_tracker: [],
      merchant_key: "sandbox-pk-test",
    })
    expect(transaction.installment_tracker).toMatchObject({ status: "A", message: "Approved" })
    expect(transaction.installment_tracker?.id).toMatch(/^LF\d{10}$/)
    expect(transaction.order_details).toEqual({ order_id: "1001", payment_link_metadata: { session_id: "ps_1" } })
    expect(await eventNames(sb)).toEqual(["order.created", "installment.tracker.approved", "order.success"])
    const created = (await control(sb, "GET", "/events?event=order.created")).body.events[0]
    expect(created.data).toMatchObject({ status: "pending", payment_link_id: link, metadata: { session_id: "ps_1" } })
  })

  it("defaults to the card's first plan when the control API is given only a card", async () => {
    const link = await createLink(sb, { amount: 600 })
    const result = await pay(sb, link, "4550360000000012")
    expect(result.transaction).toMatchObject({ payment_option: "Installment", bank_name: "INMA", installment_duration: "3" })
  })

  it("declined card: pending -> fail with the issuer message, no tracker, no fees", async () => {
    const result = await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000026")
    expect(result.status).toBe("fail")
    expect(result.message).toMatch(/declined/i)
    const transaction = twoDecimals((await getTransaction(result.transaction_id)).body)
    expect(transaction).toMatchObject({
      status: "fail",
      installment_tracker: null,
      installment_status: null,
      is_refundable: false,
      service_fee: "0.00",
      merchant_payout: "0.00",
    })
    expect(await eventNames(sb)).toEqual(["order.created", "order.failed"])
  })

  it("bank rejection: tracker R and status fail, events rejected then failed", async () => {
    const result = await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000034")
    expect(result.status).toBe("fail")
    const transaction = twoDecimals((await getTransaction(result.transaction_id)).body)
    expect(transaction.installment_tracker).toMatchObject({ status: "R" })
    expect(transaction.installment_status).toBe("Rejected")
    expect(await eventNames(sb)).toEqual(["order.created", "installment.tracker.rejected", "order.failed"])
  })

  it("failed 3-D Secure authentication: fail", async () => {
    for (const card of ["4092010000000059", "5412009900000052"]) {
      const result = await pay(sb, await createLink(sb, { amount: 400 }), card)
      expect(result).toMatchObject({ status: "fail", message: "3-D Secure authentication failed." })
    }
  })

  it("an unknown (but valid) card number is declined", async () => {
    const result = await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000067")
    expect(result.status).toBe("fail")
    expect(result.message).toContain("test cards")
  })

  it("bank review: tracker P and status pending until approved -> A, success, link Paid", async () => {
    const link = await createLink(sb, { amount: 400 })
    const result = await pay(sb, link, "4092010000000042")
    expect(result.status).toBe("pending")
    let transaction = twoDecimals((await getTransaction(result.transaction_id)).body)
    expect(transaction).toMatchObject({ status: "pending", installment_status: "Pending", is_refundable: false })
    expect(transaction.installment_tracker?.status).toBe("P")
    expect((await call(sb, "POST", `/payment_links/${link}/details`, { body: {} })).body.payment_link.status).toBe("Unpaid")
    expect(await eventNames(sb)).toEqual(["order.created"])
    const decided = await review(result.transaction_id, "approve")
    expect(decided.status).toBe(200)
    transaction = twoDecimals((await getTransaction(result.transaction_id)).body)
    expect(transaction).toMatchObject({ status: "success", installment_status: "Approved" })
    expect(transaction.installment_tracker?.status).toBe("A")
    expect((await call(sb, "POST", `/payment_links/${link}/details`, { body: {} })).body.payment_link.status).toBe("Paid")
    expect(await eventNames(sb)).toEqual(["order.created", "installment.tracker.approved", "order.success"])
    expect((await review(result.transaction_id, "approve")).status).toBe(409)
  })

  it("bank review rejected: P -> R, fail, link stays Unpaid", async () => {
    const link = await createLink(sb, { amount: 1500 })
    const result = await pay(sb, link, "4005550000000043")
    expect(result.status).toBe("pending")
    expect((await review(result.transaction_id, "reject")).body).toMatchObject({ status: "fail", installment_status: "Rejected" })
    expect((await call(sb, "POST", `/payment_links/${link}/details`, { body: {} })).body.payment_link.status).toBe("Unpaid")
    expect(await eventNames(sb)).toEqual(["order.created", "installment.tracker.rejected", "order.failed"])
    expect((await review(result.transaction_id, "maybe")).status).toBe(400)
  })

  it("approving a review on a link that expired meanwhile fails the attempt: never Paid, no capture", async () => {
    const link = await createLink(sb, { amount: 400 })
    const result = await pay(sb, link, "4092010000000042")
    await advance(sb, { days: 8 })
    expect((await call(sb, "POST", `/payment_links/${link}/details`, { body: {} })).body.payment_link.status).toBe("Expired")
    const decided = await review(result.transaction_id, "approve")
    expect(decided.status).toBe(200)
    const transaction = twoDecimals((await getTransaction(result.transaction_id)).body)
    expect(transaction).toMatchObject({ status: "fail", installment_status: "Rejected", is_refundable: false, service_fee: "0.00" })
    expect(transaction.installment_tracker).toMatchObject({ status: "R", message: "Payment session expired" })
    const linkAfter = (await call(sb, "POST", `/payment_links/${link}/details`, { body: {} })).body.payment_link
    expect(linkAfter).toMatchObject({ status: "Expired", is_expired: true, enabled: false })
    expect((await call(sb, "POST", `/payment_links/${link}/resolve`)).body.status).toBe("expired")
    expect(await eventNames(sb)).toEqual(["order.created", "payment_link.expired", "installment.tracker.rejected", "order.failed"])
    const failed = (await control(sb, "GET", "/events?event=order.failed")).body.events[0]
    expect(failed.data).toMatchObject({ id: result.transaction_id, status: "fail", payment_link_id: link })
    const now = Date.parse((await control(sb, "GET", "/clock")).body.now)
    const window = {
      store_id: STORE_ID,
      from_date: new Date(now - 30 * 86_400_000).toISOString(),
      to_date: new Date(now).toISOString(),
    }
    const report = twoDecimals((await call(sb, "POST", "/reports/statements", { body: window })).body)
    expect(report.summary.total_gross_sales).toBe("0.00")
    expect((await review(result.transaction_id, "approve")).status).toBe(409)
  })

  it("approving a review on a multi-use link that expired meanwhile fails it too", async () => {
    const link = await createLink(sb, { amount: 400, singleUse: false })
    const result = await pay(sb, link, "4092010000000042")
    await control(sb, "POST", `/payment-links/${link}/expire`)
    expect((await review(result.transaction_id, "approve")).body).toMatchObject({
      status: "fail",
      installment_tracker: { status: "R", message: "Payment session expired" },
    })
  })

  it("approving a review on a single-use link another card already paid fails: one capture only", async () => {
    const link = await createLink(sb, { amount: 400 })
    const pending = await pay(sb, link, "4092010000000042")
    const paid = await pay(sb, link, "4092010000000018")
    expect(paid.status).toBe("success")
    const decided = await review(pending.transaction_id, "approve")
    expect(decided.status).toBe(200)
    expect(decided.body).toMatchObject({ status: "fail", installment_tracker: { status: "R", message: "Payment link already paid" } })
    const details = (await call(sb, "POST", `/payment_links/${link}/details`, { body: {} })).body
    expect(details.payment_link.status).toBe("Paid")
    expect(details.transactions.map((t: { id: string; status: string }) => [t.id, t.status])).toEqual([
      [paid.transaction_id, "success"],
      [pending.transaction_id, "fail"],
    ])
    expect((await control(sb, "GET", "/events?event=order.success")).body.events).toHaveLength(1)
    expect(await eventNames(sb)).toEqual([
      "order.created",
      "order.created",
      "installment.tracker.approved",
      "order.success",
      "installment.tracker.rejected",
      "order.failed",
    ])
  })

  it("a review approved later is authorized at approval: created_at, refund window (D13) and statement count from there", async () => {
    const link = await createLink(sb, { amount: 400, selectedDate: new Date(Date.now() + 30 * 86_400_000).toISOString() })
    const result = await pay(sb, link, "4092010000000042")
    const startedAt = Date.parse((await getTransaction(result.transaction_id)).body.created_at)
    await advance(sb, { days: 10 })
    await review(result.transaction_id, "approve")
    const approvedAt = Date.parse((await control(sb, "GET", "/clock")).body.now)
    const transaction = (await getTransaction(result.transaction_id)).body
    expect(transaction.status).toBe("success")
    expect(transaction.created_at).toMatch(/\+03:00$/)
    expect(Date.parse(transaction.created_at)).toBeGreaterThanOrEqual(startedAt + 10 * 86_400_000)
    expect(Math.abs(Date.parse(transaction.created_at) - approvedAt)).toBeLessThan(1000)
    // The statement dates the payment at its authorization, not at the attempt's start.
    const day = (epoch: number) => new Date(epoch).toISOString().slice(0, 10)
    const report = (from: number) =>
      call(sb, "POST", "/reports/statements", { body: { store_id: STORE_ID, from_date: day(from), to_date: day(from) } })
    expect(twoDecimals((await report(approvedAt)).body).summary.total_gross_sales).toBe("400.00")
    expect(twoDecimals((await report(startedAt)).body).summary.total_gross_sales).toBe("0.00")
    // 95 days after the attempt started but 85 after approval: still refundable.
    await advance(sb, { days: 85 })
    expect((await getTransaction(result.transaction_id)).body.is_refundable).toBe(true)
    await advance(sb, { days: 6 })
    expect((await getTransaction(result.transaction_id)).body.is_refundable).toBe(false)
  })

  it("bank outcomes only apply to installments: a review card paid in full succeeds", async () => {
    const result = await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000042", { payment_option: "Pay In Full" })
    expect(result.status).toBe("success")
    expect(result.transaction).toMatchObject({ payment_option: "Pay In Full", installment_tracker: null, installment_duration: null })
  })
})

describe("pay in full and fees (D12)", () => {
  it("mada debit pays in full at 1.00% + 0.00, VAT 15%, exact to the halala", async () => {
    const result = await pay(sb, await createLink(sb, { amount: 333.33 }), "5888450000000011")
    expect(result.status).toBe("success")
    // Amount strings come with 5 decimals like the live service ("333.33000", D4): read them as the client does.
    const transaction = twoDecimals((await getTransaction(result.transaction_id)).body)
    expect(transaction).toMatchObject({
      payment_option: "Pay In Full",
      paymentBrand: "MADA",
      bank_name: "RAJHI",
      brand_percentage: "1.00",
      brand_static_fee: "0.00",
      service_fee: "3.33",
      service_tax_vat: "0.50",
      merchant_payout: "329.50",
      murabha_fee: "0.00",
      payment_amount: "333.33",
    })
    expect(transaction.status).toBe("success")
  })

  it("VISA and MASTERCARD at 2.50% + 1.00, half-up", async () => {
    // 2.5% of 1234.57 = 30.86425 -> 30.86 + 1.00 = 31.86; VAT 4.779 -> 4.78; payout 1197.93
    const visa = await pay(sb, await createLink(sb, { amount: 1234.57 }), "4005550000000019")
    expect(twoDecimals(visa.transaction)).toMatchObject({ service_fee: "31.86", service_tax_vat: "4.78", merchant_payout: "1197.93" })
    // 2.5% of 300.10 = 7.5025 -> 7.50 + 1.00 = 8.50; VAT 1.275 -> 1.28 (half-up); payout 290.32
    const master = await pay(sb, await createLink(sb, { amount: 300.1 }), "5412009900000011")
    expect(twoDecimals(master.transaction)).toMatchObject({ service_fee: "8.50", service_tax_vat: "1.28", merchant_payout: "290.32" })
  })

  it("AMEX at 3.00% + 1.00; foreign and prepaid cards pay in full", async () => {
    const amex = await pay(sb, await createLink(sb, { amount: 200 }), "378282246310005")
    expect(twoDecimals(amex.transaction)).toMatchObject({
      paymentBrand: "AMEX",
      service_fee: "7.00",
      service_tax_vat: "1.05",
      merchant_payout: "191.95",
      bank_name: null,
    })
    for (const card of ["4111111111111111", "4847830000000017", "4464040000000015"]) {
      expect((await pay(sb, await createLink(sb, { amount: 200 }), card)).transaction.payment_option).toBe("Pay In Full")
    }
  })

  it("a murabha fee setting is charged on installments only", async () => {
    const priced = await boot({ murabhaFeePercent: "2.00", fees: { VISA: { percentage: "2.00", static_fee: "0.50" } } })
    try {
      const installment = await pay(priced, await createLink(priced, { amount: 1000 }), "4005550000000019")
      expect(twoDecimals(installment.transaction)).toMatchObject({
        murabha_fee: "20.00",
        murabha_fee_vat: "3.00",
        payment_amount: "1023.00",
        service_fee: "20.50",
      })
      const full = await pay(priced, await createLink(priced, { amount: 1000 }), "4005550000000019", { payment_option: "Pay In Full" })
      expect(twoDecimals(full.transaction)).toMatchObject({ murabha_fee: "0.00", payment_amount: "1000.00" })
    } finally {
      await priced.stop()
    }
  })
})

describe("checkout rules (CheckoutEngine)", () => {
  it("offers only the plans the card and amount qualify for", async () => {
    const link = await createLink(sb, { amount: 600 })
    const rajhi = sb.engine.offers(link, "4092010000000018")
    expect(rajhi.plans.map((plan) => plan.months)).toEqual([3, 6, 12, 24])
    expect(rajhi.plans[0]).toMatchObject({ bank_code: "rajhi", monthly_amount: "200.00", last_month_amount: "200.00" })
    expect(rajhi.pay_in_full).toBe(true)
    expect(rajhi.card).toMatchObject({ brand: "VISA", type: "CREDIT", bank_code: "rajhi", masked: "409201******0018" })
    const snb = sb.engine.offers(link, "4005550000000019")
    expect(snb.plans).toEqual([])
    expect(snb.reason).toBe("Minimum amount for The Saudi National Bank is 1000.00.")
    expect(sb.engine.offers(link, "5888450000000011").reason).toBe("Bin number not found.")
    expect(() => sb.engine.offers(link, "1234")).toThrow(CheckoutRefusedError)
    expect(() => sb.engine.offers(link, "4092010000000019")).toThrow(/check digit/)
    expect(sb.engine.findLink(link)).toMatchObject({ id: link, status: "valid", amount: "600.00", language: "ar" })
    expect(sb.engine.findLink("nope")).toBeUndefined()
  })

  it("refuses plans that are not offered, pay in full on installment-only links, and missing addresses", async () => {
    const small = await createLink(sb, { amount: 200 })
    const refused = await control(sb, "POST", `/payment-links/${small}/pay`, {
      card_number: "4092010000000018",
      payment_option: "Installment",
      months: 3,
    })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe("checkout_refused")
    const wrongMonths = await control(sb, "POST", `/payment-links/${await createLink(sb, { amount: 400 })}/pay`, {
      card_number: "4092010000000018",
      payment_option: "Installment",
      months: 9,
    })
    expect(wrongMonths.status).toBe(409)
    const onlyInstallments = await createLink(sb, { amount: 400, only_show_bank_installments: true })
    expect(sb.engine.offers(onlyInstallments, "5888450000000011").pay_in_full).toBe(false)
    expect((await control(sb, "POST", `/payment-links/${onlyInstallments}/pay`, { card_number: "5888450000000011" })).status).toBe(409)
    const onlyFull = await createLink(sb, { amount: 400, only_show_pay_in_full: true })
    expect(sb.engine.offers(onlyFull, "4092010000000018").plans).toEqual([])
    const needsAddress = await createLink(sb, { amount: 400, address_required: true })
    expect((await control(sb, "POST", `/payment-links/${needsAddress}/pay`, { card_number: "4092010000000018" })).status).toBe(409)
    const withAddress = await pay(sb, needsAddress, "4092010000000018", { address: "King Fahd Rd, Riyadh" })
    expect(withAddress.transaction.address_details).toEqual({ name: "King Fahd Rd, Riyadh" })
    expect(withAddress.transaction.billing_address_required).toBe(true)
  })

  it("cancel emits modal.closed with the link id and metadata (D19)", async () => {
    const link = await createLink(sb)
    await sb.engine.cancel(link)
    const events = (await control(sb, "GET", "/events")).body.events
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ event: "modal.closed", data: { payment_link_id: link, metadata: { session_id: "ps_1" } } })
    await expect(sb.engine.cancel("nope")).rejects.toThrow(CheckoutRefusedError)
  })
})

describe("get transaction details (endpoint 6)", () => {
  it("404 {detail} for unknown and malformed ids", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "xyz"]) {
      const answer = await getTransaction(id)
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({ detail: "Not found." })
    }
  })

  it("401 {detail}, 406 without Accept: application/json", async () => {
    const result = await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000018")
    const missing = await call(sb, "GET", `/transactions/${result.transaction_id}`, { auth: false })
    expect(missing.status).toBe(401)
    expect(missing.body).toEqual({ detail: "Authentication credentials were not provided." })
    const wrong = await getTransaction(result.transaction_id, { authorization: "nope" })
    expect(wrong.status).toBe(401)
    expect(typeof wrong.body.detail).toBe("string")
    expect((await getTransaction(result.transaction_id, { accept: "" })).status).toBe(406)
  })

  it("timestamps carry the Riyadh offset and refund window closes is_refundable (D13)", async () => {
    const result = await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000018")
    expect((await getTransaction(result.transaction_id)).body.created_at).toMatch(/\+03:00$/)
    await advance(sb, { days: 89, hours: 23, minutes: 59 })
    expect((await getTransaction(result.transaction_id)).body.is_refundable).toBe(true)
    await advance(sb, { minutes: 2 })
    expect((await getTransaction(result.transaction_id)).body.is_refundable).toBe(false)
  })

  it("a dispute emits order.disputed with the transaction and the dispute", async () => {
    const result = await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000018")
    const answer = await control(sb, "POST", `/transactions/${result.transaction_id}/dispute`, { reason: "Not received" })
    expect(answer.status).toBe(200)
    const event = (await control(sb, "GET", "/events?event=order.disputed")).body.events[0]
    expect(event.data).toMatchObject({
      id: result.transaction_id,
      dispute: { reason: "Not received", amount: "400.00" },
      metadata: { session_id: "ps_1" },
    })
    const failed = await pay(sb, await createLink(sb, { amount: 400 }), "4092010000000026")
    expect((await control(sb, "POST", `/transactions/${failed.transaction_id}/dispute`, {})).status).toBe(409)
  })
})

describe("amount scale (D4)", () => {
  it("writes amounts with 5 decimals by default (the live format), and the client schemas read them exactly", async () => {
    const link = await createLink(sb, { amount: 1234.57 })
    const { transaction_id } = await pay(sb, link, "4005550000000019")
    const raw = (await call(sb, "GET", `/transactions/${transaction_id}`)).body
    expect(raw).toMatchObject({
      amount: "1234.57000",
      service_fee: "31.86000",
      merchant_payout: "1197.93000",
      refunded_amount: "0.00000",
    })
    expect(twoDecimals(raw)).toMatchObject({ amount: "1234.57", service_fee: "31.86", merchant_payout: "1197.93" })
    const details = (await call(sb, "POST", `/payment_links/${link}/details`, { body: {} })).body
    expect(details.payment_link.amount).toBe("1234.57000")
    expect(details.transactions[0].amount).toBe("1234.57000")
    expect((await call(sb, "POST", `/payment_links/${link}/resolve`, { body: {} })).body.amount).toBe(1234.57)
    expect((await call(sb, "POST", `/payment_links/${STORE_ID}/list`, { body: {} })).body.data[0].amount).toBe(1234.57)
  })

  it("amountScale 2 writes plain 2-decimal strings", async () => {
    const plain = await boot({ amountScale: 2 })
    try {
      const { transaction_id } = await pay(plain, await createLink(plain, { amount: 1234.57 }), "4005550000000019")
      expect((await call(plain, "GET", `/transactions/${transaction_id}`)).body).toMatchObject({
        amount: "1234.57",
        service_fee: "31.86",
      })
    } finally {
      await plain.stop()
    }
  })

  it("the hosted page keeps showing 2-decimal amounts at the default scale", async () => {
    const link = await createLink(sb, { amount: 1234.5, language: "en" })
    expect(sb.engine.findLink(link)?.amount).toBe("1234.50")
    const page = await fetch(`${sb.payUrl}/payment-link/${link}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain("1,234.50 SAR")
    expect(html).not.toContain("1234.50000")
  })
})
