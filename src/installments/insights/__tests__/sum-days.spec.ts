import type { DayRows, OrderDayRow } from "../day-rows"
import { sumDays } from "../read-insights"

const order = (day: string, overrides: Partial<OrderDayRow> = {}): OrderDayRow => ({
  day,
  provider_id: "pp_installments_installments",
  payment_option: "Installment",
  bank: "rajhi",
  tenure: "12",
  orders: 2,
  value: 300_00n,
  refunded: 0n,
  refunded_orders: 0,
  fee: 10_00n,
  fee_vat: 1_50n,
  with_fee: 2,
  value_with_fee: 300_00n,
  ...overrides,
})
const part = (orders: OrderDayRow[], other: Array<[string, number]> = []): DayRows => ({
  orders,
  funnel: [],
  otherCurrencyOrders: new Map(other),
})

describe("day rows summed for the page (rolled-up days and days read from the records alike)", () => {
  it("sums a plan across days, keeps each day's orders per way, and counts other currencies", () => {
    const summed = sumDays([
      part(
        [
          order("2026-03-01"),
          order("2026-03-01", { provider_id: "pp_system_default", payment_option: null, bank: null, tenure: null }),
        ],
        [["2026-03-01", 1]]
      ),
      part([order("2026-03-02", { refunded: 50_25n, refunded_orders: 1 })], [["2026-03-02", 2]]),
    ])
    const { day: _day, ...plan } = order("")
    expect(summed.groups).toEqual([
      {
        ...plan,
        orders: 4,
        value: 600_00n,
        refunded: 50_25n,
        refunded_orders: 1,
        fee: 20_00n,
        fee_vat: 3_00n,
        with_fee: 4,
        value_with_fee: 600_00n,
      },
      expect.objectContaining({ provider_id: "pp_system_default", payment_option: null, orders: 2 }),
    ])
    expect(summed.daily).toEqual([
      { day: "2026-03-01", provider_id: "pp_installments_installments", payment_option: "Installment", orders: 2, value: 300_00n },
      { day: "2026-03-01", provider_id: "pp_system_default", payment_option: null, orders: 2, value: 300_00n },
      { day: "2026-03-02", provider_id: "pp_installments_installments", payment_option: "Installment", orders: 2, value: 300_00n },
    ])
    expect(summed.otherCurrencyOrders).toBe(3)
  })

  it("keeps a bank no record names apart from a bank named `null`", () => {
    const summed = sumDays([part([order("2026-03-01", { bank: null }), order("2026-03-01", { bank: "null" })])])
    expect(summed.groups.map((group) => group.bank)).toEqual([null, "null"])
  })
})
