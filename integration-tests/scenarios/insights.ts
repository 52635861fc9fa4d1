import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import reconcilePendingSessions from "../../src/jobs/reconcile-pending-sessions"
import pruneCheckouts from "../../src/jobs/prune-checkouts"
import rollUpInsights from "../../src/jobs/roll-up-insights"
import { recordMissedCheckouts } from "../../src/installments/insights/missed-checkouts"
import { checkoutRecordsWritten } from "../../src/installments/insights/record-checkout"
import { INSTALLMENTS_MODULE } from "../../src/modules/installments"
import type InstallmentsModuleService from "../../src/modules/installments/service"
import { formatAmount, roundMedusaAmount, toHalalas } from "../../src/lib/money"
import type { SuiteContext } from "../helpers/context"
import { answerAsRecount, recount, type RawCheckout, type RawOrder } from "../helpers/insights-recount"
import { everyPage } from "../helpers/pages"
import { CARDS, linkReads, payLink, sandboxClient, webhooksIdle } from "../helpers/sandbox"
import { PROVIDERS, storefront } from "../helpers/seed"
import { settleWebhooks } from "../helpers/settle"

const SYSTEM = "pp_system_default"
const DAY_MS = 86_400_000
const day = (at: number) => new Date(at).toISOString().slice(0, 10)

