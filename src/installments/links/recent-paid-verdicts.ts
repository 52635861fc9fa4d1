import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { ExpiringKeys } from "../cache/expiring-keys"
import type { ExpectedPayment, LinkVerdict } from "./verdict"
import { linkIdKey } from "./ids"

/** Entries kept at most; the oldest go first. A checkout needs its entry for seconds to minutes. */
const MAX_ENTRIES = 10_000

/**
 * Paid verdicts just read from the service, reused for a short time so the one read that finds a
 * link paid (the shopper's authorization, or the paid webhook's placing of the order) also answers
 * the other: a checkout then costs two service calls whichever comes first.
 *
 * Process-local on purpose, and only for `captured`: a single-use link closes on its first
 * successful payment and the service has no way to un-pay it, so a paid verdict for the same link,
 * session and amount cannot turn false. Another process, or an entry past its time, reads the
 * service again; no decision depends on an entry being here. Every other verdict is always read fresh.
 */
export class RecentPaidVerdicts {
  // Every entry gets the ttl of the registration that read it (paidVerdictReuseMs).
  private readonly entries = new ExpiringKeys<LinkVerdict>(0, MAX_ENTRIES)

  /** Keeps a `captured` verdict for `ttlMs`; anything else, or a ttl of 0, is not kept. */
  remember(linkId: string, expected: ExpectedPayment, verdict: LinkVerdict, ttlMs: number, now = Date.now()): void {
    if (ttlMs <= 0 || verdict.status !== PaymentSessionStatus.CAPTURED) {
      return
    }
    this.entries.set(keyOf(linkId, expected), verdict, now, ttlMs)
  }

  /** The paid verdict kept for exactly this link, session and amount, if still fresh. */
  recall(linkId: string, expected: ExpectedPayment, now = Date.now()): LinkVerdict | undefined {
    return this.entries.get(keyOf(linkId, expected), now)
  }

  /**
   * The verdict of `linkId` for `expected`, the one way the shopper's authorization and the paid
   * webhook's read share a read: with `reuse`, a paid verdict kept from moments ago answers;
   * otherwise `read` does, and a paid answer is kept for `ttlMs` (0: never kept nor reused).
   */
  async verdictOf(
    linkId: string,
    expected: ExpectedPayment,
    { reuse, ttlMs }: { reuse: boolean; ttlMs: number },
    read: () => Promise<LinkVerdict>
  ): Promise<LinkVerdict> {
    const kept = reuse && ttlMs > 0 ? this.recall(linkId, expected) : undefined
    if (kept) {
      return kept
    }
    const verdict = await read()
    this.remember(linkId, expected, verdict, ttlMs)
    return verdict
  }

  /** Forgets every verdict (tests). */
  clear(): void {
    this.entries.clear()
  }
}

function keyOf(linkId: string, expected: ExpectedPayment): string {
  return [linkIdKey(linkId), expected.session_id, expected.amount.toString(), expected.currency_code.toLowerCase()].join("|")
}

/** The process's paid verdicts, shared by every installments provider registration in it. */
export const recentPaidVerdicts = new RecentPaidVerdicts()
