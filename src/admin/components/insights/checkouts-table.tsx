import { createDataTableColumnHelper, DataTable, type DataTablePaginationState, useDataTable } from "@medusajs/ui"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { usePaginationTranslations } from "../../hooks/use-pagination-translations"
import { formatDateTime, formatSar } from "../../lib/format"
import { bankName, formatCount } from "../../lib/insights-format"
import type { InsightsCheckout } from "../../../installments/insights/answer"

const column = createDataTableColumnHelper<InsightsCheckout>()

/** A page of the checkouts of one outcome: when each started, what it asked, the plan, refused attempts and its order. */
export function CheckoutsTable({
  checkouts,
  count,
  isLoading,
  currency,
  pagination,
  onPaginationChange,
}: {
  checkouts: InsightsCheckout[]
  count: number
  isLoading: boolean
  currency: string
  pagination: DataTablePaginationState
  onPaginationChange: (state: DataTablePaginationState) => void
}) {
  const { t, i18n } = useTranslation()
  const paginationWords = usePaginationTranslations()
  const locale = i18n.language

  const columns = useMemo(
    () => [
      column.accessor("started_at", {
        header: t("installments.insights.checkouts.started"),
        cell: ({ getValue }) => formatDateTime(getValue(), locale),
      }),
      column.accessor("amount", {
        header: t("installments.insights.checkouts.amount"),
        cell: ({ getValue }) => formatSar(getValue(), locale, currency),
      }),
      column.display({
        id: "plan",
        header: t("installments.insights.checkouts.plan"),
        cell: ({ row }) => {
          const { payment_option, bank, tenure_months } = row.original
          if (payment_option === "Installment") {
            return [
              bank ? bankName(bank, locale) : null,
              tenure_months ? t("installments.insights.ways.months", { months: tenure_months }) : null,
            ]
              .filter(Boolean)
              .join(" · ")
          }
          return payment_option === "Pay In Full" ? t("installments.insights.ways.pay_in_full") : "—"
        },
      }),
      column.display({
        id: "refused",
        header: t("installments.insights.checkouts.refused"),
        cell: ({ row }) =>
          t("installments.insights.checkouts.refusedCounts", {
            bank: formatCount(row.original.bank_rejections, locale),
            card: formatCount(row.original.card_declines, locale),
          }),
      }),
      column.accessor("order", {
        header: t("installments.insights.checkouts.order"),
        cell: ({ getValue }) => {
          const order = getValue()
          return order ? (
            <Link
              to={`/orders/${order.id}`}
              className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
              onClick={(event) => event.stopPropagation()}
            >
              #{order.display_id ?? order.id}
            </Link>
          ) : (
            "—"
          )
        },
      }),
    ],
    [t, locale, currency]
  )

  const table = useDataTable({
    data: checkouts,
    columns,
    getRowId: (checkout) => checkout.session_id,
    rowCount: count,
    isLoading,
    pagination: { state: pagination, onPaginationChange },
  })

  return (
    <DataTable instance={table}>
      <DataTable.Table
        emptyState={{
          empty: {
            heading: t("installments.insights.checkouts.emptyHeading"),
            description: t("installments.insights.checkouts.emptyDescription"),
          },
        }}
      />
      <DataTable.Pagination translations={paginationWords} />
    </DataTable>
  )
}
