import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { idFloor, PAYMENT_SESSION_ID_PREFIX } from "../../lib/ulid-floor"
import { ExpiringKeys } from "../cache/expiring-keys"
import { InFlightReads } from "../cache/in-flight-reads"
import type { OrderRow, PaymentRow, Query } from "./records"
import { linkIdKey } from "../links/ids"

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
  private readonly reads = new InFlightReads<PaidCheckoutState>()
  private readonly settled = new ExpiringKeys(SETTLED_TTL_MS)

  /** The state of the checkout of `sessionId` paying `linkId`, remembered or read with `read`. */
  async stateOf(
    sessionId: string,
    linkId: string,
    read: () => Promise<PaidCheckoutState>,
    now = Date.now
  ): Promise<PaidCheckoutState> {
    const key = `${sessionId}|${linkIdKey(linkId)}`
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

/**
 * Where the checkout of a paid delivery stands:
 * - `settled`: the shopper's own completion did all that the delivery could ask of Medusa (the
 *   session still holds the link, its payment is captured and not canceled, the order it paid for
 *   exists and is not canceled);
 * - `session_gone`: the session was deleted, so no order can record this payment;
 * - `open`: anything else, including any doubt.
 */
export type PaidCheckoutState = "settled" | "session_gone" | "open"

type SessionWithCheckout = {
  data: Record<string, unknown> | null
  payment?: Pick<PaymentRow, "captured_at" | "canceled_at"> | null
  payment_collection?: { order?: OrderLink | OrderLink[] | null } | null
}
type OrderLink = Pick<OrderRow, "id" | "status"> | null

const CHECKOUT_FIELDS = [
  "id",
  "data",
  "payment.captured_at",
  "payment.canceled_at",
  "payment_collection.order.id",
  "payment_collection.order.status",
]

/** The session's link, lowercased (links are UUIDs); undefined when it holds none. */
function heldLinkOf(session: SessionWithCheckout): string | undefined {
  const link = session.data?.payment_link_id
  return typeof link === "string" ? link.toLowerCase() : undefined
}

/** True when the session's checkout is settled (see PaidCheckoutState) for the link it holds. */
function checkoutSettled(session: SessionWithCheckout): boolean {
  const payment = session.payment
  const orders = [session.payment_collection?.order ?? []].flat()
  return !!payment?.captured_at && !payment.canceled_at && orders.some((order) => order?.id && order.status !== "canceled")
}

/** Reads where a paid delivery's checkout stands (see PaidCheckoutState) in one query. */
export async function paidCheckoutState(
  container: MedusaContainer,
  sessionId: string,
  paymentLinkId: string
): Promise<PaidCheckoutState> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_session", fields: CHECKOUT_FIELDS, filters: { id: sessionId } })
  const session = data[0] as SessionWithCheckout | undefined
  if (!session) {
    return "session_gone"
  }
  return heldLinkOf(session) === paymentLinkId.toLowerCase() && checkoutSettled(session) ? "settled" : "open"
}

/**
 * Of these paid links, those a session holds whose checkout is settled (lowercased), in one query:
 * nothing is left to do for them. A link missing from the answer is merely not known settled.
 * `sessionsSince` limits the query to sessions created since then (a primary-key range: Medusa's ids
 * begin with their creation time), so its cost is the recent sessions, not the store's history.
 */
export async function settledPaidLinks(
  container: MedusaContainer,
  paymentLinkIds: string[],
  { sessionsSince }: { sessionsSince?: Date } = {}
): Promise<Set<string>> {
  if (!paymentLinkIds.length) {
    return new Set()
  }
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: CHECKOUT_FIELDS,
    // As listed and lowercased: the session keeps the id as the service returned it at creation.
    filters: {
      data: { payment_link_id: [...new Set(paymentLinkIds.flatMap((id) => [id, linkIdKey(id)]))] },
      ...(sessionsSince ? { id: { $gte: idFloor(PAYMENT_SESSION_ID_PREFIX, sessionsSince) } } : {}),
    },
  })
  const settled = (data as SessionWithCheckout[]).filter(checkoutSettled).map(heldLinkOf)
  return new Set(settled.filter((link): link is string => link !== undefined))
}
