/**
 * Joins concurrent reads of the same key into one request: the shopper's return and the webhook
 * arriving in the same instant cost one read of the link, not two. Nothing outlives the request:
 * a caller arriving after it settled reads again. Process-local; another process makes its own read.
 */
export class InFlightReads<T> {
  private readonly inFlight = new Map<string, Promise<T>>()

  /** The result of the read of `key` under way, or of `read()` started now. */
  run(key: string, read: () => Promise<T>): Promise<T> {
    const pending = this.inFlight.get(key)
    if (pending) {
      return pending
    }
    const started = read().finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, started)
    return started
  }

  /** Reads under way (tests). */
  get size(): number {
    return this.inFlight.size
  }
}
