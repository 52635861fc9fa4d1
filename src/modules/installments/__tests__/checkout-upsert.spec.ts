import type { CheckoutRecord } from "../../../installments/insights/checkout-record"
import { checkoutUpsert, latestReadPerSession } from "../checkout-upsert"

const read = (session_id: string, progress: number, overrides: Partial<CheckoutRecord> = {}): CheckoutRecord => ({
  session_id,
  provider_id: null,
  payment_link_id: "link-1",
  started_at: new Date(0),
  amount: "100.00",
  outcome: progress >= 5 ? "paid" : "open",
  bank_rejections: 0,
  card_declines: 0,
  payment_option: null,
  bank: null,
  tenure_months: null,
  transaction_id: null,
  fee: null,
  fee_vat: null,
  progress,
  ...overrides,
})

describe("a batch of checkout reads", () => {
  it("keeps one read per session: the later of the highest progress, with any provider id one of them knows", () => {
    const kept = latestReadPerSession([
      read("a", 0, { provider_id: "pp_installments_x" }),
      read("a", 5),
      read("a", 0),
      read("b", 0),
      read("b", 3, { payment_link_id: "link-2" }),
    ])
    expect(kept).toEqual([
      expect.objectContaining({ session_id: "a", progress: 5, provider_id: "pp_installments_x" }),
      expect.objectContaining({ session_id: "b", progress: 3, payment_link_id: "link-2" }),
    ])
    // A read of another link (the session's amount changed) is the later read whatever its progress.
    expect(latestReadPerSession([read("c", 5), read("c", 0, { payment_link_id: "link-3" })])).toEqual([
      expect.objectContaining({ progress: 0, payment_link_id: "link-3" }),
    ])
  })

  it("is one statement with one row of parameters per session", () => {
    const { sql, params } = checkoutUpsert([read("a", 0), read("a", 5), read("b", 0)])
    expect(sql.match(/now\(\)\)/g)).toHaveLength(2)
    expect(params.filter((param) => param === "a" || param === "b")).toEqual(["a", "b"])
    expect(params).toHaveLength(sql.match(/\?/g)!.length)
  })
})
