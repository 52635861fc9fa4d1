import { formatAmount, toHalalas } from "../../../lib/money"
import { insightsFigures, wayOf, type DailyRow, type FunnelRow, type OrderGroupRow } from "../figures"
import { averageHalalas, divideHalfUp, percent } from "../ratios"

const BOTH = "pp_installments_installments"
const CARD = "pp_installments_card"
const SYSTEM = "pp_system_default"

function group(
  provider: string | null,
  option: string | null,
  bank: string | null,
  tenure: string | null,
  values: string[],
  extra: Partial<OrderGroupRow> = {}
): OrderGroupRow {
  const value = values.reduce((sum, v) => sum + toHalalas(v), 0n)
  return {
    provider_id: provider,
    payment_option: option,
    bank,
    tenure,
    orders: values.length,
    value,
    refunded: 0n,
    refunded_orders: 0,
    fee: 0n,
    fee_vat: 0n,
    with_fee: 0,
    value_with_fee: 0n,
    ...extra,
  }
}

const funnelRow = (
  outcome: FunnelRow["outcome"],
  provider: string | null,
  checkouts: number,
  amount: string,
  extra: Partial<FunnelRow> = {}
): FunnelRow => ({
  outcome,
  provider_id: provider,
  checkouts,
  amount: toHalalas(amount),
  with_refusal: 0,
  bank_rejections: 0,
  card_declines: 0,
  ...extra,
})

describe("ratios", () => {
  it("divide exactly, rounding half-up, and say nothing when dividing by zero", () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n)
    expect(divideHalfUp(4n, 3n)).toBe(1n)
    expect(divideHalfUp(5n, 3n)).toBe(2n)
    expect(divideHalfUp(1n, 0n)).toBeUndefined()
    expect(percent(4, 9)).toBe("44.44")
    expect(percent(2, 3)).toBe("66.67")
    expect(percent(1, 1)).toBe("100.00")
    expect(percent(1, 200000)).toBe("0.00")
    expect(percent(1, 20000)).toBe("0.01") // 0.005% rounds up
    expect(percent(0, 0)).toBeNull()
    expect(averageHalalas(toHalalas("5800.00"), 7)).toBe(toHalalas("828.57"))
    expect(averageHalalas(toHalalas("0.05"), 2)).toBe(3n) // 2.5 halalas: half-up
    expect(averageHalalas(0n, 0)).toBeUndefined()
  })

  it("a share of millions of halalas is as exact as one of a few", () => {
    expect(percent(toHalalas("14.63"), toHalalas("3900.00"))).toBe("0.38")
    expect(percent(toHalalas("112.13"), toHalalas("3900.00"))).toBe("2.88")
    expect(percent(toHalalas("123456789.01"), toHalalas("987654321.09"))).toBe("12.50")
  })
})

describe("wayOf", () => {
  it("splits the plugin's payments by plan, names any other provider, and narrows the plugin to one registration when asked", () => {
    expect(wayOf(BOTH, "Installment", {})).toBe("installments")
    expect(wayOf(CARD, "Pay In Full", {})).toBe("pay_in_full")
    expect(wayOf(BOTH, null, {})).toBe("plan_unknown")
    expect(wayOf(SYSTEM, null, {})).toBe("provider")
    expect(wayOf(null, null, {})).toBe("none")
    expect(wayOf(BOTH, "Installment", { provider_id: CARD })).toBe("provider")
    expect(wayOf(CARD, "Pay In Full", { provider_id: CARD })).toBe("pay_in_full")
  })
})

