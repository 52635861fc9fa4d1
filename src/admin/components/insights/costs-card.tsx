import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { formatSar } from "../../lib/format"
import { formatCount, formatShare } from "../../lib/insights-format"
import type { InsightsAnswer } from "../../../installments/insights/answer"

/** What the plugin's sales cost in the service's fees and VAT on them, each as a share of those sales. */
export function CostsCard({ costs, currency }: { costs: InsightsAnswer["costs"]; currency: string }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  if (!costs.orders) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4">
        {t("installments.insights.costs.empty")}
      </Text>
    )
  }
  const rows = [
    { key: "sales", amount: costs.sales, share: undefined },
    { key: "fees", amount: costs.fees, share: costs.share_fees },
    { key: "vat", amount: costs.vat, share: costs.share_vat },
    { key: "feesAndVat", amount: costs.fees_and_vat, share: costs.share_fees_and_vat },
  ]
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="insights-costs">
      {rows.map((row) => (
        <div key={row.key} className="grid grid-cols-3 items-center gap-x-3" data-testid={`insights-cost-${row.key}`}>
          <Text size="small" className="text-ui-fg-subtle">
            {t(`installments.insights.costs.${row.key}`, { orders: formatCount(costs.orders, locale) })}
          </Text>
          <Text
            size="small"
            weight={row.key === "feesAndVat" ? "plus" : "regular"}
            className="text-end"
            data-testid="insights-cost-amount"
          >
            {formatSar(row.amount, locale, currency)}
          </Text>
          <Text size="small" className="text-ui-fg-subtle text-end" data-testid="insights-cost-share">
            {row.share === undefined ? "" : t("installments.insights.costs.ofSales", { share: formatShare(row.share, locale) })}
          </Text>
        </div>
      ))}
      {!!costs.orders_without_fees && (
        <Text size="xsmall" className="text-ui-fg-muted" data-testid="insights-costs-without-fees">
          {t("installments.insights.costs.withoutFees", { count: costs.orders_without_fees })}
        </Text>
      )}
    </div>
  )
}
