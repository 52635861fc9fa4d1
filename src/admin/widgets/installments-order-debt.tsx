import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { OrderDebtCard } from "../components/order-debt/order-debt-card"

/** On the order page, when the order owes money (an exchange, an edit): the amount and a payment link for it. */
const InstallmentsOrderDebt = ({ data: order }: DetailWidgetProps<AdminOrder>) => <OrderDebtCard kind="order" orderId={order.id} />

export const config = defineWidgetConfig({
  zone: "order.details.side.before",
  id: "installments-order-debt",
})

export default InstallmentsOrderDebt
