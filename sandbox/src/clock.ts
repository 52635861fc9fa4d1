/**
 * The sandbox clock. Every time rule (link expiry, refund window, 1-hour refund rule, processing
 * window, settlement delay) reads this clock, so tests move time forward instead of sleeping.
 */
export class Clock {
  private offsetMs: number

  constructor(offsetMs = 0) {
    this.offsetMs = offsetMs
  }

  /** Sandbox time in epoch milliseconds. */
  now(): number {
    return Date.now() + this.offsetMs
  }

  /** Sandbox time as a Date. */
  date(): Date {
    return new Date(this.now())
  }

  /** Sandbox time as an ISO 8601 UTC string. */
  iso(): string {
    return this.date().toISOString()
  }

  /** How far sandbox time runs ahead of real time. */
  offset(): number {
    return this.offsetMs
  }

  /** Moves sandbox time forward; time never runs backwards, so state stays consistent. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) {
      throw new RangeError("the clock only moves forward by a finite number of milliseconds")
    }
    this.offsetMs += ms
  }

  /** Forgets every advance (used by reset). */
  resetOffset(): void {
    this.offsetMs = 0
  }
}

/** Formats an instant with a fixed UTC offset ("2026-01-31T15:00:00.000+03:00"), as the live service shows local times. */
export function isoWithOffset(epochMs: number, offsetMinutes: number): string {
  if (offsetMinutes === 0) {
    return new Date(epochMs).toISOString().replace("Z", "+00:00")
  }
  const shifted = new Date(epochMs + offsetMinutes * 60_000).toISOString().slice(0, -1)
  const sign = offsetMinutes < 0 ? "-" : "+"
  const abs = Math.abs(offsetMinutes)
  const hours = String(Math.floor(abs / 60)).padStart(2, "0")
  const minutes = String(abs % 60).padStart(2, "0")
  return `${shifted}${sign}${hours}:${minutes}`
}
