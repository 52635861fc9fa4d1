import { ExpiringKeys } from "../../lib/expiring-keys"
import { SharedReads } from "../../providers/installments/shared-reads"
import type { PaidCheckoutState } from "./session-context"

/** How long a settled checkout is remembered: its two paid deliveries come due together. */
const SETTLED_TTL_MS = 60_000

/**
 * Where paid deliveries' checkouts stand, read once per checkout: concurrent reads of one checkout
 * share a query, and a `settled` answer is remembered for a minute, so `installment.tracker.approved`
 * and `order.success` of one paid link cost one read. Only `settled` is kept: it changes only if the
 * order is canceled, and a paid delivery then has nothing for Medusa to do either (the payment is
 * captured; refunding it is the canceled-order follow-up's job). Process-local, like the link reads.
 */
export class CheckoutStates {
  private readonly reads = new SharedReads<PaidCheckoutState>()
  private readonly settled = new ExpiringKeys(SETTLED_TTL_MS)

  /** The state of the checkout of `sessionId` paying `linkId`, remembered or read with `read`. */
  async stateOf(sessionId: string, linkId: string, read: () => Promise<PaidCheckoutState>, now = Date.now): Promise<PaidCheckoutState> {
    const key = `${sessionId}|${linkId.toLowerCase()}`
    if (this.settled.has(key, now())) {
      return "settled"
    }
    const state = await this.reads.run(key, read)
    if (state === "settled") {
      this.settled.add(key, now())
    }
    return state
  }

  /** Forgets every remembered checkout (tests). */
  clear(): void {
    this.settled.clear()
  }
}

/** The process's remembered checkouts, shared by every paid delivery it handles. */
export const checkoutStates = new CheckoutStates()
