import nock from "nock"
import { ApiError, ConnectionError, outcomeIsUnknown, RefundRejectedError, TimeoutError, ValidationError } from ".."
import { useNock } from "../../__tests__/use-nock"
import { BASE_URL, makeClient, REFUND_PATH, TRANSACTION_ID } from "./helpers"

useNock()

const REFUND = REFUND_PATH
const refund = () =>
  makeClient({ maxRetries: 2 }).transactions.refund(
    TRANSACTION_ID,
    { refund_amount: "10.00", reason: "test" },
    { idempotencyKey: "k-1" }
  )
const refused = () => Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })

describe("outcomeIsUnknown: a call is unknown when any attempt may have reached the service unanswered", () => {
  it.each([
    ["a timeout", new TimeoutError({ message: "t", code: "timeout" }), true],
    ["a reset connection", new ConnectionError({ message: "c", code: "ECONNRESET" }), true],
    ["a refused connection", new ConnectionError({ message: "c", code: "ECONNREFUSED" }), false],
    ["a name that does not resolve", new ConnectionError({ message: "c", code: "ENOTFOUND" }), false],
    ["a 502", new ApiError({ message: "a", status: 502 }), true],
    ["a 429", new ApiError({ message: "a", status: 429 }), false],
    ["a 400", new ValidationError({ message: "v", status: 400 }), false],
    ["a refusal", new RefundRejectedError({ message: "r", status: 400, reason: "exceeds_balance" }), false],
    ["an error that is not the client's", new TypeError("boom"), true],
  ])("%s alone", (_name, error, unknown) => {
    expect(outcomeIsUnknown(error)).toBe(unknown)
  })

  it("a 502 then two 429s: the 429 the caller gets says an earlier attempt went unanswered", async () => {
    nock(BASE_URL).post(REFUND).reply(502, "Bad Gateway").post(REFUND).times(2).reply(429, "slow down")
    const error = await refund().catch((e) => e)
    expect(nock.pendingMocks()).toEqual([])
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(429)
    expect(error.earlierAttemptUnanswered).toBe(true)
    expect(outcomeIsUnknown(error)).toBe(true)
    expect(error.toJSON()).toMatchObject({ earlierAttemptUnanswered: true })
  })

  it("a timeout then 'already under processing': unknown", async () => {
    nock(BASE_URL)
      .post(REFUND)
      .replyWithError(Object.assign(new Error("timeout of 5000ms exceeded"), { code: "ECONNABORTED" }))
      .post(REFUND)
      .times(2)
      .reply(400, { message: "Refund already under processing" })
    const error = await refund().catch((e) => e)
    expect(error).toBeInstanceOf(RefundRejectedError)
    expect(outcomeIsUnknown(error)).toBe(true)
  })

  it("refused connections on every attempt: a clear no", async () => {
    nock(BASE_URL).post(REFUND).times(3).replyWithError(refused())
    const error = await refund().catch((e) => e)
    expect(nock.pendingMocks()).toEqual([])
    expect(error.earlierAttemptUnanswered).toBe(false)
    expect(outcomeIsUnknown(error)).toBe(false)
  })

  it("a 429 then a definite refusal: a clear no (the gateway let nothing through)", async () => {
    nock(BASE_URL)
      .post(REFUND)
      .reply(429, "slow down")
      .post(REFUND)
      .reply(400, { message: "Insufficient balance", validation_errors: [{ Name: "Supplier", Error: "Supplier X" }] })
    const error = await refund().catch((e) => e)
    expect(error).toBeInstanceOf(RefundRejectedError)
    expect(outcomeIsUnknown(error)).toBe(false)
  })
})