describe("insightsFigures", () => {
  const orders = [
    group(BOTH, "Installment", "rajhi", "12", ["1500.00", "1499.99"], {
      refunded: toHalalas("100.25"),
      refunded_orders: 1,
      fee: toHalalas("38.50"),
      fee_vat: toHalalas("5.78"),
      with_fee: 1,
      value_with_fee: toHalalas("1500.00"),
    }),
    group(BOTH, "Installment", "rajhi", "3", ["1000.00"]),
    group(BOTH, "Installment", "snb", "6", ["1200.01"], {
      fee: toHalalas("31.00"),
      fee_vat: toHalalas("4.65"),
      with_fee: 1,
      value_with_fee: toHalalas("1200.01"),
    }),
    group(BOTH, "Installment", null, null, ["300.00"]),
    group(CARD, "Pay In Full", null, null, ["200.00"], {
      fee: toHalalas("2.00"),
      fee_vat: toHalalas("0.30"),
      with_fee: 1,
      value_with_fee: toHalalas("200.00"),
    }),
    group(SYSTEM, null, null, null, ["100.00", "300.00", "0.01"], { refunded: toHalalas("50.00"), refunded_orders: 1 }),
    group("pp_stripe_stripe", null, null, null, ["999.99"]),
    group(null, null, null, null, ["0.00"]),
  ]
  const daily: DailyRow[] = [
    { day: "2026-11-27", provider_id: BOTH, payment_option: "Installment", orders: 3, value: 0n },
    { day: "2026-11-27", provider_id: SYSTEM, payment_option: null, orders: 2, value: 0n },
    { day: "2026-11-26", provider_id: BOTH, payment_option: "Installment", orders: 2, value: 0n },
    { day: "2026-11-26", provider_id: CARD, payment_option: "Pay In Full", orders: 1, value: 0n },
  ]
  const funnel = [
    funnelRow("paid", BOTH, 4, "5000.00", { with_refusal: 1, card_declines: 1 }),
    funnelRow("paid", CARD, 1, "200.00"),
    funnelRow("bank_declined", BOTH, 2, "2400.00", { bank_rejections: 3 }),
    funnelRow("abandoned", null, 2, "100.00"),
  ]
  const figures = insightsFigures({ orders, daily, funnel, scope: {} })

  it("every way's count, total, average and shares equal a recount of its orders", () => {
    expect(figures.totals).toEqual({
      orders: 11,
      total: "7100.00",
      average: "645.45", // 710000 / 11 = 64545.45 halalas
      share_of_orders: "100.00",
      refunded: "150.25",
      refunded_orders: 2,
      share_refunded: "18.18",
    })
    expect(figures.ways.map((way) => [way.way, way.provider_id, way.orders, way.total, way.average, way.share_of_orders])).toEqual([
      ["installments", null, 5, "5500.00", "1100.00", "45.45"],
      ["pay_in_full", null, 1, "200.00", "200.00", "9.09"],
      ["provider", SYSTEM, 3, "400.01", "133.34", "27.27"],
      ["provider", "pp_stripe_stripe", 1, "999.99", "999.99", "9.09"],
      ["none", null, 1, "0.00", "0.00", "9.09"],
    ])
    expect(figures.ways[2]).toMatchObject({ refunded: "50.00", refunded_orders: 1, share_refunded: "33.33" })
  })

  it("installments within each bank and tenure, banks by orders, tenures by months, the unnamed last", () => {
    const banks = figures.ways[0].banks!
    expect(
      banks.map((bank) => [bank.bank, bank.orders, bank.total, bank.tenures.map((t) => [t.months, t.orders, t.total, t.average])])
    ).toEqual([
      [
        "rajhi",
        3,
        "3999.99",
        [
          ["3", 1, "1000.00", "1000.00"],
          ["12", 2, "2999.99", "1500.00"],
        ],
      ],
      ["snb", 1, "1200.01", [["6", 1, "1200.01", "1200.01"]]],
      [null, 1, "300.00", [[null, 1, "300.00", "300.00"]]],
    ])
    // Bank and tenure shares are of all the window's orders, like the ways'.
    expect(banks[0].share_of_orders).toBe("27.27")
    expect(banks[0]).toMatchObject({ refunded: "100.25", refunded_orders: 1, share_refunded: "33.33" })
  })

  it("the plugin's fees and VAT as shares of the sales whose fees were reported; the others counted apart", () => {
    const reportedSales = toHalalas("1500.00") + toHalalas("1200.01") + toHalalas("200.00")
    const fees = toHalalas("38.50") + toHalalas("31.00") + toHalalas("2.00")
    const vat = toHalalas("5.78") + toHalalas("4.65") + toHalalas("0.30")
    expect(figures.costs).toEqual({
      orders: 6,
      sales: "5700.00",
      fees: formatAmount(fees),
      vat: formatAmount(vat),
      fees_and_vat: formatAmount(fees + vat),
      share_fees: percent(fees, reportedSales),
      share_vat: percent(vat, reportedSales),
      share_fees_and_vat: percent(fees + vat, reportedSales),
      orders_without_fees: 3,
    })
    expect(figures.costs.share_fees).toBe("2.47") // 7150 / 290001 = 2.46551%, half-up
  })

  it("the funnel: each outcome's checkouts, amount and share of those started; conversion; refusals", () => {
    expect(figures.funnel).toEqual({
      started: 9,
      outcomes: {
        paid: { checkouts: 5, amount: "5200.00", share: "55.56" },
        bank_declined: { checkouts: 2, amount: "2400.00", share: "22.22" },
        card_declined: { checkouts: 0, amount: "0.00", share: "0.00" },
        abandoned: { checkouts: 2, amount: "100.00", share: "22.22" },
        open: { checkouts: 0, amount: "0.00", share: "0.00" },
        not_placed: { checkouts: 0, amount: "0.00", share: "0.00" },
      },
      conversion: "55.56",
      paid_after_refusal: 1,
      bank_rejections: 3,
      card_declines: 1,
    })
  })

  it("days in order, with each way's orders", () => {
    expect(figures.daily).toEqual([
      { date: "2026-11-26", orders: { installments: 2, pay_in_full: 1 } },
      { date: "2026-11-27", orders: { installments: 3, [SYSTEM]: 2 } },
    ])
  })

  it("one registration: its checkouts only, and the other registrations' orders as providers of their own", () => {
    const card = insightsFigures({ orders, daily, funnel, scope: { provider_id: CARD } })
    expect(card.funnel.started).toBe(1)
    expect(card.funnel.conversion).toBe("100.00")
    expect(card.ways.map((way) => way.provider_id ?? way.way)).toEqual(["pay_in_full", BOTH, SYSTEM, "pp_stripe_stripe", "none"])
    expect(card.ways[1]).toMatchObject({ orders: 5, total: "5500.00" })
    expect(card.ways[1].banks).toBeUndefined()
    expect(card.costs).toMatchObject({ orders: 1, sales: "200.00", fees: "2.00", share_fees: "1.00", orders_without_fees: 0 })
    expect(card.daily[0].orders).toEqual({ [BOTH]: 2, pay_in_full: 1 })
  })

  it("an empty window: zeros, and no share or average where there is nothing to divide by", () => {
    const empty = insightsFigures({ orders: [], daily: [], funnel: [], scope: {} })
    expect(empty.totals).toEqual({
      orders: 0,
      total: "0.00",
      average: null,
      share_of_orders: null,
      refunded: "0.00",
      refunded_orders: 0,
      share_refunded: null,
    })
    expect(empty.funnel).toMatchObject({ started: 0, conversion: null })
    expect(empty.funnel.outcomes.paid).toEqual({ checkouts: 0, amount: "0.00", share: null })
    expect(empty.costs).toMatchObject({ orders: 0, share_fees: null, orders_without_fees: 0 })
    expect(empty.ways).toEqual([])
    expect(empty.daily).toEqual([])
  })
})
