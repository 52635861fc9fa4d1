import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { ExpiringKeys } from "../cache/expiring-keys"
import { InFlightReads } from "../cache/in-flight-reads"
import type { ExpectedPayment, LinkVerdict } from "./verdict"
import { linkIdKey } from "./ids"

/** Entries kept at most; the oldest go first. A checkout needs its entry for seconds to minutes. */
const MAX_ENTRIES = 10_000

/**
 * How long any verdict answers a public ask (the storefront's payment-status route, D54): a cart
 * asked about in a loop costs at most one service read every 5 seconds, and a shopper's answer is
 * at most 5 seconds older than the newest read of the link. A paid verdict kept for
 * `paidVerdictReuseMs` answers first, and a verified delivery for the link forgets the entry.
 */
export const ASKED_VERDICT_TTL_MS = 5_000

/**
 * Paid verdicts just read from the service, reused for a short time so the one read that finds a
 * link paid (the shopper's authorization, or the paid webhook's placing of the order) also answers
 * the other: a checkout then costs two service calls whichever comes first.
 *
 * Process-local on purpose, and only for `captured`: a single-use link closes on its first
 * successful payment and the service has no way to un-pay it, so a paid verdict for the same link,
 * session and amount cannot turn false. Another process, or an entry past its time, reads the
 * service again; no decision depends on an entry being here. Every other verdict is read fresh by
 * everything that decides (authorization, the webhook's read, the sweep); only a public ask
 * (`askedVerdictOf`) takes the newest verdict of the last `ASKED_VERDICT_TTL_MS`, whatever it says.
 */
export class RecentPaidVerdicts {
  // Every entry gets the ttl of the registration that read it (paidVerdictReuseMs).
  private readonly entries = new ExpiringKeys<LinkVerdict>(0, MAX_ENTRIES)
  // The newest verdict of each link, any status, by link id: a delivery for the link forgets it.
  private readonly newest = new ExpiringKeys<{ key: string; verdict: LinkVerdict }>(ASKED_VERDICT_TTL_MS, MAX_ENTRIES)
  // Public asks of one session under way at once share one read (and one Insights record).
  private readonly asks = new InFlightReads<LinkVerdict>()

  /**
   * Keeps a `captured` verdict for `ttlMs` (anything else, or a ttl of 0, is not kept as paid), and
   * any verdict as the link's newest for public asks: every read of the link, whoever made it, is
   * what the next ask is answered with.
   */
  remember(linkId: string, expected: ExpectedPayment, verdict: LinkVerdict, ttlMs: number, now = Date.now()): void {
    this.newest.set(linkIdKey(linkId), { key: keyOf(linkId, expected), verdict }, now)
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

  /**
   * The verdict for a public ask, which must cost what the shopper's own checkout costs (D54): a
   * paid verdict kept from moments ago; else the link's newest verdict of the last
   * `ASKED_VERDICT_TTL_MS` for exactly this session and amount; else the ask joins the read of the
   * same session under way; else `read` runs (and is expected to `remember` what it finds).
   */
  async askedVerdictOf(
    linkId: string,
    expected: ExpectedPayment,
    paidTtlMs: number,
    read: () => Promise<LinkVerdict>,
    now = Date.now()
  ): Promise<LinkVerdict> {
    const key = keyOf(linkId, expected)
    const paid = paidTtlMs > 0 ? this.recall(linkId, expected, now) : undefined
    const newest = this.newest.get(linkIdKey(linkId), now)
    if (paid) {
      return paid
    }
    if (newest?.key === key) {
      return newest.verdict
    }
    return this.asks.run(key, async () => {
      const verdict = await read()
      this.remember(linkId, expected, verdict, paidTtlMs)
      return verdict
    })
  }

  /**
   * Forgets the link's newest verdict: a verified delivery for it says its state may have changed,
   * so the next ask reads it (the shopper who just paid is not answered from before the payment).
   */
  forgetNewest(linkId: string): void {
    this.newest.delete(linkIdKey(linkId))
  }

  /** Forgets every verdict (tests). */
  clear(): void {
    this.entries.clear()
    this.newest.clear()
  }
}

function keyOf(linkId: string, expected: ExpectedPayment): string {
  return [linkIdKey(linkId), expected.session_id, expected.amount.toString(), expected.currency_code.toLowerCase()].join("|")
}

/** The process's paid verdicts, shared by every installments provider registration in it. */
export const recentPaidVerdicts = new RecentPaidVerdicts()
