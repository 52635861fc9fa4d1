import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { idFloor } from "../../lib/ulid-floor"
import { idTime } from "../../lib/ulid-time"
import { INSTALLMENTS_MODULE } from "../module-key"
import { PROVIDER_ID_PREFIX, type ProviderId } from "../registrations/provider-ids"
import { readSessionVerdict } from "../sessions/session-verdict"
import type { Knex } from "./day-rows"
import { checkoutRecordsWritten } from "./record-checkout"

/** A paid checkout whose Insights record says less than Medusa does: its payment exists, its record does not say paid. */
export interface MissedCheckout {
  payment_id: string
  session_id: string
  provider_id: ProviderId
  data: Record<string, unknown>
}

// A payment row is made when a session is authorized, so every one of an installments session was a
// read that found the link paid. Its checkout row is missing, or holds an earlier read, only when
// that read's record was lost (the process stopped within the recorder's tenth of a second, or the
// write failed). Read through the payment's primary key (ids begin with their time) and the
// checkout's unique session index: the cost is the payments since the mark, not the history.
const MISSED_SQL = `
  select p.id as payment_id, s.id as session_id, s.provider_id, s.data
  from payment p
  join payment_session s on s.id = p.payment_session_id and s.deleted_at is null
  left join installments_checkout c on c.session_id = s.id and c.deleted_at is null
  where p.id >= ? and p.id > ? and p.id < ? and p.provider_id like ? and p.deleted_at is null
    and (c.id is null or c.outcome not in ('paid', 'not_placed'))
  order by p.id
  limit ?`

/**
 * One page of the paid checkouts created in [`from`, `to`) whose record was lost, after `after`
 * (a payment id) in id order.
 */
export async function missedCheckouts(
  knex: Knex,
  { from, to, after, take }: { from: Date; to: Date; after?: string; take: number }
): Promise<MissedCheckout[]> {
  const { rows } = await knex.raw(MISSED_SQL, [idFloor("pay", from), after ?? "", idFloor("pay", to), `${PROVIDER_ID_PREFIX}%`, take])
  return (rows as Array<Record<string, unknown>>).map((row) => ({
    payment_id: String(row.payment_id),
    session_id: String(row.session_id),
    provider_id: row.provider_id as ProviderId,
    data: (row.data as Record<string, unknown> | null) ?? {},
  }))
}

/** The sweep mark of missed checkouts: every paid checkout before it has its record. */
export const MISSED_CHECKOUTS_MARK = "checkout-records"
const PAGE_SIZE = 100
// Payments this recent may still have their record waiting in a process's recorder (a tenth of a second).
const SETTLE_MS = 60 * 1000
// Read again this far before the mark: a payment whose id was taken just before a run but committed after it.
const OVERLAP_MS = 10 * 60 * 1000
// A first run looks this far back.
const FIRST_LOOKBACK_MS = 24 * 60 * 60 * 1000

export interface RecordMissedCheckoutsOptions {
  /** How recent a payment may be and still be left to its recorder; a minute. */
  settleMs?: number
  pageSize?: number
}

/** The module's sweep marks, as this sweep uses them. */
type SweepMarks = { sweptTo(name: string): Promise<Date | undefined>; markSweptTo(name: string, at: Date): Promise<void> }

/**
 * Records the paid checkouts whose Insights record was lost (D44): the recorder writes a read's
 * record after the answer, so a process that stops in that tenth of a second, or a failed write,
 * leaves a paid checkout with no record or an older one. Medusa's payment row says it was paid; its
 * link is read once more and recorded as every read is. Reads the payments made since its mark, by
 * the store's own clock (ids carry it), whatever clock the caller judges by; the roll-up job runs it
 * before it sums.
 */
export async function recordMissedCheckouts(container: MedusaContainer, options: RecordMissedCheckoutsOptions = {}) {
  const now = new Date()
  const take = options.pageSize ?? PAGE_SIZE
  const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  const service = container.resolve<SweepMarks>(INSTALLMENTS_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const mark = await service.sweptTo(MISSED_CHECKOUTS_MARK)
  const from = mark ? new Date(mark.getTime() - OVERLAP_MS) : new Date(now.getTime() - FIRST_LOOKBACK_MS)
  const to = new Date(now.getTime() - (options.settleMs ?? SETTLE_MS))
  let recorded = 0
  let failed = 0
  // A checkout that could not be read holds the mark back, so the next run reads it again.
  let heldAt: Date | undefined
  let after: string | undefined
  for (;;) {
    const page = await missedCheckouts(knex, { from, to, after, take })
    for (const checkout of page) {
      try {
        await readSessionVerdict(container, {
          session_id: checkout.session_id,
          provider_id: checkout.provider_id,
          data: checkout.data,
        })
        recorded++
      } catch (error) {
        failed++
        heldAt ??= idTime(checkout.payment_id)
        logger.warn(
          `installments: the Insights page is missing paid checkout ${checkout.session_id} and its payment link could not be read ` +
            `to add it (${(error as Error).message}); the next hourly roll-up tries again`
        )
      }
    }
    if (page.length < take) {
      break
    }
    after = page[page.length - 1].payment_id
  }
  await checkoutRecordsWritten()
  await service.markSweptTo(MISSED_CHECKOUTS_MARK, heldAt && heldAt < to ? heldAt : to)
  if (recorded || failed) {
    logger.info(
      `installments: added ${recorded} paid checkout(s) to the Insights page that a stopped process had not recorded` +
        `${failed ? `; ${failed} could not be read and are tried again next hour` : ""}`
    )
  }
  return { recorded, failed }
}
