import { detail } from "../../report"
import type { JourneyStep } from "../step"

interface StatementAnswer {
  statement: {
    currency: string
    summary: { total_gross_sales: string; total_fees: string; total_vat: string; total_refunds: string; net_payout_amount: string }
  }
}

/** Today's statement totals, as the accountant reads them in the admin (GET /admin/installments/statements). */
export const statementStep: JourneyStep = {
  name: "Statement totals for today",
  hint: "GET /admin/installments/statements and the sandbox's statements (POST /reports/statements)",
  async run(ctx) {
    const today = new Date().toISOString().slice(0, 10)
    const { statement } = await ctx.admin.client.fetch<StatementAnswer>("/admin/installments/statements", {
      // The demo store registers the provider three times (both, installments-only, card-only): one merchant account.
      query: { from_date: today, to_date: today, provider_id: "installments" },
    })
    const { total_gross_sales, total_fees, total_vat, total_refunds, net_payout_amount } = statement.summary
    detail(
      `gross ${total_gross_sales}, fees ${total_fees}, VAT on fees ${total_vat}, refunds ${total_refunds}, net payout ${net_payout_amount} ${statement.currency}`
    )
  },
}
