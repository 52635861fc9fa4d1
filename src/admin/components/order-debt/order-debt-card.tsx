import { Container, Copy, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useOrderDebt } from "../../hooks/use-order-debt"
import { formatDateTime, formatSar } from "../../lib/format"
import type { DebtKind } from "../../lib/types"
import { openDebtLink, owedAmount } from "./open-link"
import { RequestLinkDrawer } from "./request-link-drawer"

/**
 * What an order (or a draft order) owes, the link open for it if one is, and the action that
 * requests one. Nothing when it owes nothing or is canceled.
 */
export function OrderDebtCard({ kind, orderId }: { kind: DebtKind; orderId: string }) {
  const { t, i18n } = useTranslation()
  const { data: order } = useOrderDebt(kind, orderId)
  const owed = order ? owedAmount(order) : null
  if (!order || order.status === "canceled" || !owed) {
    return null
  }
  const open = openDebtLink(order)
  const f = (key: string, options?: Record<string, unknown>) => t(`installments.orderDebt.${key}`, options)
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="installments-order-debt">
      <Heading level="h2">{kind === "draft" ? f("draftTitle") : f("title")}</Heading>
      <Text size="small" className="text-ui-fg-subtle" data-testid="installments-order-debt-owed">
        {f(kind === "draft" ? "draftOwed" : "owed", { amount: formatSar(owed, i18n.language) })}
      </Text>
      {open && (
        <div className="flex flex-col gap-y-1" data-testid="installments-order-debt-open">
          <Text size="small" weight="plus">
            {f("openLink", { amount: formatSar(open.amount, i18n.language), date: formatDateTime(open.expires_at, i18n.language) })}
          </Text>
          <div className="bg-ui-bg-subtle flex max-w-full items-center gap-x-2 rounded-md px-3 py-2">
            <Text size="small" className="break-all font-mono" dir="ltr">
              {open.url}
            </Text>
            <Copy content={open.url} />
          </div>
        </div>
      )}
      <div className="flex justify-end">
        <RequestLinkDrawer kind={kind} orderId={order.id} displayId={order.display_id ?? 0} owed={owed} />
      </div>
    </Container>
  )
}
