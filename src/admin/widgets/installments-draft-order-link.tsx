import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminDraftOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { OrderDebtCard } from "../components/order-debt/order-debt-card"

/** On the draft order page: a payment link for the draft's total; paid, the draft becomes an order. */
const InstallmentsDraftOrderLink = ({ data: draft }: DetailWidgetProps<AdminDraftOrder>) => (
  <OrderDebtCard kind="draft" orderId={draft.id} />
)

export const config = defineWidgetConfig({
  zone: "draft_order.details.side.before",
  id: "installments-draft-order-link",
})

export default InstallmentsDraftOrderLink
