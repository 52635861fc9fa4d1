import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { formatAmount, roundMedusaAmount } from "../../../../../lib/money"
import type { InsightsCheckoutsAnswer } from "../../../../../installments/insights/answer"
import { insightsWindow } from "../../../../../installments/insights/window"
import { INSTALLMENTS_MODULE } from "../../../../../modules/installments"
import type InstallmentsModuleService from "../../../../../modules/installments/service"
import { insightsScope } from "../insights-scope"
import type { AdminInsightsCheckoutsQueryType } from "../validators"

const amountOrNull = (amount: unknown) => (amount === null || amount === undefined ? null : formatAmount(roundMedusaAmount(amount)))

type SessionOrder = { id: string; payment_collection?: { order?: { id: string; display_id?: number | null } | null } | null }

/**
 * The checkouts behind a figure of the funnel, a page at a time (newest first, Medusa-style
 * `limit`/`offset`/`count`): when each started, what it asked, how it ended, its refused attempts,
 * the plan, the service's fee and VAT on a payment, and its order once placed.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminInsightsCheckoutsQueryType>, res: MedusaResponse) => {
  const { provider_id, from_date, to_date, outcome, limit, offset } = req.validatedQuery
  const scope = insightsScope(req.scope, provider_id)
  const window = insightsWindow(from_date, to_date)
  const service = req.scope.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  // The started_at index, newest first; the id breaks ties so pages never overlap.
  const [rows, count] = await service.listAndCountInstallmentsCheckouts(
    {
      started_at: { $gte: window.start, $lt: window.end },
      ...(outcome ? { outcome } : {}),
      ...(scope.provider_id ? { provider_id: scope.provider_id } : {}),
    },
    { order: { started_at: "DESC", id: "DESC" }, skip: offset, take: limit }
  )
  const orders = new Map<string, { id: string; display_id: number | null }>()
  if (rows.length) {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_session",
      fields: ["id", "payment_collection.order.id", "payment_collection.order.display_id"],
      filters: { id: rows.map((row) => row.session_id) },
    })
    for (const session of data as SessionOrder[]) {
      const order = session.payment_collection?.order
      if (order) orders.set(session.id, { id: order.id, display_id: order.display_id ?? null })
    }
  }
  const answer: InsightsCheckoutsAnswer = {
    checkouts: rows.map((row) => ({
      session_id: row.session_id,
      provider_id: row.provider_id,
      payment_link_id: row.payment_link_id,
      started_at: new Date(row.started_at).toISOString(),
      amount: formatAmount(roundMedusaAmount(row.amount)),
      outcome: row.outcome,
      bank_rejections: row.bank_rejections,
      card_declines: row.card_declines,
      payment_option: row.payment_option,
      bank: row.bank,
      tenure_months: row.tenure_months,
      fee: amountOrNull(row.fee),
      fee_vat: amountOrNull(row.fee_vat),
      decided_at: new Date(row.decided_at).toISOString(),
      order: orders.get(row.session_id) ?? null,
    })),
    count,
    limit,
    offset,
  }
  res.json(answer)
}
