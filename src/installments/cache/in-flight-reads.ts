/**
 * One of the plugin's two memory primitives (with ExpiringKeys): joins concurrent work on the same
 * key into one call, so the shopper's return and the webhook arriving in the same instant cost one
 * read of the link, not two. Nothing outlives the call: a caller arriving after it settled starts
 * again. Process-local; another process makes its own call.
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

  /** The call on `key` under way, if any: for a caller that must tell joining it from starting it. */
  pending(key: string): Promise<T> | undefined {
    return this.inFlight.get(key)
  }

  /** Reads under way (tests). */
  get size(): number {
    return this.inFlight.size
  }
}
