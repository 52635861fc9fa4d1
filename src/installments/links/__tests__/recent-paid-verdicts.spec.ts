import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { ASKED_VERDICT_TTL_MS, RecentPaidVerdicts } from "../recent-paid-verdicts"
import type { LinkVerdict } from "../verdict"

const LINK = "7D444840-9DC0-11D1-B245-5FFDCE74FAD2"
const expected = { session_id: "payses_1", amount: 150000n, currency_code: "sar" }
const paid: LinkVerdict = { status: PaymentSessionStatus.CAPTURED, reason: "transaction t1 succeeded", failedAttempts: 0 }

describe("RecentPaidVerdicts", () => {
  it("answers for the same link, session, amount and currency until its time is up", () => {
    const verdicts = new RecentPaidVerdicts()
    verdicts.remember(LINK, expected, paid, 1_000, 10_000)
    expect(verdicts.recall(LINK.toLowerCase(), { ...expected, currency_code: "SAR" }, 10_999)).toBe(paid)
    expect(verdicts.recall(LINK, expected, 11_000)).toBeUndefined()
    expect(verdicts.recall(LINK, expected, 10_500)).toBeUndefined()
  })

  it("never answers for another session, amount or link", () => {
    const verdicts = new RecentPaidVerdicts()
    verdicts.remember(LINK, expected, paid, 1_000, 0)
    expect(verdicts.recall(LINK, { ...expected, session_id: "payses_2" }, 1)).toBeUndefined()
    expect(verdicts.recall(LINK, { ...expected, amount: 149_999n }, 1)).toBeUndefined()
    expect(verdicts.recall("8d444840-9dc0-11d1-b245-5ffdce74fad2", expected, 1)).toBeUndefined()
  })

  it.each([
    PaymentSessionStatus.PENDING,
    PaymentSessionStatus.REQUIRES_MORE,
    PaymentSessionStatus.PENDING_AUTHORIZATION,
    PaymentSessionStatus.CANCELED,
    PaymentSessionStatus.ERROR,
  ])("keeps no %s verdict", (status) => {
    const verdicts = new RecentPaidVerdicts()
    verdicts.remember(LINK, expected, { ...paid, status }, 1_000, 0)
    expect(verdicts.recall(LINK, expected, 1)).toBeUndefined()
  })

  it("keeps nothing with a ttl of 0", () => {
    const verdicts = new RecentPaidVerdicts()
    verdicts.remember(LINK, expected, paid, 0, 0)
    expect(verdicts.recall(LINK, expected, 0)).toBeUndefined()
  })

  it("drops the oldest entry beyond 10,000", () => {
    const verdicts = new RecentPaidVerdicts()
    for (let i = 0; i <= 10_000; i++) {
      verdicts.remember(LINK, { ...expected, session_id: `payses_${i}` }, paid, 60_000, 0)
    }
    expect(verdicts.recall(LINK, { ...expected, session_id: "payses_0" }, 1)).toBeUndefined()
    expect(verdicts.recall(LINK, { ...expected, session_id: "payses_1" }, 1)).toBe(paid)
    expect(verdicts.recall(LINK, { ...expected, session_id: "payses_10000" }, 1)).toBe(paid)
  })

  describe("verdictOf: the one read the shopper and the paid webhook share", () => {
    const unpaid: LinkVerdict = { status: PaymentSessionStatus.REQUIRES_MORE, reason: "not paid yet", failedAttempts: 0 }

    it("reads once, keeps the paid answer, and a reusing caller gets it without a read", async () => {
      const verdicts = new RecentPaidVerdicts()
      const read = jest.fn(async () => paid)
      expect(await verdicts.verdictOf(LINK, expected, { reuse: true, ttlMs: 1_000 }, read)).toBe(paid)
      expect(await verdicts.verdictOf(LINK, expected, { reuse: true, ttlMs: 1_000 }, read)).toBe(paid)
      expect(read).toHaveBeenCalledTimes(1)
    })

    it("a caller that does not reuse reads every time, and still keeps a paid answer for the next that does", async () => {
      const verdicts = new RecentPaidVerdicts()
      const read = jest.fn(async () => paid)
      await verdicts.verdictOf(LINK, expected, { reuse: false, ttlMs: 1_000 }, read)
      await verdicts.verdictOf(LINK, expected, { reuse: false, ttlMs: 1_000 }, read)
      expect(read).toHaveBeenCalledTimes(2)
      await verdicts.verdictOf(LINK, expected, { reuse: true, ttlMs: 1_000 }, read)
      expect(read).toHaveBeenCalledTimes(2)
    })

    it("never reuses an unpaid answer, nor anything with a ttl of 0", async () => {
      const verdicts = new RecentPaidVerdicts()
      const unpaidRead = jest.fn(async () => unpaid)
      await verdicts.verdictOf(LINK, expected, { reuse: true, ttlMs: 1_000 }, unpaidRead)
      await verdicts.verdictOf(LINK, expected, { reuse: true, ttlMs: 1_000 }, unpaidRead)
      expect(unpaidRead).toHaveBeenCalledTimes(2)
      const paidRead = jest.fn(async () => paid)
      await verdicts.verdictOf(LINK, expected, { reuse: true, ttlMs: 0 }, paidRead)
      await verdicts.verdictOf(LINK, expected, { reuse: true, ttlMs: 0 }, paidRead)
      expect(paidRead).toHaveBeenCalledTimes(2)
    })
  })

  describe("askedVerdictOf: a public ask costs what a checkout costs (D54)", () => {
    const unpaid: LinkVerdict = { status: PaymentSessionStatus.REQUIRES_MORE, reason: "not paid yet", failedAttempts: 0 }
    const review: LinkVerdict = { status: PaymentSessionStatus.PENDING_AUTHORIZATION, reason: "bank review", failedAttempts: 0 }

    it("answers from the link's newest verdict, unpaid too, for 5 seconds after the read, then reads again", async () => {
      const verdicts = new RecentPaidVerdicts()
      verdicts.remember(LINK, expected, unpaid, 300_000, 10_000)
      const read = jest.fn(async () => review)
      expect(ASKED_VERDICT_TTL_MS).toBe(5_000)
      expect(await verdicts.askedVerdictOf(LINK, expected, 300_000, read, 14_999)).toBe(unpaid)
      expect(read).not.toHaveBeenCalled()
      expect(await verdicts.askedVerdictOf(LINK, expected, 300_000, read, 15_000)).toBe(review)
      expect(read).toHaveBeenCalledTimes(1)
    })

    it("joins asks of one session under way into one read", async () => {
      const verdicts = new RecentPaidVerdicts()
      let answer: (verdict: LinkVerdict) => void = () => undefined
      const read = jest.fn(() => new Promise<LinkVerdict>((resolve) => (answer = resolve)))
      const asks = Array.from({ length: 20 }, () => verdicts.askedVerdictOf(LINK, expected, 300_000, read))
      answer(unpaid)
      expect(await Promise.all(asks)).toEqual(Array(20).fill(unpaid))
      expect(read).toHaveBeenCalledTimes(1)
      // The read's answer is now the newest: the next ask takes it.
      expect(await verdicts.askedVerdictOf(LINK, expected, 300_000, read)).toBe(unpaid)
      expect(read).toHaveBeenCalledTimes(1)
    })

    it("takes whatever read the link last, the webhook's or the authorization's, and a kept paid verdict before it", async () => {
      const verdicts = new RecentPaidVerdicts()
      const read = jest.fn(async () => unpaid)
      verdicts.remember(LINK, expected, unpaid, 300_000, 10_000)
      verdicts.remember(LINK, expected, review, 300_000, 11_000)
      expect(await verdicts.askedVerdictOf(LINK, expected, 300_000, read, 12_000)).toBe(review)
      verdicts.remember(LINK, expected, paid, 300_000, 13_000)
      verdicts.forgetNewest(LINK)
      expect(await verdicts.askedVerdictOf(LINK, expected, 300_000, read, 60_000)).toBe(paid)
      expect(read).not.toHaveBeenCalled()
    })

    it("never answers another session or amount from the link's newest verdict", async () => {
      const verdicts = new RecentPaidVerdicts()
      verdicts.remember(LINK, expected, unpaid, 300_000, 10_000)
      const read = jest.fn(async () => review)
      expect(await verdicts.askedVerdictOf(LINK, { ...expected, session_id: "payses_2" }, 300_000, read, 10_001)).toBe(review)
      expect(await verdicts.askedVerdictOf(LINK, { ...expected, amount: 1n }, 300_000, read, 10_001)).toBe(review)
      expect(read).toHaveBeenCalledTimes(2)
    })

    it("reads again once a delivery for the link made it forget the newest verdict", async () => {
      const verdicts = new RecentPaidVerdicts()
      verdicts.remember(LINK, expected, unpaid, 300_000, 10_000)
      verdicts.forgetNewest(LINK.toLowerCase())
      const read = jest.fn(async () => review)
      expect(await verdicts.askedVerdictOf(LINK, expected, 300_000, read, 10_001)).toBe(review)
      expect(read).toHaveBeenCalledTimes(1)
    })

    it("an unpaid newest verdict never answers a deciding read (verdictOf), even with reuse", async () => {
      const verdicts = new RecentPaidVerdicts()
      verdicts.remember(LINK, expected, unpaid, 300_000)
      const read = jest.fn(async () => review)
      expect(await verdicts.verdictOf(LINK, expected, { reuse: true, ttlMs: 300_000 }, read)).toBe(review)
      expect(read).toHaveBeenCalledTimes(1)
    })
  })
})
