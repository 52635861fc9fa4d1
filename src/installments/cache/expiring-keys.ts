/**
 * One of the plugin's two memory primitives (with InFlightReads): keys remembered for a while, each
 * with a value (`true` when only the key matters), at most `maxKeys` of them, the oldest going first.
 * Process-local: what it answers only saves work another read would also do, never decides alone.
 */
export class ExpiringKeys<V = true> {
  private readonly entries = new Map<string, { value: V; until: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys = 10_000
  ) {}

  /** True while `key` is remembered. */
  has(key: string, now = Date.now()): boolean {
    return this.get(key, now) !== undefined
  }

  /** The value remembered for `key`, while it is. */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key)
    if (entry && entry.until <= now) {
      this.entries.delete(key)
      return undefined
    }
    return entry?.value
  }

  /** Remembers `key` for the ttl from `now`. */
  add(key: string, now = Date.now()): void {
    this.set(key, true as V, now)
  }

  /** Remembers `value` under `key` for `ttlMs` (the memory's ttl unless given) from `now`. */
  set(key: string, value: V, now = Date.now(), ttlMs = this.ttlMs): void {
    this.entries.delete(key)
    this.entries.set(key, { value, until: now + ttlMs })
    if (this.entries.size > this.maxKeys) {
      this.entries.delete(this.entries.keys().next().value as string)
    }
  }

  /** Forgets `key`. */
  delete(key: string): void {
    this.entries.delete(key)
  }

  /** Forgets every key. */
  clear(): void {
    this.entries.clear()
  }
}
