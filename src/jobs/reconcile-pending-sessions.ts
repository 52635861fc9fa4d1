import type { ConfigModule, IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { inParallel } from "../lib/in-parallel"
import { clientForProvider } from "../installments/registrations"
import type { ProviderOptions } from "../installments/options"
import { installmentsProviderOptions } from "../installments/registrations"
import { cancelUnpaidInstallmentsOrderWorkflow } from "../workflows/after-webhook/cancel-unpaid-order"
import { refundInstallmentsCanceledOrderPaymentWorkflow } from "../workflows/after-webhook/refund-canceled-order-payment"
import { reconcileInstallmentsSessionWorkflow } from "../workflows/reconcile/reconcile-session"
import { refundInstallmentsOrphanPaymentWorkflow } from "../workflows/after-webhook/refund-orphan-payment"
import { ORPHAN_GRACE_MS } from "../workflows/after-webhook/orphan-decision"
import { settledPaidLinks } from "../installments/paid-checkout-state"
import { isInstallmentsProvider, PROVIDER_ID_PREFIX, registrationIdOf } from "../installments/provider-ids"

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
// Paid links are listed back to the longest link lifetime plus this, for sweeps that did not run.
const MISSED_SWEEPS_MS = 24 * 60 * 60 * 1000
const PAGE_SIZE = 100
const LINK_PAGE_SIZE = 100
// Newest first: past this many pages a sweep leaves the oldest links, which earlier sweeps checked
// while they were newer, rather than the ones most recently paid.
const MAX_LINK_PAGES = 50
const DEFAULT_CONCURRENCY = 4

export interface ReconcileOptions {
  /** The sweep's clock; defaults to now. */
  now?: Date
  /**
   * Earliest creation time of the sessions and links looked at; defaults to 8 days before `now` for
   * sessions and to the longest linkTtlMinutes plus a day for paid links.
   */
  since?: Date
  /**
   * Paid links younger than this are not judged orphans (a checkout may be completing), nor refunded
   * directly when paid after their order was canceled (Medusa may still be recording them); 10 minutes.
   */
  orphanGraceMs?: number
  /** How long after its link's expiry an error/canceled session is still looked at; 1 hour. */
  expiredGraceMs?: number
  /** Sessions read per query page; 100. */
  pageSize?: number
}

interface Registration {
  id: string
  options: ProviderOptions
}

interface SessionRow {
  id: string
  provider_id: string
  status: PaymentSessionStatus
  data: Record<string, unknown> | null
}

/**
 * Sweeps sessions still waiting (lost webhooks, closed browsers): a paid one is settled like its
 * webhook would have, a failed or expired one whose order was placed during a bank review gets that
 * order canceled. Then sweeps paid links and refunds those no order records (orphan payments) and
 * those paid after their order was canceled (the payment Medusa then records on the canceled order).
 * Medusa's scheduler passes `{ scheduledFor }` as the second argument, which is ignored; tests pass
 * a clock and grace periods.
 */
export default async function reconcilePendingSessions(container: MedusaContainer, options: ReconcileOptions = {}) {
  const now = options.now ?? new Date()
  const registrations = await installmentsRegistrations(container)
  // Checks run side by side (each is one service read and a workflow); the most cautious
  // registration sets how many, as they usually share the merchant account's rate limit.
  const concurrency = registrations.length
    ? Math.min(...registrations.map((registration) => registration.options.reconcileConcurrency))
    : DEFAULT_CONCURRENCY
  await reconcileSessions(container, now, options.since ?? new Date(now.getTime() - LOOKBACK_MS), concurrency, options)
  await sweepPaidLinks(container, registrations, now, options.since, concurrency, options)
}

async function reconcileSessions(container: MedusaContainer, now: Date, since: Date, concurrency: number, options: ReconcileOptions) {
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
        isInstallmentsProvider(session.provider_id) &&
        !(SETTLED.includes(session.status) && linkClosed(session.data, now, expiredGrace))
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

/** The installments registrations Medusa loaded (`installments` for `pp_installments_installments`), with their options. */
async function installmentsRegistrations(container: MedusaContainer): Promise<Registration[]> {
  const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const providers = await payment.listPaymentProviders({}, { select: ["id"] })
  return providers
    .map((provider) => registrationIdOf(provider.id))
    .filter((id): id is string => id !== undefined)
    .flatMap((id) => {
      const providerOptions = installmentsProviderOptions(config, id)
      return providerOptions ? [{ id, options: providerOptions }] : []
    })
}

/**
 * Lists the links paid since `since` for each merchant account the providers use (one listing per
 * account however many registrations share it) and refunds those no order records or whose order
 * was canceled before they were paid. Without an explicit `since`, only links young enough to have
 * been paid recently are listed: a link can be paid only until it expires (linkTtlMinutes), and a
 * day is added for sweeps that did not run.
 */
async function sweepPaidLinks(
  container: MedusaContainer,
  registrations: Registration[],
  now: Date,
  since: Date | undefined,
  concurrency: number,
  options: ReconcileOptions
) {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const longestTtlMs = Math.max(0, ...registrations.map((r) => r.options.linkTtlMinutes * 60_000))
  const from = since ?? new Date(now.getTime() - longestTtlMs - MISSED_SWEEPS_MS)
  const accounts = new Set<string>()
  const links = new Set<string>()
  for (const { id, options: providerOptions } of registrations) {
    const account = `${providerOptions.baseUrl}|${providerOptions.storeId}`
    const client = clientForProvider(container, id)
    if (!client || accounts.has(account)) {
      continue
    }
    accounts.add(account)
    try {
      for (let page = 1; page <= MAX_LINK_PAGES; page++) {
        const list = await client.paymentLinks.list(providerOptions.storeId, {
          status: "Paid",
          from_date: from.toISOString(),
          page,
          limit: LINK_PAGE_SIZE,
          sort_by: "created_at",
          sort_order: "desc",
        })
        const fresh: string[] = []
        for (const record of list.data) {
          if (!links.has(record.payment_link_id)) {
            links.add(record.payment_link_id)
            fresh.push(record.payment_link_id)
          }
        }
        // Nearly every paid link is a completed checkout: one query for the page settles those, and
        // only the others cost a link read and the orphan and canceled-order checks.
        const settled = await settledPaidLinks(container, fresh)
        const unsettled = fresh.filter((link) => !settled.has(link.toLowerCase()))
        await inParallel(concurrency, unsettled.length, (i) => sweepLink(container, logger, id, unsettled[i], now, options))
        if (list.data.length < LINK_PAGE_SIZE || page * LINK_PAGE_SIZE >= list.total) {
          break
        }
      }
    } catch (error) {
      logger.warn(`installments: could not list paid payment links for provider ${id}: ${(error as Error).message}`)
    }
  }
}

async function sweepLink(container: MedusaContainer, logger: Logger, providerId: string, linkId: string, now: Date, options: ReconcileOptions) {
  const graceMs = options.orphanGraceMs ?? ORPHAN_GRACE_MS
  try {
    const { result } = await refundInstallmentsOrphanPaymentWorkflow(container).run({
      input: { provider_id: providerId, payment_link_id: linkId, now: now.getTime(), grace_ms: graceMs },
    })
    if (result.session_holds_link && result.session_id) {
      // Not an orphan, but its order may have been canceled before the customer paid: refunded once.
      await refundInstallmentsCanceledOrderPaymentWorkflow(container).run({
        input: { session_id: result.session_id, payment_link_id: linkId, now: now.getTime(), grace_ms: graceMs },
      })
    }
  } catch (error) {
    // The refund keys and Medusa's own refund records make the next sweep's attempt safe.
    logger.warn(`installments: could not check payment link ${linkId} for a payment to refund: ${(error as Error).message}`)
  }
}

/** Every 10 minutes; INSTALLMENTS_RECONCILE_SCHEDULE (a cron expression, seconds allowed) overrides it. */
export const RECONCILE_SCHEDULE = process.env.INSTALLMENTS_RECONCILE_SCHEDULE || "*/10 * * * *"

export const config = { name: "installments-reconcile-pending-sessions", schedule: RECONCILE_SCHEDULE }