/** Issue 31: the Insights page's figures, against a recount from the raw records of checkouts of every outcome. */
export function insightsScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  const get = (path: string, params: Record<string, unknown>) => api.get(path, { ...ctx.admin, params, validateStatus: () => true })
  const module = () => getContainer().resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  // Yesterday to tomorrow (UTC): the seed's orders fall inside even when the test runs across midnight.
  const window = () => ({ from_date: day(Date.now() - DAY_MS), to_date: day(Date.now() + DAY_MS) })

  /** The raw records: Medusa's orders with their collections, payments, sessions and refunds, and the plugin's checkout rows. */
  async function rawRecords(): Promise<{ orders: RawOrder[]; checkouts: RawCheckout[] }> {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "created_at",
        "currency_code",
        "payment_collections.id",
        "payment_collections.amount",
        "payment_collections.payments.id",
        "payment_collections.payments.provider_id",
        "payment_collections.payments.payment_session_id",
        "payment_collections.payments.data",
        "payment_collections.payments.refunds.amount",
        "payment_collections.payment_sessions.id",
        "payment_collections.payment_sessions.provider_id",
      ],
    })
    const checkouts = await module().listInstallmentsCheckouts({})
    return { orders: data as RawOrder[], checkouts: checkouts as unknown as RawCheckout[] }
  }

  const refundAtMedusa = (paymentId: string, amount: number) => api.post(`/admin/payments/${paymentId}/refund`, { amount }, ctx.admin)

  it("checkouts of every outcome and the store's other ways of paying: every figure equals a recount from the raw records", async () => {
    const store = storefront(api, ctx.seed)
    await api.post(`/admin/regions/${ctx.seed.regionId}`, { payment_providers: [...Object.values(PROVIDERS), SYSTEM] }, ctx.admin)
    const orderOf = async (cartId: string) => {
      const completed = await store.complete(cartId)
      expect(completed.data.type).toBe("order")
      return completed.data.order.id as string
    }
    const paymentOf = async (orderId: string) => {
      const { data } = await api.get(`/admin/orders/${orderId}?fields=id,*payment_collections.payments`, ctx.admin)
      return data.order.payment_collections[0].payments[0] as { id: string; data: { transaction_id: string } }
    }
    /** A cart of `quantity` x 50.00 SAR and its installments session, paid (or refused) with `attempts` in turn. */
    const checkout = async (quantity: number, attempts: Parameters<typeof payLink>[2][]) => {
      const cart = await store.createCart(quantity)
      const { session } = await store.startPayment(cart.id)
      const paid: string[] = []
      for (const attempt of attempts) {
        paid.push((await payLink(ctx.sandbox, session.data.payment_link_id, attempt)).transaction_id)
      }
      return { cart, session, transactions: paid }
    }
    const rajhi = (months: number) => ({
      card_number: CARDS.rajhiCredit,
      payment_option: "Installment" as const,
      bank_code: "rajhi",
      months,
    })

    // Paid: 0% with Al Rajhi over 12 and 6 months, in full by mada, and 0% over 3 months after a declined card.
    const a = await checkout(30, [rajhi(12)])
    const orderA = await orderOf(a.cart.id)
    const b = await checkout(24, [rajhi(6)])
    await orderOf(b.cart.id)
    const c = await checkout(4, [{ card_number: CARDS.mada, payment_option: "Pay In Full" }])
    await orderOf(c.cart.id)
    const f = await checkout(20, [{ card_number: CARDS.rajhiDecline, payment_option: "Installment", months: 3 }, rajhi(3)])
    await orderOf(f.cart.id)
    // Refused: by the bank and by the card; the shopper comes back and the completion is refused.
    const d = await checkout(30, [{ card_number: CARDS.rajhiBankReject, payment_option: "Installment", months: 3 }])
    expect((await store.complete(d.cart.id)).status).toBe(400)
    const e = await checkout(30, [{ card_number: CARDS.rajhiDecline, payment_option: "Installment", months: 6 }])
    expect((await store.complete(e.cart.id)).status).toBe(400)
    // Abandoned: the link expires unpaid, the shopper comes back to a refusal.
    const g = await checkout(10, [])
    await ctx.sandbox.control.post(`/payment-links/${g.session.data.payment_link_id}/expire`)
    expect((await store.complete(g.cart.id)).status).toBe(400)
    // Open: a link nobody has paid yet (the sweep reads it), and an order placed while the bank reviews.
    const h = await checkout(8, [])
    const i = await checkout(30, [{ card_number: CARDS.rajhiBankReview, payment_option: "Installment", months: 6 }])
    await orderOf(i.cart.id)
    // The store's other way of paying: two orders with Medusa's system provider, one refunded in part.
    const systemOrders: string[] = []
    for (const quantity of [2, 6]) {
      const cart = await store.createCart(quantity)
      await store.startPayment(cart.id, SYSTEM)
      systemOrders.push(await orderOf(cart.id))
    }
    const systemPayment = await paymentOf(systemOrders[0])
    await api.post(`/admin/payments/${systemPayment.id}/capture`, {}, ctx.admin)
    await refundAtMedusa(systemPayment.id, 50)
    // A return's worth refunded on the 12-month order, through Medusa (the plugin sends it to the service).
    await refundAtMedusa((await paymentOf(orderA)).id, 100.25)
    await settleWebhooks(ctx.sandbox, getContainer())
    // The sweep reads the waiting sessions (h, and the refused and reviewed ones again), as every 10 minutes.
    await reconcilePendingSessions(getContainer())
    await settleWebhooks(ctx.sandbox, getContainer())

    const { status, data } = await get("/admin/installments/insights", window())
    expect(status).toBe(200)

    // The seed, as the merchant would count it.
    expect(data.funnel).toMatchObject({ started: 9, paid_after_refusal: 1, bank_rejections: 1, card_declines: 2, conversion: "44.44" })
    expect(
      Object.fromEntries(Object.entries(data.funnel.outcomes).map(([k, v]) => [k, (v as { checkouts: number }).checkouts]))
    ).toEqual({
      paid: 4,
      bank_declined: 1,
      card_declined: 1,
      abandoned: 1,
      open: 2,
      not_placed: 0,
    })
    expect(data.funnel.outcomes.paid).toMatchObject({ amount: "3900.00", share: "44.44" })
    expect(
      data.ways.map((way: { way: string; provider_id: string | null; orders: number }) => [way.way, way.provider_id, way.orders])
    ).toEqual([
      ["installments", null, 4],
      ["pay_in_full", null, 1],
      ["provider", SYSTEM, 2],
    ])
    const installments = data.ways[0]
    expect(installments).toMatchObject({
      total: "5200.00",
      average: "1300.00",
      refunded: "100.25",
      refunded_orders: 1,
      share_refunded: "25.00",
    })
    expect(installments.banks).toEqual([
      expect.objectContaining({
        bank: "rajhi",
        orders: 4,
        tenures: [
          expect.objectContaining({ months: "3", orders: 1, total: "1000.00" }),
          expect.objectContaining({ months: "6", orders: 2, total: "2700.00" }),
          expect.objectContaining({ months: "12", orders: 1, total: "1500.00" }),
        ],
      }),
    ])
    expect(data.ways[2]).toMatchObject({ total: "400.00", average: "200.00", refunded: "50.00", share_refunded: "50.00" })
    expect(data.totals).toMatchObject({ orders: 7, total: "5800.00" })

    // Fees and VAT: what the service's own transactions say, for the four paid orders (the reviewed one has none yet).
    const service = sandboxClient()
    let fees = 0n
    let vat = 0n
    for (const transaction of [...a.transactions, ...b.transactions, ...c.transactions, f.transactions[1]]) {
      const read = await service.transactions.retrieve(transaction)
      fees += toHalalas(read.service_fee!)
      vat += toHalalas(read.service_tax_vat!)
    }
    expect(fees).toBeGreaterThan(0n)
    expect(data.costs).toMatchObject({
      orders: 5,
      sales: "5400.00",
      fees: formatAmount(fees),
      vat: formatAmount(vat),
      orders_without_fees: 1,
    })
    const sharePerMille = (fees * 1_000_000n) / toHalalas("3900.00")
    expect(toHalalas(data.costs.share_fees)).toBe((sharePerMille + 50n) / 100n)

    // Every figure against the recount from Medusa's records and the plugin's checkout rows.
    const raw = await rawRecords()
    const { from_date, to_date } = window()
    const from = new Date(`${from_date}T00:00:00Z`)
    const to = new Date(Date.parse(`${to_date}T00:00:00Z`) + DAY_MS)
    expect(answerAsRecount(data)).toEqual(omitSalesWithFees(recount(raw.orders, raw.checkouts, from, to)))
    expect(raw.checkouts.find((checkout) => checkout.session_id === i.session.id)).toMatchObject({ outcome: "open", bank: "rajhi" })
    // Every record knows its registration, whichever path wrote it first (the provider is not told its own id).
    expect(raw.checkouts.filter((checkout) => checkout.provider_id !== PROVIDERS.both)).toEqual([])

    // One registration: its checkouts and orders only; the others are ways of paying like any provider.
    const bnpl = await get("/admin/installments/insights", { ...window(), provider_id: "bnpl" })
    expect(bnpl.status).toBe(200)
    expect(bnpl.data.funnel.started).toBe(0)
    expect(bnpl.data.ways.map((way: { way: string; provider_id: string | null }) => way.provider_id ?? way.way)).toEqual([
      PROVIDERS.both,
      SYSTEM,
    ])
    expect(answerAsRecount(bnpl.data)).toEqual(omitSalesWithFees(recount(raw.orders, raw.checkouts, from, to, PROVIDERS.installments)))

    // The page's tables as CSV, the same figures.
    const csv = async (table: string) => {
      const answer = await get("/admin/installments/insights", { ...window(), format: "csv", table })
      expect(answer.status).toBe(200)
      expect(answer.headers["content-disposition"]).toBe(
        `attachment; filename="installments-insights-${table}-${from_date}_${to_date}.csv"`
      )
      return (answer.data as string).trimEnd().split("\r\n")
    }
    expect(await csv("funnel")).toEqual([
      // Texts quoted, counts, shares and amounts as numbers (lib/csv.ts).
      '"outcome","checkouts","share_of_started","amount"',
      '"started",9,100.00,""',
      `"paid",4,44.44,${data.funnel.outcomes.paid.amount}`,
      '"bank_declined",1,11.11,1500.00',
      '"card_declined",1,11.11,1500.00',
      '"abandoned",1,11.11,500.00',
      '"open",2,22.22,1900.00',
      '"not_placed",0,0.00,0.00',
    ])
    const ways = await csv("ways")
    expect(ways[0]).toBe(
      '"way","provider_id","bank","tenure_months","orders","share_of_orders","total","average","refunded","refunded_orders","share_refunded"'
    )
    expect(ways).toContain('"installments","","rajhi",6,2,28.57,2700.00,1350.00,0.00,0,0.00')
    expect(ways.at(-1)).toBe('"all","","","",7,100.00,5800.00,828.57,150.25,2,28.57')
    expect((await csv("costs"))[1]).toBe(
      [
        5,
        "5400.00",
        data.costs.fees,
        data.costs.vat,
        data.costs.fees_and_vat,
        data.costs.share_fees,
        data.costs.share_vat,
        data.costs.share_fees_and_vat,
        1,
      ].join(",")
    )
    const daily = await csv("daily")
    expect(daily[0]).toBe(`"date","installments","pay_in_full","${SYSTEM}","all"`)
    expect(daily).toHaveLength(1 + 3)
    expect(daily.slice(1).reduce((sum, line) => sum + Number(line.split(",").at(-1)), 0)).toBe(7)

    // The checkouts behind the funnel, a page at a time, each in one page only.
    const listed = await everyPage(4, async (page) => {
      const answer = await get("/admin/installments/insights/checkouts", { ...window(), ...page })
      expect(answer.status).toBe(200)
      return {
        items: answer.data.checkouts as Array<{ session_id: string; outcome: string; order: { id: string } | null }>,
        count: answer.data.count,
      }
    })
    expect(listed.counts).toEqual([9, 9, 9])
    expect(new Set(listed.items.map((checkout) => checkout.session_id)).size).toBe(9)
    expect(listed.items.find((checkout) => checkout.session_id === a.session.id)?.order?.id).toBe(orderA)
    const recorded = raw.checkouts.find((checkout) => checkout.session_id === a.session.id)!
    expect(listed.items.find((checkout) => checkout.session_id === a.session.id)).toMatchObject({
      fee: formatAmount(roundMedusaAmount(recorded.fee)),
      fee_vat: formatAmount(roundMedusaAmount(recorded.fee_vat)),
    })
    const declined = await get("/admin/installments/insights/checkouts", { ...window(), outcome: "bank_declined" })
    expect(declined.data).toMatchObject({
      count: 1,
      checkouts: [{ session_id: d.session.id, bank: "rajhi", tenure_months: "3", order: null }],
    })
    expect(
      listed.items
        .filter((checkout) => [e.session.id, h.session.id].includes(checkout.session_id))
        .map((x) => x.outcome)
        .sort()
    ).toEqual(["card_declined", "open"])
  }, 300_000)

  it("the roll-up of ended days answers the same figures; a refund made after it counts at once, and the next run rolls its day up again", async () => {
    const store = storefront(api, ctx.seed)
    await api.post(`/admin/regions/${ctx.seed.regionId}`, { payment_providers: [...Object.values(PROVIDERS), SYSTEM] }, ctx.admin)
    const read = async () => {
      const answer = await get("/admin/installments/insights", window())
      expect(answer.status).toBe(200)
      return answer.data
    }
    // One order paid 0% with Al Rajhi over 12 months, two with Medusa's system provider.
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    await payLink(ctx.sandbox, session.data.payment_link_id, {
      card_number: CARDS.rajhiCredit,
      payment_option: "Installment",
      bank_code: "rajhi",
      months: 12,
    })
    expect((await store.complete(cart.id)).data.type).toBe("order")
    const systemOrders: string[] = []
    for (const quantity of [2, 6]) {
      const systemCart = await store.createCart(quantity)
      await store.startPayment(systemCart.id, SYSTEM)
      const completed = await store.complete(systemCart.id)
      systemOrders.push(completed.data.order.id)
    }
    await settleWebhooks(ctx.sandbox, getContainer())
    const live = await read()
    expect(live.totals).toMatchObject({ orders: 3, total: "1900.00", refunded: "0.00" })

    // The job as it runs just after midnight: today is an ended day, rolled up with every day of the retention.
    const knex = getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const today = day(Date.now())
    const afterMidnight = new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS + 60 * 60 * 1000)
    // (No settling time: this test's own orders, made a moment ago, are what it rolls up.)
    const rolled = await rollUpInsights(getContainer(), { now: afterMidnight, settleMs: 0 })
    const stamped = await knex.raw(
      `select count(*)::int as days, count(*) filter (where day = ?::date)::int as today from installments_insights_rolled_day`,
      [today]
    )
    expect(stamped.rows[0]).toEqual({ days: rolled.days, today: 1 })
    expect(await read()).toEqual(live)
    // And the page reads it from the roll-up: a figure changed there shows.
    await knex.raw(`update installments_insights_day set orders = orders + 1000 where day = ?::date and provider_id = ?`, [
      today,
      SYSTEM,
    ])
    expect((await read()).totals.orders).toBe(1003)
    await knex.raw(`update installments_insights_day set orders = orders - 1000 where day = ?::date and provider_id = ?`, [
      today,
      SYSTEM,
    ])

    // A refund after the roll-up: its day is read from the records again, and every figure is a recount's.
    const { data } = await api.get(`/admin/orders/${systemOrders[0]}?fields=id,*payment_collections.payments`, ctx.admin)
    const systemPayment = data.order.payment_collections[0].payments[0] as { id: string }
    await api.post(`/admin/payments/${systemPayment.id}/capture`, {}, ctx.admin)
    await refundAtMedusa(systemPayment.id, 50)
    const refunded = await read()
    expect(refunded.totals).toMatchObject({ orders: 3, refunded: "50.00", refunded_orders: 1 })
    const raw = await rawRecords()
    const { from_date, to_date } = window()
    const from = new Date(`${from_date}T00:00:00Z`)
    const to = new Date(Date.parse(`${to_date}T00:00:00Z`) + DAY_MS)
    expect(answerAsRecount(refunded)).toEqual(omitSalesWithFees(recount(raw.orders, raw.checkouts, from, to)))

    // The next run finds the refund and rolls that one day up again, the refund in it.
    expect(await rollUpInsights(getContainer(), { now: afterMidnight, settleMs: 0 })).toMatchObject({ days: 1 })
    const row = await knex.raw(`select refunded::text from installments_insights_day where day = ?::date and provider_id = ?`, [
      today,
      SYSTEM,
    ])
    expect(row.rows).toEqual([{ refunded: "50.00" }])
    expect(await read()).toEqual(refunded)
  })

  it("refuses a window longer than a year, a reversed one, a CSV without its table and an unknown registration, naming the field", async () => {
    const refused = async (params: Record<string, unknown>) => {
      const answer = await get("/admin/installments/insights", params)
      expect(answer.status).toBe(400)
      return answer.data.message as string
    }
    expect(await refused({ from_date: "2026-01-01", to_date: "2027-01-03" })).toBe(
      "Invalid request: to_date must be at most 366 days after from_date (Insights cover at most a year)"
    )
    expect(await refused({ from_date: "2026-02-01", to_date: "2026-01-01" })).toBe(
      "Invalid request: from_date must not be after to_date"
    )
    expect(await refused({ from_date: "2026-01-01", to_date: "2026-01-31", format: "csv" })).toBe(
      "Invalid request: table is required with format=csv: one of funnel, ways, costs, daily"
    )
    expect(await refused({ from_date: "2026-13-01", to_date: "2026-01-31" })).toMatch(/from_date must be an ISO 8601 date/)
    expect(await refused({ from_date: "2026-01-01", to_date: "2026-01-31", provider_id: "stripe" })).toBe(
      'provider_id "stripe" is not an installments registration; use one of: installments, bnpl, card'
    )
    const list = await get("/admin/installments/insights/checkouts", {
      from_date: "2026-01-01",
      to_date: "2026-01-31",
      outcome: "lost",
    })
    expect(list.status).toBe(400)
    expect(list.data.message).toBe(
      "Invalid request: Expected: 'paid, bank_declined, card_declined, abandoned, open, not_placed' for field 'outcome', but got: 'lost'"
    )
    // A whole leap year is one window.
    expect((await get("/admin/installments/insights", { from_date: "2028-01-01", to_date: "2028-12-31" })).status).toBe(200)
  })

  it("a read older than the one recorded never replaces it; the registration is filled in when learnt; old records are pruned", async () => {
    const base = {
      session_id: "payses_01JDGGR380T3RBQQ2PDG1YJAAG",
      payment_link_id: "5aa3b9db-0000-4000-8000-000000000001",
      started_at: new Date(1732500000000),
      amount: "1200.00",
      bank_rejections: 0,
      card_declines: 0,
      payment_option: null,
      bank: null,
      tenure_months: null,
      transaction_id: null,
      fee: null,
      fee_vat: null,
    }
    const row = async () => (await module().listInstallmentsCheckouts({ session_id: base.session_id }))[0]
    await module().recordCheckout({ ...base, provider_id: null, outcome: "paid", progress: 5, fee: "31.00", fee_vat: "4.65" })
    const paid = await row()
    // The sweep's read from before the payment arrives after it: ignored, but it names the registration.
    await module().recordCheckout({ ...base, provider_id: PROVIDERS.both, outcome: "open", progress: 0 })
    expect(await row()).toMatchObject({ outcome: "paid", progress: 5, provider_id: PROVIDERS.both, decided_at: paid.decided_at })
    // The plugin refunds it later (the checkout had moved on): a later read, recorded.
    await module().recordCheckout({ ...base, provider_id: null, outcome: "not_placed", progress: 7 })
    expect(await row()).toMatchObject({ outcome: "not_placed", provider_id: PROVIDERS.both, fee: null })

    const knex = getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    await knex.raw(`update installments_checkout set started_at = now() - interval '732 days' where session_id = ?`, [base.session_id])
    await module().recordCheckout({ ...base, session_id: "payses_kept", provider_id: null, outcome: "open", progress: 0 })
    await knex.raw(`update installments_checkout set started_at = now() - interval '730 days' where session_id = 'payses_kept'`)
    expect(await pruneCheckouts(getContainer(), { batchSize: 1 })).toEqual({ checkouts: 1 })
    expect((await module().listInstallmentsCheckouts({})).map((checkout) => checkout.session_id)).toEqual(["payses_kept"])

    // Reads of several sessions in one statement (the provider's batch): one read per session, the latest.
    await module().recordCheckouts([
      { ...base, session_id: "payses_batch", provider_id: null, outcome: "open", progress: 0 },
      {
        ...base,
        session_id: "payses_batch",
        provider_id: PROVIDERS.both,
        outcome: "paid",
        progress: 5,
        fee: "31.00",
        fee_vat: "4.65",
      },
      { ...base, session_id: "payses_batch", provider_id: null, outcome: "open", progress: 0 },
      { ...base, session_id: "payses_kept", provider_id: PROVIDERS.both, outcome: "bank_declined", progress: 3 },
    ])
    const batch = await module().listInstallmentsCheckouts({ session_id: ["payses_batch", "payses_kept"] })
    expect(Object.fromEntries(batch.map((checkout) => [checkout.session_id, [checkout.outcome, checkout.provider_id]]))).toEqual({
      payses_batch: ["paid", PROVIDERS.both],
      payses_kept: ["bank_declined", PROVIDERS.both],
    })
  })

  it("a paid checkout whose record was lost after the answer is recorded by the roll-up's missed-checkouts sweep, with one read of its link", async () => {
    const store = storefront(api, ctx.seed)
    const cart = await store.createCart(30)
    const { session } = await store.startPayment(cart.id)
    const linkId = session.data.payment_link_id as string
    await payLink(ctx.sandbox, linkId, {
      card_number: CARDS.rajhiCredit,
      payment_option: "Installment",
      bank_code: "rajhi",
      months: 12,
    })
    expect((await store.complete(cart.id)).data.type).toBe("order")
    await settleWebhooks(ctx.sandbox, getContainer())
    await checkoutRecordsWritten()
    const knex = getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    // What a process stopped within the recorder's tenth of a second leaves: an earlier read, or none.
    await knex.raw(
      `update installments_checkout set outcome = 'open', progress = 0, bank = null, tenure_months = null where session_id = ?`,
      [session.id]
    )
    const row = async () => (await module().listInstallmentsCheckouts({ session_id: session.id }))[0]
    expect(await row()).toMatchObject({ outcome: "open" })
    const readsBefore = await linkReads(ctx.sandbox, linkId)
    // (No settling time: the payment made a moment ago is what it looks for.)
    const first = await recordMissedCheckouts(getContainer(), { settleMs: 0 })
    expect(first).toMatchObject({ failed: 0 })
    expect(first.recorded).toBeGreaterThanOrEqual(1)
    expect(await row()).toMatchObject({ outcome: "paid", bank: "rajhi", tenure_months: "12", payment_option: "Installment" })
    expect(await linkReads(ctx.sandbox, linkId)).toBe(readsBefore + 1)
    // Recorded now: the next run finds nothing to read.
    expect(await recordMissedCheckouts(getContainer(), { settleMs: 0 })).toEqual({ recorded: 0, failed: 0 })
    expect(await linkReads(ctx.sandbox, linkId)).toBe(readsBefore + 1)

    // Lost with no record at all: found as well.
    await knex.raw(`delete from installments_checkout where session_id = ?`, [session.id])
    await knex.raw(`update installments_sweep_mark set swept_to = ? where name = 'checkout-records'`, [new Date(Date.now() - 60_000)])
    expect(await recordMissedCheckouts(getContainer(), { settleMs: 0 })).toMatchObject({ failed: 0 })
    expect(await row()).toMatchObject({ outcome: "paid", bank: "rajhi" })
  })

  afterEach(async () => {
    await webhooksIdle(ctx.sandbox)
  })
}

function omitSalesWithFees<T extends { costs: { sales_with_fees?: string } }>(recounted: T) {
  const { sales_with_fees: _omitted, ...costs } = recounted.costs
  return { ...recounted, costs }
}
