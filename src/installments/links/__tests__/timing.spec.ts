import { linkPastGrace, sweepStepFor } from "../timing"

const NOW = new Date("2026-03-01T12:00:00Z")
const at = (minutesFromNow: number) => new Date(NOW.getTime() + minutesFromNow * 60_000).toISOString()
const session = (status: string, expiresInMinutes: number | string, createdMinutesAgo = 90) => ({
  status,
  data: { expires_at: typeof expiresInMinutes === "string" ? expiresInMinutes : at(expiresInMinutes) },
  created_at: at(-createdMinutesAgo),
})

describe("linkPastGrace", () => {
  it("is false until expires_at plus the one-hour grace has passed", () => {
    expect(linkPastGrace({ expires_at: at(10) }, NOW)).toBe(false)
    expect(linkPastGrace({ expires_at: at(-59) }, NOW)).toBe(false)
    expect(linkPastGrace({ expires_at: at(-61) }, NOW)).toBe(true)
    expect(linkPastGrace({ expires_at: at(-5) }, NOW, 60_000)).toBe(true)
  })

  it("treats data without a readable expiry as past it", () => {
    expect(linkPastGrace(null, NOW)).toBe(true)
    expect(linkPastGrace({ expires_at: "tomorrow" }, NOW)).toBe(true)
  })
})

describe("sweepStepFor", () => {
  it("reads a waiting session while its link may be paid, and gives it one final read past the grace", () => {
    for (const status of ["pending", "requires_more"]) {
      expect(sweepStepFor(session(status, 30), NOW)).toBe("read")
      expect(sweepStepFor(session(status, -30), NOW)).toBe("read")
      expect(sweepStepFor(session(status, -61), NOW)).toBe("final-read")
      expect(sweepStepFor(session(status, "never"), NOW)).toBe("final-read")
    }
  })

  it("keeps reading a payment in bank review past its link's expiry, until the lookback ends", () => {
    expect(sweepStepFor(session("pending_authorization", -600), NOW)).toBe("read")
    expect(sweepStepFor(session("pending_authorization", -600, 8 * 24 * 60 + 1), NOW)).toBe("close")
  })

  it("reads error and canceled sessions until their link's grace ends, then closes them unread", () => {
    expect(sweepStepFor(session("error", -30), NOW)).toBe("read")
    expect(sweepStepFor(session("canceled", -61), NOW)).toBe("close")
    expect(sweepStepFor(session("error", "never"), NOW)).toBe("close")
  })

  it("closes unread a session that is gone, authorized or captured", () => {
    expect(sweepStepFor(undefined, NOW)).toBe("close")
    expect(sweepStepFor(session("authorized", 30), NOW)).toBe("close")
    expect(sweepStepFor(session("captured", 30), NOW)).toBe("close")
  })

  it("takes the grace and lookback given", () => {
    expect(sweepStepFor(session("pending", -2), NOW, { graceMs: 60_000 })).toBe("final-read")
    expect(sweepStepFor(session("pending", 30, 120), NOW, { lookbackMs: 60 * 60_000 })).toBe("close")
  })
})
