import { refundLockSeconds, transactionLockKey } from "../locks"

describe("how long a lock over refunds lives", () => {
  it("covers every call of every refund it guards, each ending by deadlineMs, and Medusa's writes", () => {
    // One refund: read, send, read again, 30 s each, and 30 s of margin.
    expect(refundLockSeconds(1, 30_000)).toBe(120)
    // A return over two payments: twice the calls; at the 40 s the options allow, 270 s.
    expect(refundLockSeconds(2, 30_000)).toBe(210)
    expect(refundLockSeconds(2, 40_000)).toBe(270)
    // An order with no payment of the plugin's still locks for one refund's worth.
    expect(refundLockSeconds(0, 30_000)).toBe(120)
  })

  it("keys a transaction's lock by its id", () => {
    expect(transactionLockKey("tx_1")).toBe("installments_refund:tx_1")
  })
})
