import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { orphanRefundKey } from "../../src/installments/refunds/keys"
import { LINK_EXPIRY_GRACE_MS, LONGEST_LINK_LIFE_MS } from "../../src/installments/links/timing"
import pruneWebhookEvents from "../../src/jobs/prune-webhook-events"
import reconcilePendingSessions from "../../src/jobs/reconcile-pending-sessions"
import refundStrayPayments from "../../src/jobs/refund-stray-payments"
import { PaymentLinks } from "../../src/lib/client/resources/payment-links"
import type { SuiteContext } from "../helpers/context"
import { ordersOfCart } from "../helpers/orders"
import { CARDS, linkReads as linkReadsOf, payLink, payWithWebhooksLost, sandboxClient } from "../helpers/sandbox"
import { storefront } from "../helpers/seed"
import { busMark, RUNS, settledAfter, settledAfterForLink } from "../helpers/event-bus-idle"
import { settleWebhooks } from "../helpers/settle"
import { deliveryStatusesOfLink, eventsOfLink, sendToWebhookRoute, signedByService } from "../helpers/webhooks"

type Knex = { raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }
type SessionData = { payment_link_id: string; expires_at: string }

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** Issue 21: background work costs what is live, not what is history. */
export function backgroundWorkScenarios(ctx: SuiteContext) {
  const { api, getContainer } = ctx
  let store: ReturnType<typeof storefront>

  beforeEach(() => {
    store = storefront(api, ctx.seed)
  })

  const knex = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex

  const linkReads = (linkId: string) => linkReadsOf(ctx.sandbox, linkId)

  /** A checkout left at the payment step: its session's public data. */
  async function abandonedCheckout(quantity: number): Promise<{ cartId: string; data: SessionData }> {
    const cart = await store.createCart(quantity)
    const { session } = await store.startPayment(cart.id)
    return { cartId: cart.id, data: session.data }
  }

  async function openSweepItems(): Promise<string[]> {
    const { rows } = await knex().raw(
      `SELECT subject_id FROM installments_sweep_item WHERE kind = 'session' AND closed_at IS NULL AND deleted_at IS NULL ORDER BY subject_id`
    )
    return rows.map((row) => row.subject_id as string)
  }

  async function paidLinksMarks(): Promise<Date[]> {
    const { rows } = await knex().raw(
      `SELECT swept_to FROM installments_sweep_mark WHERE name LIKE 'paid-links:%' AND deleted_at IS NULL`
    )
    return rows.map((row) => new Date(row.swept_to as string))
  }

  it("B1. abandoned checkouts: each link expired past the grace is read once, by the first sweep after, and never again", async () => {
    const abandoned = [await abandonedCheckout(1), await abandonedCheckout(2), await abandonedCheckout(3), await abandonedCheckout(4)]
    const links = abandoned.map((checkout) => checkout.data.payment_link_id)
    const before = await Promise.all(links.map(linkReads))
    const expiredAt = Math.max(...abandoned.map((checkout) => Date.parse(checkout.data.expires_at)))
    // As measured in the issue: sweeps run as if 3 h, 3 h 10 min and 3 h 20 min had passed.
    for (const minutes of [180, 190, 200]) {
      await reconcilePendingSessions(getContainer(), { now: new Date(expiredAt - 30 * MINUTE + minutes * MINUTE) })
    }
    const after = await Promise.all(links.map(linkReads))
    expect(after.map((reads, i) => reads - before[i])).toEqual([1, 1, 1, 1])
    expect(await openSweepItems()).toEqual([])

    // A sweep on the real clock, where the links would still be open, reads none of them either.
    await reconcilePendingSessions(getContainer())
    expect(await Promise.all(links.map(linkReads))).toEqual(after)
  })

  it("B2. a live checkout is read on every sweep until its link expires; the sweep after the grace reads it a last time", async () => {
    const live = await abandonedCheckout(2)
    const link = live.data.payment_link_id
    const before = await linkReads(link)
    await reconcilePendingSessions(getContainer())
    await reconcilePendingSessions(getContainer(), { now: new Date(Date.now() + 10 * MINUTE) })
    expect((await linkReads(link)) - before).toBe(2)
    expect(await openSweepItems()).toHaveLength(1)
    const past = Date.parse(live.data.expires_at) + LINK_EXPIRY_GRACE_MS
    await reconcilePendingSessions(getContainer(), { now: new Date(past + MINUTE) })
    await reconcilePendingSessions(getContainer(), { now: new Date(past + 11 * MINUTE) })
    expect((await linkReads(link)) - before).toBe(3)
    expect(await openSweepItems()).toEqual([])
  })

  it("B3. the paid-link sweep's mark survives a restart and a missed hour: the next sweep lists from it and refunds what was paid meanwhile", async () => {
    const list = jest.spyOn(PaymentLinks.prototype, "list")
    try {
      const started = Date.now()
      await refundStrayPayments(getContainer(), { orphanGraceMs: 0 })
      // In the database, where a restarted store (or another process) reads it.
      const [mark] = await paidLinksMarks()
      expect(mark.getTime()).toBeGreaterThanOrEqual(started - 1000)

      // The store was down for an hour: the last complete sweep is an hour old.
      await knex().raw(`UPDATE installments_sweep_mark SET swept_to = swept_to - interval '1 hour' WHERE name LIKE 'paid-links:%'`)
      // Meanwhile a replaced session's link was paid and every webhook of it lost: a payment no order keeps.
      const cart = await store.createCart(30)
      const { session: first } = await store.startPayment(cart.id)
      await store.setQuantity(cart, 20)
      await store.startPayment(cart.id)
      const orphan = await payWithWebhooksLost(ctx.sandbox, first.data.payment_link_id, {
        card_number: CARDS.mada,
        payment_option: "Pay In Full",
      })

      list.mockClear()
      const resumed = Date.now()
      await refundStrayPayments(getContainer(), { orphanGraceMs: 0 })
      // The window reaches back the longest life of any link (7 days: order-payment links), not linkTtlMinutes.
      expect(list.mock.calls[0][1]).toMatchObject({
        from_date: new Date(mark.getTime() - 60 * MINUTE - LONGEST_LINK_LIFE_MS - 30 * MINUTE).toISOString(),
        sort_order: "asc",
      })
      const refunded = await sandboxClient().transactions.retrieve(orphan.transaction_id)
      expect(refunded.refund_tracker.map((entry) => entry.idempotency_key)).toEqual([orphanRefundKey(orphan.transaction_id).key])
      const [moved] = await paidLinksMarks()
      expect(moved.getTime()).toBeGreaterThanOrEqual(resumed - 1000)
    } finally {
      list.mockRestore()
    }
  })

  it("B4. retention: pruning deletes only records past it, and a replay of a pruned, old delivery is acknowledged without effect", async () => {
    const cart = await store.createCart(2)
    const { session } = await store.startPayment(cart.id)
    const link = session.data.payment_link_id as string
    await payLink(ctx.sandbox, link, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    expect((await store.complete(cart.id)).data.type).toBe("order")
    await settleWebhooks(ctx.sandbox, ctx.getContainer())
    const recorded = async () =>
      (await knex().raw(`SELECT event_id, payment_link_id FROM installments_webhook_event WHERE deleted_at IS NULL`)).rows
    const all = await recorded()
    const ofLink = all.filter((row) => row.payment_link_id === link)
    expect(ofLink.length).toBeGreaterThan(0)

    // This checkout's deliveries were received 40 days ago; a recent one stays.
    await knex().raw(`UPDATE installments_webhook_event SET created_at = now() - interval '40 days' WHERE payment_link_id = ?`, [link])
    await knex().raw(
      `INSERT INTO installments_webhook_event (id, event_id, event_name, created_at) VALUES ('iwe_recent', 'evt_recent', 'modal.closed', now() - interval '29 days')`
    )
    // The record of making this checkout's link, 31 days old, goes; one of 29 days stays.
    await knex().raw(`UPDATE installments_link_made SET created_at = now() - interval '31 days' WHERE session_id = ?`, [session.id])
    await knex().raw(
      `INSERT INTO installments_link_made (id, session_id, created_at) VALUES ('ilmd_recent', 'payses_recent', now() - interval '29 days')`
    )
    const made = async () =>
      (
        (await knex().raw(`SELECT session_id FROM installments_link_made WHERE deleted_at IS NULL`)).rows as { session_id: string }[]
      ).map((row) => row.session_id)
    const madeBefore = await made()
    expect(madeBefore).toContain(session.id)
    const deleted = await pruneWebhookEvents(getContainer(), { batchSize: 1 })
    expect(deleted.webhook_events).toBe(ofLink.length)
    expect(deleted.links_made).toBe(madeBefore.filter((id) => id === session.id).length)
    expect(await made()).toContain("payses_recent")
    expect(await made()).not.toContain(session.id)
    const left = await recorded()
    expect(left.map((row) => row.event_id).sort()).toEqual(
      [...all.filter((row) => row.payment_link_id !== link).map((row) => row.event_id), "evt_recent"].sort()
    )

    // The paid delivery again, as the service signed it 40 days ago.
    const paid = (await eventsOfLink(ctx.sandbox, link)).find((event) => event.event === "order.success")!
    const body = JSON.stringify({
      id: paid.id,
      event: paid.event,
      created_at: new Date(Date.now() - 40 * DAY).toISOString(),
      data: paid.data,
    })
    const reads = await linkReads(link)
    const mark = busMark(getContainer())
    const answer = await sendToWebhookRoute(api, body, { "content-type": "application/json", ...signedByService(ctx.sandbox, body) })
    expect(answer.status).toBe(200)
    expect(answer.data).toEqual({ received: true, ignored: true })
    // Medusa is idle and the ignored delivery queued nothing for the plugin's handling.
    expect(await settledAfter(getContainer(), mark)).not.toContain(RUNS.delivery)
    expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(1)
    expect(await linkReads(link)).toBe(reads)
    expect((await recorded()).map((row) => row.event_id)).not.toContain(paid.id)
  })

  // Last in its file: it moves the sandbox's clock on.
  it("B5. a link paid a minute before it expires, every webhook lost: the sweep after the grace reads it once and places one order", async () => {
    const checkout = await abandonedCheckout(3)
    const link = checkout.data.payment_link_id
    const { data: clock } = await ctx.sandbox.control.get("/clock")
    const untilExpiry = Date.parse(checkout.data.expires_at) - Date.parse(clock.now)
    await ctx.sandbox.control.post("/clock/advance", { ms: untilExpiry - MINUTE })
    const mark = busMark(getContainer())
    await payWithWebhooksLost(ctx.sandbox, link, { card_number: CARDS.mada, payment_option: "Pay In Full" })
    // Every delivery for the link was lost, and Medusa has nothing queued or running from one.
    expect(new Set(await deliveryStatusesOfLink(ctx.sandbox, link))).toEqual(new Set(["dropped"]))
    // (The clock's jump expires earlier checkouts' links, and their deliveries run: only this link's count.)
    expect(await settledAfterForLink(getContainer(), mark, link)).not.toContain(RUNS.delivery)
    expect(await ordersOfCart(getContainer(), checkout.cartId)).toHaveLength(0)

    const before = await linkReads(link)
    const past = Date.parse(checkout.data.expires_at) + LINK_EXPIRY_GRACE_MS
    await reconcilePendingSessions(getContainer(), { now: new Date(past + MINUTE) })
    expect(await ordersOfCart(getContainer(), checkout.cartId)).toHaveLength(1)
    // The final read found the payment (placing the order reads the link too, as a webhook's would).
    const placed = await linkReads(link)
    expect(placed).toBeGreaterThan(before)

    // Closed for the sweep: the next one reads nothing and places nothing more.
    await reconcilePendingSessions(getContainer(), { now: new Date(past + 11 * MINUTE) })
    expect(await linkReads(link)).toBe(placed)
    expect(await ordersOfCart(getContainer(), checkout.cartId)).toHaveLength(1)
  })
}
