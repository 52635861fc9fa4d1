import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Button, Container, Heading, Text } from "@medusajs/ui"
import { LoadingLines } from "../components/layout/loading-lines"
import { useTranslation } from "react-i18next"
import { PaymentSection } from "../components/order-card/payment-section"
import { useOrderInstallments } from "../hooks/use-order-installments"
import { isInstallmentsProvider } from "../../installments/registrations/provider-ids"
import { INSTALLMENTS_PERMISSION } from "../../installments/permissions"
import { PermissionGate } from "../components/layout/permission-gate"

// Only orders with a payment through one of our providers (`pp_installments_<registration>`)
// are asked about, so an order paid another way costs no request and shows nothing. Without the
// payments loaded on the page, the API decides (it answers with no payments).
const hasInstallmentsPayment = (order: AdminOrder) =>
  !order.payment_collections ||
  order.payment_collections.some((collection) =>
    (collection.payments ?? []).some((payment) => isInstallmentsProvider(payment.provider_id))
  )

/** The order page's card of its installments payments, for a user whose roles may read them (D35). */
const InstallmentsOrderCard = (props: DetailWidgetProps<AdminOrder>) => (
  <PermissionGate permission={INSTALLMENTS_PERMISSION.readPayment} quiet>
    <OrderInstallmentsCard {...props} />
  </PermissionGate>
)

const OrderInstallmentsCard = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t } = useTranslation()
  const enabled = hasInstallmentsPayment(order)
  const { data, isPending, isError, error, refetch, isFetching } = useOrderInstallments(order.id, enabled)

  if (!enabled || (!isPending && !isError && !data?.payments.length)) {
    return null
  }

  return (
    <Container className="divide-y p-0" data-testid="installments-order-card">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("installments.orderCard.title")}</Heading>
        <Button size="small" variant="secondary" isLoading={isFetching} onClick={() => refetch()}>
          {t("installments.common.refresh")}
        </Button>
      </div>
      {isPending && <LoadingLines titleWidth="w-2/3" />}
      {isError && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {error.message}
        </Text>
      )}
      {data?.payments.map((payment) => (
        <PaymentSection key={payment.payment_id} orderId={order.id} payment={payment} />
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side",
  id: "installments-order-card",
})

export default InstallmentsOrderCard
