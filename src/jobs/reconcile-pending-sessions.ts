import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentActions } from "@medusajs/framework/utils"
import {
  LINK_EXPIRY_GRACE_MS,
  SESSION_LOOKBACK_MS,
  SETTLED_STATUSES,
  sweepStepFor,
  WAITING_STATUSES,
  type SweepStep,
} from "../installments/links/timing"
import { PROVIDER_ID_PREFIX, isInstallmentsProvider } from "../installments/registrations/provider-ids"
import { loadedRegistrations, sweepConcurrency } from "../installments/registrations/lookup"
import { inParallel } from "../lib/in-parallel"
import { idFloor, PAYMENT_SESSION_ID_PREFIX } from "../lib/ulid-floor"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { cancelUnpaidInstallmentsOrderWorkflow } from "../workflows/cancel-unpaid-order"
import { reconcileInstallmentsSessionWorkflow } from "../workflows/place-paid-order"
import { recordedJob } from "../installments/health/job-runs"

const PAGE_SIZE = 100
/** The sweep mark of session discovery: every session created before it is followed already. */
export const SESSIONS_MARK = "sessions"
// Sessions are looked for again this far back: one created (its id taken) just before a discovery
// but committed after it is still found.
const DISCOVERY_OVERLAP_MS = 10 * 60 * 1000

export interface ReconcileOptions {
  /** The sweep's clock for link timing; defaults to now. */
  now?: Date
  /** Earliest creation time of the sessions looked for on a first run; defaults to 8 days before `now`. */
  since?: Date
  /** How long after its link's expiry a session is still read; LINK_EXPIRY_GRACE_MS. */
  expiredGraceMs?: number
  /** Rows read per query page; 100. */
  pageSize?: number
}

interface SessionRow {
  id: string
  provider_id: string
  status: string
  data: Record<string, unknown> | null
  created_at: Date | string
}

/**
 * Settles the sessions still waiting (lost webhooks, closed browsers): a paid one is recorded as its
 * webhook would have done, and a failed or expired one whose order was placed during a bank review
 * gets that order canceled. Paid links no order records are the refund-stray-payments job's.
 *
 * What it reads is what is live: new sessions are found by id since the last discovery (the
 * primary key; Medusa's ids start with their creation time) and followed in the plugin's module;
 * each run reads only the followed sessions still open (a partial index). A session whose link
 * expired past the grace gets one final read, which still finds a payment whose webhooks were all
 * lost, and is then closed for the sweep. Medusa's scheduler passes `{ scheduledFor }` as the second
 * argument, which is ignored; tests pass a clock and grace periods.
 */
async function reconcilePendingSessions(container: MedusaContainer, options: ReconcileOptions = {}) {
  const now = options.now ?? new Date()
  const pageSize = options.pageSize ?? PAGE_SIZE
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  await discoverSessions(container, service, options.since ?? new Date(now.getTime() - SESSION_LOOKBACK_MS), pageSize)

  const concurrency = sweepConcurrency(await loadedRegistrations(container))
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const timing = { graceMs: options.expiredGraceMs ?? LINK_EXPIRY_GRACE_MS }
  let after: string | undefined
  for (;;) {
    // Keyset pages of the open items: items this run closes leave the filter without shifting pages.
    const items = await service.listOpenSweepItems("session", { after, take: pageSize })
    if (!items.length) {
      return
    }
    const { data } = await query.graph({
      entity: "payment_session",
      fields: ["id", "provider_id", "status", "data", "created_at"],
      filters: { id: items.map((item) => item.subject_id) },
    })
    const sessions = new Map((data as SessionRow[]).map((session) => [session.id, session]))
    const steps = items.map((item) => {
      const session = sessions.get(item.subject_id)
      return { item, session, step: sweepStepFor(session, now, timing) }
    })
    const toRead = steps.filter(
      (entry): entry is typeof entry & { session: SessionRow; step: Exclude<SweepStep, "close"> } => entry.step !== "close"
    )
    const closed = steps.filter((entry) => entry.step === "close").map((entry) => entry.item.id)
    await inParallel(concurrency, toRead.length, async (i) => {
      const { item, session, step } = toRead[i]
      const settled = await reconcileOne(container, logger, session)
      if (step === "final-read" && settled) {
        closed.push(item.id)
      }
    })
    await service.closeSweepItems(closed, now)
    if (items.length < pageSize) {
      return
    }
    after = items[items.length - 1].id
  }
}

/**
 * Follows the installments sessions created since the last discovery (on a first run, since
 * `since`), in keyset pages of their ids, then moves the discovery mark to when it began.
 */
async function discoverSessions(container: MedusaContainer, service: InstallmentsModuleService, since: Date, pageSize: number) {
  // The store's own clock: ids carry the time they were made, whatever clock the sweep judges by.
  const startedAt = new Date()
  const mark = await service.sweptTo(SESSIONS_MARK)
  const from = mark ? new Date(mark.getTime() - DISCOVERY_OVERLAP_MS) : since
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const floor = idFloor(PAYMENT_SESSION_ID_PREFIX, from)
  let after: string | undefined
  for (;;) {
    const { data } = await query.graph({
      entity: "payment_session",
      fields: ["id"],
      filters: {
        id: after ? { $gt: after } : { $gte: floor },
        provider_id: { $like: `${PROVIDER_ID_PREFIX}%` },
        status: [...WAITING_STATUSES, ...SETTLED_STATUSES],
      },
      pagination: { take: pageSize, order: { id: "ASC" } },
    })
    const ids = (data as { id: string }[]).map((row) => row.id)
    await service.followSweepItems("session", ids)
    if (ids.length < pageSize) {
      break
    }
    after = ids[ids.length - 1]
  }
  await service.markSweptTo(SESSIONS_MARK, startedAt)
}

/** Reads one session's link and acts on it; true when the service answered (the read is done). */
async function reconcileOne(container: MedusaContainer, logger: Logger, session: SessionRow): Promise<boolean> {
  if (!isInstallmentsProvider(session.provider_id)) {
    // Followed only as an installments session: another provider's has no link to read.
    return true
  }
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
    return !result.still_waiting
  } catch (error) {
    // One unreachable link must not stop the sweep; the next run tries again (a final read too).
    logger.warn(`installments: could not reconcile session ${session.id}: ${(error as Error).message}`)
    return false
  }
}

/** Every 10 minutes; INSTALLMENTS_RECONCILE_SCHEDULE (a cron expression, seconds allowed) overrides it. */
export const RECONCILE_SCHEDULE = process.env.INSTALLMENTS_RECONCILE_SCHEDULE || "*/10 * * * *"

export const config = { name: "installments-reconcile-pending-sessions", schedule: RECONCILE_SCHEDULE }

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, reconcilePendingSessions)
