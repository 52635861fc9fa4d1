import type { ObservableResult } from "@opentelemetry/api"
import { metrics } from "@opentelemetry/api"
import type { MedusaContainer } from "@medusajs/framework/types"
import { healthStore, type Knex } from "../health/store"
import { meter } from "./metrics"
import { ATTR, METRIC } from "./names"
import { WILL_RETRY_SQL } from "../refunds/failures"

/**
 * The states the gauge reports, each every time (0 when none), so a series falls to zero rather than
 * vanishing: `sending` and `unknown` (the service's answer not known yet), `pending` (accepted, not
 * settled), `retrying` (refused for a reason that passes, a retry due) and `failed` (for good).
 * Settled refunds (`R`) are not counted: they are most of the ledger and need no one.
 */
export const REFUND_INTENT_STATES = ["sending", "unknown", "pending", "retrying", "failed"] as const
export type RefundIntentState = (typeof REFUND_INTENT_STATES)[number]

/**
 * The ledger's count per state: one grouped, read-only query on `installments_refund` that reads
 * only the rows not settled (through the status indexes), whatever the ledger's size.
 */
export async function countRefundIntents(knex: Knex): Promise<Record<RefundIntentState, number>> {
  const { rows } = await knex.raw(
    `select case when "status" = 'P' then 'pending'
       when ${WILL_RETRY_SQL} then 'retrying'
       else "status" end as "state", count(*)::int as "count"
     from "installments_refund" where "deleted_at" is null and "status" in ('sending', 'unknown', 'P', 'failed')
     group by 1`
  )
  const counts = Object.fromEntries(REFUND_INTENT_STATES.map((state) => [state, 0])) as Record<RefundIntentState, number>
  for (const row of rows) {
    const state = String(row.state) as RefundIntentState
    if (state in counts) {
      counts[state] = Number(row.count)
    }
  }
  return counts
}

let observed: { provider: unknown; knex: Knex } | undefined

/**
 * Registers the `installments.refund.intents` gauge on the meter (once per meter provider), read on
 * each collection from the database of the first container handed here (a job's or a request's:
 * every process has one connection). A failed read reports nothing for that collection.
 */
export function observeRefundIntents(container: Pick<MedusaContainer, "resolve">): void {
  const provider = metrics.getMeterProvider()
  if (observed?.provider === provider) {
    return
  }
  const knex = healthStore(container)
  if (!knex) {
    return
  }
  observed = { provider, knex }
  try {
    meter()
      .createObservableGauge(METRIC.refundIntents, {
        description: "Refunds in the plugin's ledger that are not settled, by state",
        unit: "{refund}",
      })
      .addCallback(async (result: ObservableResult) => {
        try {
          const counts = await countRefundIntents(knex)
          for (const state of REFUND_INTENT_STATES) {
            result.observe(counts[state], { [ATTR.refundState]: state })
          }
        } catch {
          // The database unreachable at collection time: this collection has no value, the next may.
        }
      })
  } catch {
    // A meter provider that throws: no gauge, and the job or delivery that asked goes on.
  }
}
