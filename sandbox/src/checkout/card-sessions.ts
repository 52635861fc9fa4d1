import { randomBytes } from "node:crypto"

interface Entry {
  linkId: string
  cardNumber: string
  expiresAt: number
}

export interface CardSessionOptions {
  ttlMs?: number
  maxEntries?: number
  now?: () => number
}

/**
 * Holds the card number between the card step and the plan step under an opaque token, so the
 * plan page never carries the full number (not even in a hidden field). Bounded in time and size
 * because the sandbox may run for days in a demo.
 */
export class CardSessions {
  private readonly entries = new Map<string, Entry>()
  private readonly ttlMs: number
  private readonly maxEntries: number
  private readonly now: () => number

  constructor(options: CardSessionOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30 * 60 * 1000
    this.maxEntries = options.maxEntries ?? 10_000
    this.now = options.now ?? Date.now
  }

  /** Stores a card for one link and returns its token. */
  create(linkId: string, cardNumber: string): string {
    this.evict()
    const token = randomBytes(24).toString("base64url")
    this.entries.set(token, { linkId, cardNumber, expiresAt: this.now() + this.ttlMs })
    return token
  }

  /** The card behind a token, only for the link it was entered on and only while fresh. */
  get(token: unknown, linkId: string): string | undefined {
    if (typeof token !== "string") {
      return undefined
    }
    const entry = this.entries.get(token)
    if (!entry || entry.linkId !== linkId) {
      return undefined
    }
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(token)
      return undefined
    }
    return entry.cardNumber
  }

  /** Forgets a token once a payment was attempted with it. */
  delete(token: unknown): void {
    if (typeof token === "string") {
      this.entries.delete(token)
    }
  }

  // Map keeps insertion order, so the oldest entries are first both for expiry and for the size cap.
  private evict(): void {
    const now = this.now()
    for (const [token, entry] of this.entries) {
      if (entry.expiresAt > now && this.entries.size < this.maxEntries) {
        break
      }
      this.entries.delete(token)
    }
  }
}
