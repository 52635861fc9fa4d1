import type { MedusaContainer } from "@medusajs/framework/types"
import reconcilePendingSessions, { type ReconcileOptions } from "../../src/jobs/reconcile-pending-sessions"
import refundStrayPayments, { type StrayPaymentOptions } from "../../src/jobs/refund-stray-payments"

/** The plugin's two sweeps, as Medusa's scheduler runs them every 10 minutes: waiting sessions, then paid links. */
export async function runSweeps(container: MedusaContainer, options: ReconcileOptions & StrayPaymentOptions = {}) {
  await reconcilePendingSessions(container, options)
  await refundStrayPayments(container, options)
}
