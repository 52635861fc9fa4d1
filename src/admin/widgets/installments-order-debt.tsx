import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { RequestLinkDrawer } from "../components/order-debt/request-link-drawer"
import { useOrderDebt } from "../hooks/use-order-debt"
import { formatSar } from "../lib/format"
import { formatAmount, roundMedusaAmount } from "../../lib/money"

// What the order owes, rounded to the halala as the link will be; null when it owes nothing.
const owedText = (pending: unknown): string | null => {
  if (pending === undefined || pending === null) {
    return null
  }
  const halalas = roundMedusaAmount(pending)
  return halalas > 0n ? formatAmount(halalas) : null
}

/** On the order page, when the order owes money (an exchange, an edit): the amount and a payment link for it. */
const InstallmentsOrderDebt = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t, i18n } = useTranslation()
  const { data } = useOrderDebt(order.id)
  const current = data?.order
  const owed = owedText(current?.summary?.pending_difference)
  if (!current || current.status === "canceled" || !owed) {
    return null
  }
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="installments-order-debt">
      <Heading level="h2">{t("installments.orderDebt.title")}</Heading>
      <Text size="small" className="text-ui-fg-subtle" data-testid="installments-order-debt-owed">
        {t("installments.orderDebt.owed", { amount: formatSar(owed, i18n.language) })}
      </Text>
      <div className="flex justify-end">
        <RequestLinkDrawer orderId={current.id} displayId={current.display_id ?? 0} owed={owed} />
      </div>
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.before",
  id: "installments-order-debt",
})

export default InstallmentsOrderDebt
