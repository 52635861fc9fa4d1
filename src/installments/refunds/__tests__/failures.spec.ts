import { MedusaError } from "@medusajs/framework/utils"
import { ApiError, RefundRejectedError, TimeoutError } from "../../../lib/client"
import { MAX_REFUND_ATTEMPTS, NOT_RECEIVED, nextRetryAt, refundFailureOf, waitingFor, willRetry } from "../failures"
import { merchantError } from "../../messages/service-errors"

const refused = (reason: RefundRejectedError["reason"]) =>
  merchantError(new RefundRejectedError({ message: "refused", status: 400, reason }), { action: "refund the payment" })
// What Medusa's workflow engine hands back: the error serialized to a plain object.
const serialized = (error: Error) => JSON.parse(JSON.stringify({ ...error, message: error.message }))

describe("a refund refusal in the ledger", () => {
  it.each([
    ["insufficient_merchant_balance", true, /merchant balance .* too low/],
    ["already_processing", true, /still processing/],
    ["exceeds_balance", false, /holds less on this payment/],
    ["not_allowed", false, /merchant keys/],
    ["not_refundable", false, /refund window/],
  ] as const)("%s: retryable %s, in a merchant's words", (reason, retryable, words) => {
    const failure = refundFailureOf(serialized(refused(reason)))
    expect(failure.retryable).toBe(retryable)
    expect(failure.reason).toMatch(words)
  })

  it("an unreachable service, a timeout or a 5xx is retried", () => {
    const timeout = merchantError(new TimeoutError({ message: "no answer" }), { action: "refund the payment" })
    const outage = merchantError(new ApiError({ message: "down", status: 503 }), { action: "refund the payment" })
    expect(refundFailureOf(serialized(timeout)).retryable).toBe(true)
    expect(refundFailureOf(outage)).toMatchObject({ retryable: true, reason: expect.stringMatching(/could not be reached/) })
  })

  it("anything else is final and keeps its own message", () => {
    expect(refundFailureOf(new MedusaError(MedusaError.Types.INVALID_DATA, "Refund amount must be greater than 0."))).toEqual({
      reason: "Refund amount must be greater than 0.",
      retryable: false,
    })
    expect(refundFailureOf(undefined).retryable).toBe(false)
  })

  it("is retried 5 minutes later, then doubling, at most 6 hours apart, and not after the last attempt", () => {
    const now = new Date("2026-11-22T10:00:00Z")
    const retryable = { reason: "", retryable: true }
    const wait = (attempts: number) => (nextRetryAt(retryable, attempts, now)?.getTime() ?? NaN) - now.getTime()
    expect([1, 2, 3].map(wait)).toEqual([5 * 60_000, 10 * 60_000, 20 * 60_000])
    expect(wait(9)).toBe(6 * 60 * 60_000)
    expect(nextRetryAt(retryable, MAX_REFUND_ATTEMPTS, now)).toBeNull()
    expect(nextRetryAt({ reason: "", retryable: false }, 1, now)).toBeNull()
  })

  it("never promises a retry in its reason: after the last attempt the same reason stands, and willRetry says no", () => {
    const now = new Date("2026-11-22T10:00:00Z")
    const outage = merchantError(new ApiError({ message: "down", status: 503 }), { action: "refund the payment" })
    const reasons = [
      ...(["insufficient_merchant_balance", "already_processing"] as const).map((reason) =>
        refundFailureOf(serialized(refused(reason)))
      ),
      refundFailureOf(outage),
      NOT_RECEIVED,
      waitingFor("69.00"),
    ]
    for (const failure of reasons) {
      expect(failure.retryable).toBe(true)
      expect(failure.reason).not.toMatch(/retr(y|ies|ied)|shortly|the plugin sends/i)
      const givenUp = { status: "failed", retryable: true, next_retry_at: nextRetryAt(failure, MAX_REFUND_ATTEMPTS, now) }
      expect(willRetry(givenUp)).toBe(false)
      expect(willRetry({ ...givenUp, next_retry_at: nextRetryAt(failure, 1, now) })).toBe(true)
    }
  })
})
