import { detail } from "../../report"
import { MERCHANT } from "../../config"
import type { JourneyStep } from "../step"

/**
 * Today's statement totals from the service. When the back-office API lands, this step reads its
 * statement route instead of the plugin's client.
 */
export const statementStep: JourneyStep = {
  name: "Statement totals for today",
  hint: "the sandbox's statements (POST /reports/statements)",
  async run(ctx) {
    const today = new Date().toISOString().slice(0, 10)
    const report = await ctx.service.reports.statements({ from_date: today, to_date: today, store_id: MERCHANT.storeId })
    const { total_gross_sales, total_fees, total_vat, total_refunds, net_payout_amount } = report.summary
    detail(`gross ${total_gross_sales}, fees ${total_fees}, VAT on fees ${total_vat}, refunds ${total_refunds}, net payout ${net_payout_amount} ${report.currency}`)
  },
}
