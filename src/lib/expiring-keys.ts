/**
 * Keys remembered for a while, at most `maxKeys` of them (the oldest go first). Process-local: what
 * it answers only saves work another check would also do, never decides on its own.
 */
export class ExpiringKeys {
  private readonly until = new Map<string, number>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys = 10_000
  ) {}

  /** True while `key` is remembered. */
  has(key: string, now = Date.now()): boolean {
    const until = this.until.get(key)
    if (until !== undefined && until <= now) {
      this.until.delete(key)
    }
    return until !== undefined && until > now
  }

  /** Remembers `key` for the ttl from `now`. */
  add(key: string, now = Date.now()): void {
    this.until.delete(key)
    this.until.set(key, now + this.ttlMs)
    if (this.until.size > this.maxKeys) {
      this.until.delete(this.until.keys().next().value as string)
    }
  }

  /** Forgets `key`. */
  delete(key: string): void {
    this.until.delete(key)
  }

  /** Forgets every key. */
  clear(): void {
    this.until.clear()
  }
}
