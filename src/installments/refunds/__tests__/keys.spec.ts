import { validate, version } from "uuid"
import {
  cancelRefundKey,
  canceledOrderRefundKey,
  ledgerKeysOf,
  medusaRefundKey,
  orphanRefundKey,
  returnRefundKey,
  serviceKeysOfRefund,
  sourceOfRefundKey,
} from "../keys"

const TX = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"

describe("refund keys: name-based UUIDs of their cause (D53)", () => {
  const causes = {
    "a return's first receipt": () => returnRefundKey("pay_1", "ret_1", "order_1"),
    "a return's second receipt": () => returnRefundKey("pay_1", "ret_1", "order_1", 2),
    "a settled difference with no return": () => returnRefundKey("pay_1", null, "order_1"),
    "a cancel's": () => cancelRefundKey("pay_1"),
    "an orphan's": () => orphanRefundKey(TX),
    "a canceled order's": () => canceledOrderRefundKey(TX),
    "a merchant's": () => medusaRefundKey("ref_01J"),
  }

  it.each(Object.entries(causes))("%s key is a version 5 UUID, the same on every call (a restart sends it again)", (_cause, key) => {
    const { key: first } = key()
    expect(validate(first) && version(first)).toBe(5)
    expect(key().key).toBe(first)
  })

  it("every cause has its own key, and knows the readable key 0.1.0 sent it under", () => {
    const keys = Object.values(causes).map((key) => key())
    expect(new Set(keys.map((cause) => cause.key)).size).toBe(keys.length)
    expect(keys.map((cause) => cause.known[1])).toEqual([
      "return-ret_1-pay_1",
      "return-ret_1-pay_1-2",
      "return-order_1-pay_1",
      "cancel-pay_1",
      `orphan-${TX}`,
      `canceled-order-${TX}`,
      "ref_01J",
    ])
    expect(keys.every((cause) => cause.known[0] === cause.key)).toBe(true)
  })

  it("names the flow of a key: readable keys by prefix, an orphan's or canceled order's UUID by its transaction", () => {
    expect(sourceOfRefundKey(`orphan-${TX}`)).toBe("orphan")
    expect(sourceOfRefundKey("return-ret_1-pay_1")).toBe("return")
    expect(sourceOfRefundKey(orphanRefundKey(TX).key, TX)).toBe("orphan")
    expect(sourceOfRefundKey(canceledOrderRefundKey(TX).key, TX)).toBe("canceled-order")
    // A return's UUID says nothing by itself (its ledger row does), nor does another transaction's.
    expect(sourceOfRefundKey(returnRefundKey("pay_1", "ret_1", "order_1").key, TX)).toBeUndefined()
    expect(sourceOfRefundKey(orphanRefundKey(TX).key, "another")).toBeUndefined()
  })

  it("knows a Medusa refund by its metadata's key, else the ledger's, else its id's key in either shape", () => {
    expect(serviceKeysOfRefund({ id: "ref_1", metadata: { installments_refund_key: "k" } })).toEqual(["k"])
    expect(serviceKeysOfRefund({ id: "ref_1" }, ledgerKeysOf([{ medusa_refund_id: "ref_1", idempotency_key: "k2" }]))).toEqual(["k2"])
    expect(serviceKeysOfRefund({ id: "ref_1" })).toEqual([medusaRefundKey("ref_1").key, "ref_1"])
    expect(serviceKeysOfRefund({})).toEqual([])
  })
})
