import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { idFloor, PAYMENT_SESSION_ID_PREFIX } from "../../lib/ulid-floor"
import { ExpiringKeys } from "../cache/expiring-keys"
import { InFlightReads } from "../cache/in-flight-reads"
import type { OrderRow, PaymentRow, Query } from "./records"
import { linkIdKey, sameLinkId } from "../links/ids"
import { type ProviderId, isInstallmentsProvider } from "../registrations/provider-ids"

/** How long a settled checkout is remembered: its two paid deliveries come due together. */
const SETTLED_TTL_MS = 60_000

/**
 * Where paid deliveries' checkouts stand, read once per checkout: concurrent reads of one checkout
 * share a query, and a `settled` answer is remembered for a minute, so `installment.tracker.approved`
 * and `order.success` of one paid link cost one read. Only `settled` is kept: it changes only if the
 * order is canceled, and a paid delivery then has nothing to place either (the payment is captured;
 * refunding it is the canceled-order follow-up's job). Process-local, like the link reads.
 */
export class CheckoutStates {
  private readonly reads = new InFlightReads<PaidCheckout>()
  private readonly settled = new ExpiringKeys(SETTLED_TTL_MS)

  /** Where the checkout of `sessionId` paying `linkId` stands, remembered or read with `read`. */
  async stateOf(sessionId: string, linkId: string, read: () => Promise<PaidCheckout>, now = Date.now): Promise<PaidCheckout> {
    const key = `${sessionId}|${linkIdKey(linkId)}`
    if (this.settled.has(key, now())) {
      return { state: "settled" }
    }
    const checkout = await this.reads.run(key, read)
    if (checkout.state === "settled") {
      this.settled.add(key, now())
    }
    return checkout
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
 * - `link_replaced`: the session now holds another link (the cart changed; or it is no installments
 *   session), so this payment cannot
 *   complete it; the stray-payment sweep judges it an orphan once its grace has passed;
 * - `open`: anything else, including any doubt; `session` is what placing its order starts from.
 */
export type PaidCheckoutState = PaidCheckout["state"]

export type PaidCheckout =
  | { state: "settled" | "session_gone" | "link_replaced" }
  | { state: "open"; session: { id: string; provider_id: ProviderId; data: Record<string, unknown> } }

type SessionWithCheckout = {
  id: string
  provider_id: string
  data: Record<string, unknown> | null
  payment?: Pick<PaymentRow, "captured_at" | "canceled_at"> | null
  payment_collection?: { order?: OrderLink | OrderLink[] | null } | null
}
type OrderLink = Pick<OrderRow, "id" | "status"> | null

const CHECKOUT_FIELDS = [
  "id",
  "provider_id",
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

/**
 * A paid delivery's session with its payment and the orders its collection paid for, one row per
 * order (none: one row with no order). What `query.graph` answers with CHECKOUT_FIELDS, in one
 * statement: this runs for every paid delivery, and the graph took three plus its joining.
 */
const CHECKOUT_OF_SESSION = `
  select ps.id, ps.provider_id, ps.data,
         p.id as payment_id, p.captured_at, p.canceled_at,
         o.id as order_id, o.status as order_status
    from payment_session ps
    left join payment p on p.payment_session_id = ps.id and p.deleted_at is null
    left join order_payment_collection opc on opc.payment_collection_id = ps.payment_collection_id and opc.deleted_at is null
    left join "order" o on o.id = opc.order_id and o.deleted_at is null
   where ps.id = ? and ps.deleted_at is null`

type CheckoutRow = {
  id: string
  provider_id: string
  data: Record<string, unknown> | null
  payment_id: string | null
  captured_at: Date | string | null
  canceled_at: Date | string | null
  order_id: string | null
  order_status: string | null
}

/** The rows of CHECKOUT_OF_SESSION as the session `query.graph` would give; undefined for none. */
function sessionOfRows(rows: CheckoutRow[]): SessionWithCheckout | undefined {
  const [first] = rows
  if (!first) {
    return undefined
  }
  const orders = rows.filter((row) => row.order_id).map((row): OrderLink => ({ id: row.order_id!, status: row.order_status ?? "" }))
  return {
    id: first.id,
    provider_id: first.provider_id,
    data: first.data,
    payment: first.payment_id ? { captured_at: first.captured_at, canceled_at: first.canceled_at } : null,
    payment_collection: { order: orders },
  }
}

/** Reads where a paid delivery's checkout stands (see PaidCheckout) in one statement. */
export async function paidCheckoutState(container: MedusaContainer, sessionId: string, paymentLinkId: string): Promise<PaidCheckout> {
  const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = (await knex.raw(CHECKOUT_OF_SESSION, [sessionId])) as { rows: CheckoutRow[] }
  const session = sessionOfRows(rows)
  if (!session) {
    return { state: "session_gone" }
  }
  if (!sameLinkId(heldLinkOf(session), paymentLinkId) || !isInstallmentsProvider(session.provider_id)) {
    return { state: "link_replaced" }
  }
  if (checkoutSettled(session)) {
    return { state: "settled" }
  }
  return { state: "open", session: { id: session.id, provider_id: session.provider_id, data: session.data ?? {} } }
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
