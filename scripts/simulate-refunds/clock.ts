/**
 * The simulation's clock: `Date` reads it while installed, so the ledger's `updated_at`, the
 * resolver's settle time, the retry schedule and the client's deadline all follow the schedule's
 * jumps, and a schedule replays exactly.
 */
export class Clock {
  #now: number
  #real?: DateConstructor

  constructor(start = Date.UTC(2026, 10, 1, 9, 0, 0)) {
    this.#now = start
  }

  now(): number {
    return this.#now
  }

  advance(ms: number): void {
    this.#now += ms
  }

  /** Replaces the global Date with one that reads this clock; `uninstall` puts the real one back. */
  install(): void {
    if (this.#real) return
    const real = Date
    const now = () => this.#now
    this.#real = real
    class SimDate extends real {
      constructor(...args: unknown[]) {
        if (args.length) super(...(args as [number]))
        else super(now())
      }
      static override now(): number {
        return now()
      }
    }
    globalThis.Date = SimDate as DateConstructor
  }

  uninstall(): void {
    if (this.#real) globalThis.Date = this.#real
    this.#real = undefined
  }
}
