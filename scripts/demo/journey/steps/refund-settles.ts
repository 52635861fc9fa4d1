import { formatAmount, fromMedusaAmount } from "../../../../src/lib/money"
import { detail } from "../../report"
import { sandboxControl, waitFor } from "../context"
import type { JourneyStep } from "../step"

interface LedgerRow {
  status: "pending" | "settled" | "failed"
  rrn: string | null
  amount: number | string
}

/** The service settles the refund to the card: the plugin's refund ledger shows it settled with the bank's rrn. */
export const refundSettlesStep: JourneyStep = {
  name: "Refund settles with its rrn (refund ledger)",
  hint: "GET /admin/installments/refunds and the sandbox's webhook deliveries (GET /__sandbox/webhooks/deliveries)",
  async run(ctx) {
    const ledger = async () => {
      const { refunds } = await ctx.admin.client.fetch<{ refunds: LedgerRow[] }>("/admin/installments/refunds", {
        query: { transaction_id: ctx.transactionId },
      })
      return refunds
    }
    await waitFor("the refund's entry in the ledger", async () => ((await ledger()).length ? true : undefined))
    // The sandbox settles the first refund of an hour on its own; a later one waits for this call.
    await sandboxControl(ctx, "/refunds/settle", { transaction_id: ctx.transactionId })
    const settled = await waitFor("the refund's settlement (status settled)", async () => {
      const row = (await ledger()).find((refund) => refund.status === "settled" && refund.rrn)
      return row ?? undefined
    })
    detail(`${formatAmount(fromMedusaAmount(settled.amount))} SAR settled, rrn ${settled.rrn}`)
  },
}
