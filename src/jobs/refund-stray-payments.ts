import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { settledPaidLinks } from "../installments/sessions/paid-checkout-state"
import { clientForProvider, loadedRegistrations, sweepConcurrency } from "../installments/registrations/lookup"
import { PAID_LINK_GRACE_MS } from "../installments/links/transactions"
import { inParallel } from "../lib/in-parallel"
import { INSTALLMENTS_MODULE } from "../modules/installments"
import type InstallmentsModuleService from "../modules/installments/service"
import { refundInstallmentsCanceledOrderPaymentWorkflow } from "../workflows/refund-canceled-order-payment"
import { refundInstallmentsOrphanPaymentWorkflow } from "../workflows/refund-orphan-payment"
import { RECONCILE_SCHEDULE } from "./reconcile-pending-sessions"
import { LONGEST_LINK_LIFE_MS } from "../installments/links/timing"
import type { RegistrationId } from "../installments/registrations/provider-ids"
import { recordedJob } from "../installments/health/job-runs"

// Before an account's first complete sweep, paid links are listed back to the longest link lifetime
// plus this.
const FIRST_SWEEP_MS = 24 * 60 * 60 * 1000
// A sweep lists again this much before where the last one got to: links paid within the orphan
// grace were left for it, and the service's clock may differ from the store's.
const SAFETY_OVERLAP_MS = 30 * 60 * 1000
const LINK_PAGE_SIZE = 100
// A checkout's session is made moments before its first link; a later link for the same session
// (the cart changed) comes within this. A session made earlier is not looked for in the one query
// of a page: its link then costs a read, as any link not known settled does.
const SESSION_BEFORE_LINK_MS = 60 * 60 * 1000
// Oldest first, this many pages a sweep: a store that was down catches up over several sweeps, each
// moving the account's mark to the last link it checked.
const MAX_LINK_PAGES = 50

export interface StrayPaymentOptions {
  /** The sweep's clock for the grace periods; defaults to now. */
  now?: Date
  /**
   * Earliest creation time of the links looked at, ignoring the account's mark (which is then left
   * as it is); by default a sweep continues from the mark the last one left.
   */
  since?: Date
  /**
   * Paid links younger than this are not judged orphans (a checkout may be completing), nor refunded
   * directly when paid after their order was canceled (Medusa may still be recording them); 10 minutes.
   */
  orphanGraceMs?: number
}

/** The sweep mark of a merchant account's paid links: links created before it were all checked. */
export function paidLinksMark(options: { storeId: string; baseUrl: string }): string {
  return `paid-links:${options.storeId}@${options.baseUrl}`
}

/**
 * Lists the links paid since the last complete sweep for each merchant account the providers use
 * (one listing per account however many registrations share it) and refunds the payments no order
 * will keep: those no order records (orphans) and those made after their order was canceled.
 *
 * Each account has a mark in the plugin's module (where its last sweep got to), so a sweep lists
 * only the links created since the mark, less the longest link lifetime (a link may be paid until it
 * expires) and a safety overlap, oldest first. A complete sweep moves the mark to when it began;
 * one that stops at its page limit moves it to the last link it checked, so a store that was down
 * catches up over the next sweeps. Without a mark, links are listed back to the longest lifetime
 * plus a day. Runs on the reconciliation schedule.
 */
async function refundStrayPayments(container: MedusaContainer, options: StrayPaymentOptions = {}) {
  const now = options.now ?? new Date()
  // Where a complete sweep gets to: the store's own clock, whatever clock the sweep judges by.
  const startedAt = new Date()
  const registrations = await loadedRegistrations(container)
  const concurrency = sweepConcurrency(registrations)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const service = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  // Order-payment and draft links live up to 7 days whatever a registration's linkTtlMinutes.
  const longestTtlMs = LONGEST_LINK_LIFE_MS
  const accounts = new Set<string>()
  const links = new Set<string>()
  for (const { id, options: providerOptions } of registrations) {
    const mark = paidLinksMark(providerOptions)
    const client = clientForProvider(container, id)
    if (!client || accounts.has(mark)) {
      continue
    }
    accounts.add(mark)
    const sweptTo = options.since ? undefined : await service.sweptTo(mark)
    const from =
      options.since ??
      (sweptTo
        ? new Date(sweptTo.getTime() - longestTtlMs - SAFETY_OVERLAP_MS)
        : new Date(now.getTime() - longestTtlMs - FIRST_SWEEP_MS))
    try {
      let lastCreated: Date | undefined
      for (let page = 1; ; page++) {
        const list = await client.paymentLinks.list(providerOptions.storeId, {
          status: "Paid",
          from_date: from.toISOString(),
          page,
          limit: LINK_PAGE_SIZE,
          sort_by: "created_at",
          sort_order: "asc",
        })
        const fresh: string[] = []
        for (const record of list.data) {
          if (!links.has(record.payment_link_id)) {
            links.add(record.payment_link_id)
            fresh.push(record.payment_link_id)
          }
          const created = record.created_at ? new Date(record.created_at) : undefined
          lastCreated = created && !Number.isNaN(created.getTime()) ? created : lastCreated
        }
        // Nearly every paid link is a completed checkout: one query for the page settles those, and
        // only the others cost a link read and the orphan and canceled-order checks.
        const settled = await settledPaidLinks(container, fresh, { sessionsSince: new Date(from.getTime() - SESSION_BEFORE_LINK_MS) })
        const unsettled = fresh.filter((link) => !settled.has(link.toLowerCase()))
        await inParallel(concurrency, unsettled.length, (i) => sweepLink(container, logger, id, unsettled[i], now, options))
        if (list.data.length < LINK_PAGE_SIZE || page * LINK_PAGE_SIZE >= list.total) {
          if (!options.since) {
            await service.markSweptTo(mark, startedAt)
          }
          break
        }
        if (page >= MAX_LINK_PAGES) {
          // Caught up to the last link checked: the next sweep lists on from there (a mark is where
          // the lifetime and overlap are taken off, so they are added back).
          if (!options.since && lastCreated) {
            await service.markSweptTo(
              mark,
              new Date(Math.min(startedAt.getTime(), lastCreated.getTime() + longestTtlMs + SAFETY_OVERLAP_MS))
            )
          }
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
  registrationId: RegistrationId,
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

// Each run's start, end and outcome for the health page (installments/health/job-runs.ts).
export default recordedJob(config, refundStrayPayments)
