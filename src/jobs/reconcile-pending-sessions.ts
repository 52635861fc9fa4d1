import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { isInstallmentsProvider, PROVIDER_ID_PREFIX } from "../installments/provider-ids"
import { loadedRegistrations, sweepConcurrency } from "../installments/registrations"
import { inParallel } from "../lib/in-parallel"
import { cancelUnpaidInstallmentsOrderWorkflow } from "../workflows/cancel-unpaid-order"
import { reconcileInstallmentsSessionWorkflow } from "../workflows/place-paid-order"

const WAITING = [
  PaymentSessionStatus.PENDING,
  PaymentSessionStatus.REQUIRES_MORE,
  PaymentSessionStatus.PENDING_AUTHORIZATION,
]
// Marked error or canceled (at a cart completion, or by the plugin), but their link may still be
// paid until it expires: looked at until expires_at plus a grace period has passed.
const SETTLED = [PaymentSessionStatus.ERROR, PaymentSessionStatus.CANCELED]
// Links live at most 7 days (linkTtlMinutes); older sessions and links cannot be paid any more.
const LOOKBACK_MS = 8 * 24 * 60 * 60 * 1000
const EXPIRED_GRACE_MS = 60 * 60 * 1000
const PAGE_SIZE = 100

export interface ReconcileOptions {
  /** The sweep's clock; defaults to now. */
  now?: Date
  /** Earliest creation time of the sessions looked at; defaults to 8 days before `now`. */
  since?: Date
  /** How long after its link's expiry an error/canceled session is still looked at; 1 hour. */
  expiredGraceMs?: number
  /** Sessions read per query page; 100. */
  pageSize?: number
}

interface SessionRow {
  id: string
  provider_id: string
  status: PaymentSessionStatus
  data: Record<string, unknown> | null
}

/**
 * Settles the sessions still waiting (lost webhooks, closed browsers): a paid one is recorded as its
 * webhook would have done, and a failed or expired one whose order was placed during a bank review
 * gets that order canceled. Paid links no order records are the refund-stray-payments job's.
 * Medusa's scheduler passes `{ scheduledFor }` as the second argument, which is ignored; tests pass
 * a clock and grace periods.
 */
export default async function reconcilePendingSessions(container: MedusaContainer, options: ReconcileOptions = {}) {
  const now = options.now ?? new Date()
  const since = options.since ?? new Date(now.getTime() - LOOKBACK_MS)
  const concurrency = sweepConcurrency(await loadedRegistrations(container))
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const pageSize = options.pageSize ?? PAGE_SIZE
  const expiredGrace = options.expiredGraceMs ?? EXPIRED_GRACE_MS
  let cursor: string | undefined
  for (;;) {
    // Keyset paging on the id: sessions this sweep settles leave the filter without shifting pages.
    const { data } = await query.graph({
      entity: "payment_session",
      fields: ["id", "provider_id", "status", "data"],
      filters: {
        status: [...WAITING, ...SETTLED],
        provider_id: { $like: `${PROVIDER_ID_PREFIX}%` },
        created_at: { $gte: since },
        ...(cursor ? { id: { $gt: cursor } } : {}),
      },
      pagination: { take: pageSize, order: { id: "ASC" } },
    })
    const sessions = data as SessionRow[]
    const open = sessions.filter(
      (session) =>
        isInstallmentsProvider(session.provider_id) && !(SETTLED.includes(session.status) && linkClosed(session.data, now, expiredGrace))
    )
    await inParallel(concurrency, open.length, (i) => reconcileOne(container, logger, open[i]))
    if (sessions.length < pageSize) {
      return
    }
    cursor = sessions[sessions.length - 1].id
  }
}

function linkClosed(data: Record<string, unknown> | null, now: Date, graceMs: number): boolean {
  const expiresAt = typeof data?.expires_at === "string" ? Date.parse(data.expires_at) : NaN
  return Number.isNaN(expiresAt) || expiresAt + graceMs < now.getTime()
}

async function reconcileOne(container: MedusaContainer, logger: Logger, session: SessionRow) {
  try {
    const { result } = await reconcileInstallmentsSessionWorkflow(container).run({
      input: { session_id: session.id, provider_id: session.provider_id, data: session.data ?? {} },
    })
    if (result.action === PaymentActions.SUCCESSFUL) {
      // Says which process settled it: on a server-and-worker deployment only the worker runs this job.
      logger.info(`installments: the reconciliation job settled paid session ${session.id}`)
    }
    if (result.action === PaymentActions.FAILED || result.action === PaymentActions.CANCELED) {
      // Cancels the order only when one was placed with the payment pending and nothing was paid.
      await cancelUnpaidInstallmentsOrderWorkflow(container).run({ input: { session_id: session.id } })
    }
  } catch (error) {
    // One unreachable link must not stop the sweep; the next run tries again.
    logger.warn(`installments: could not reconcile session ${session.id}: ${(error as Error).message}`)
  }
}

/** Every 10 minutes; INSTALLMENTS_RECONCILE_SCHEDULE (a cron expression, seconds allowed) overrides it. */
export const RECONCILE_SCHEDULE = process.env.INSTALLMENTS_RECONCILE_SCHEDULE || "*/10 * * * *"

export const config = { name: "installments-reconcile-pending-sessions", schedule: RECONCILE_SCHEDULE }
