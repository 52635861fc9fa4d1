import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentSessionStatus } from "@medusajs/framework/utils"
import { reconcileInstallmentsSessionWorkflow } from "../workflows/reconcile-session"

const WAITING = [
  PaymentSessionStatus.PENDING,
  PaymentSessionStatus.REQUIRES_MORE,
  PaymentSessionStatus.PENDING_AUTHORIZATION,
]
// Links live at most 7 days (linkTtlMinutes); older sessions cannot be paid any more.
const LOOKBACK_MS = 8 * 24 * 60 * 60 * 1000

/** Sweeps sessions still waiting (lost webhooks, closed browsers) and settles the paid ones. */
export default async function reconcilePendingSessions(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["id", "provider_id", "status", "data", "authorized_at"],
    filters: {
      status: WAITING,
      created_at: { $gte: new Date(Date.now() - LOOKBACK_MS) },
    },
  })
  for (const session of sessions as { id: string; provider_id: string; data: Record<string, unknown> }[]) {
    if (!session.provider_id.startsWith("pp_installments_")) {
      continue
    }
    try {
      await reconcileInstallmentsSessionWorkflow(container).run({
        input: { session_id: session.id, provider_id: session.provider_id, data: session.data },
      })
    } catch (error) {
      // One unreachable link must not stop the sweep; the next run tries again.
      logger.warn(`installments: could not reconcile session ${session.id}: ${(error as Error).message}`)
    }
  }
}

export const config = { name: "installments-reconcile-pending-sessions", schedule: "*/10 * * * *" }
