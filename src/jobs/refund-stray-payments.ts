import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { settledPaidLinks } from "../installments/paid-checkout-state"
import { clientForProvider, loadedRegistrations, sweepConcurrency } from "../installments/registrations"
import { PAID_LINK_GRACE_MS } from "../installments/transactions"
import { inParallel } from "../lib/in-parallel"
import { refundInstallmentsCanceledOrderPaymentWorkflow } from "../workflows/refund-canceled-order-payment"
import { refundInstallmentsOrphanPaymentWorkflow } from "../workflows/refund-orphan-payment"
import { RECONCILE_SCHEDULE } from "./reconcile-pending-sessions"

// Paid links are listed back to the longest link lifetime plus this, for sweeps that did not run.
const MISSED_SWEEPS_MS = 24 * 60 * 60 * 1000
const LINK_PAGE_SIZE = 100
// Newest first: past this many pages a sweep leaves the oldest links, which earlier sweeps checked
// while they were newer, rather than the ones most recently paid.
const MAX_LINK_PAGES = 50

export interface StrayPaymentOptions {
  /** The sweep's clock; defaults to now. */
  now?: Date
  /** Earliest creation time of the links looked at; defaults to the longest linkTtlMinutes plus a day. */
  since?: Date
  /**
   * Paid links younger than this are not judged orphans (a checkout may be completing), nor refunded
   * directly when paid after their order was canceled (Medusa may still be recording them); 10 minutes.
   */
  orphanGraceMs?: number
}

/**
 * Lists the links paid since `since` for each merchant account the providers use (one listing per
 * account however many registrations share it) and refunds the payments no order will keep: those
 * no order records (orphans) and those made after their order was canceled. Without an explicit
 * `since`, only links young enough to have been paid recently are listed: a link can be paid only
 * until it expires (linkTtlMinutes), and a day is added for sweeps that did not run. Runs on the
 * reconciliation schedule.
 */
export default async function refundStrayPayments(container: MedusaContainer, options: StrayPaymentOptions = {}) {
  const now = options.now ?? new Date()
  const registrations = await loadedRegistrations(container)
  const concurrency = sweepConcurrency(registrations)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const longestTtlMs = Math.max(0, ...registrations.map((r) => r.options.linkTtlMinutes * 60_000))
  const from = options.since ?? new Date(now.getTime() - longestTtlMs - MISSED_SWEEPS_MS)
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

async function sweepLink(
  container: MedusaContainer,
  logger: Logger,
  registrationId: string,
  linkId: string,
  now: Date,
  options: StrayPaymentOptions
) {
  const graceMs = options.orphanGraceMs ?? PAID_LINK_GRACE_MS
  try {
    const { result } = await refundInstallmentsOrphanPaymentWorkflow(container).run({
      input: { provider_id: registrationId, payment_link_id: linkId, now: now.getTime(), grace_ms: graceMs },
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

export const config = { name: "installments-refund-stray-payments", schedule: RECONCILE_SCHEDULE }
