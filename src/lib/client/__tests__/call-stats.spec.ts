import nock from "nock"
import { CallStats, callOutcomeOf, serviceCallStats } from "../call-stats"
import { BASE_URL, PUBLIC_KEY, SECRET, TRANSACTION_ID, intercept, makeClient, socketError, transaction, useNock } from "./helpers"

useNock()
beforeEach(() => serviceCallStats.clear())

const T0 = Date.UTC(2026, 0, 1, 10, 0, 0)

describe("the service's calls over the last hour (the health page's error rate)", () => {
  it("counts each call once, after its retries, by how it ended", async () => {
    const client = makeClient({ maxRetries: 1 })
    intercept("GET", `/transactions/${TRANSACTION_ID}`, [503, {}], [200, transaction()])
    await client.transactions.retrieve(TRANSACTION_ID)
    intercept("GET", `/transactions/${TRANSACTION_ID}`, [502, {}], [502, {}])
    await expect(client.transactions.retrieve(TRANSACTION_ID)).rejects.toThrow()
    intercept("GET", `/transactions/${TRANSACTION_ID}`, [401, { detail: "Invalid token." }])
    await expect(client.transactions.retrieve(TRANSACTION_ID)).rejects.toThrow()
    intercept("GET", `/transactions/${TRANSACTION_ID}`, [404, { detail: "Not found." }])
    await expect(client.transactions.retrieve(TRANSACTION_ID)).rejects.toThrow()
    nock(BASE_URL).get(`/transactions/${TRANSACTION_ID}`).times(2).replyWithError(socketError("ECONNREFUSED"))
    await expect(client.transactions.retrieve(TRANSACTION_ID)).rejects.toThrow()
    intercept("GET", `/transactions/${TRANSACTION_ID}`, [200, { not: "a transaction" }])
    await expect(client.transactions.retrieve(TRANSACTION_ID)).rejects.toThrow()

    const window = serviceCallStats.lastHour(client.account)
    expect(window.calls).toBe(6)
    expect(window.outcomes).toMatchObject({ ok: 1, server_error: 1, unauthorized: 1, refused: 1, unreachable: 1, invalid_answer: 1 })
    // The 404 is the service answering: not an error of the service.
    expect(window.failed).toBe(4)
    expect(window.error_rate).toBeCloseTo(4 / 6)
    expect(window.average_ms).toEqual(expect.any(Number))
    // Kept by account (base URL and public key), never by the secret.
    expect(client.account).toBe(`${BASE_URL}|${PUBLIC_KEY}`)
    expect(client.account).not.toContain(SECRET)
  })

  it("keeps an hour in minute buckets, and forgets what is older", () => {
    const stats = new CallStats()
    stats.record("a", "ok", 100, T0)
    stats.record("a", "timeout", 15_000, T0 + 30 * 60_000)
    stats.record("b", "ok", 50, T0 + 30 * 60_000)
    expect(stats.lastHour("a", T0 + 59 * 60_000)).toMatchObject({
      calls: 2,
      failed: 1,
      error_rate: 0.5,
      average_ms: 7550,
      slowest_ms: 15_000,
    })
    expect(stats.lastHour("a", T0 + 61 * 60_000)).toMatchObject({ calls: 1, failed: 1, error_rate: 1 })
    expect(stats.lastHour("a", T0 + 91 * 60_000)).toMatchObject({ calls: 0, error_rate: 0, average_ms: null, slowest_ms: null })
    expect(stats.lastHour("unknown", T0)).toMatchObject({ calls: 0 })
  })

  it("classifies what a call threw", () => {
    expect(callOutcomeOf()).toBe("ok")
    expect(callOutcomeOf(new Error("a bug"))).toBe("invalid_answer")
  })
})
