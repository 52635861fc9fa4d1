import { Copy, createDataTableColumnHelper, DataTable, type DataTablePaginationState, useDataTable } from "@medusajs/ui"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { usePaginationTranslations } from "../../hooks/use-pagination-translations"
import { formatDateTime, formatSar } from "../../lib/format"
import type { PaymentLinkListItem } from "../../../installments/back-office/answers"
import { ServiceUrlLink } from "../fields/service-url-link"
import { LinkStatusBadge } from "./link-status-badge"

const column = createDataTableColumnHelper<PaymentLinkListItem>()

/** A page of payment links: title, amount, status, customer, when made, and the URL to copy. */
export function LinksTable({
  links,
  count,
  isLoading,
  filtered,
  pagination,
  onPaginationChange,
}: {
  links: PaymentLinkListItem[]
  count: number
  isLoading: boolean
  filtered: boolean
  pagination: DataTablePaginationState
  onPaginationChange: (state: DataTablePaginationState) => void
}) {
  const { t, i18n } = useTranslation()
  const paginationWords = usePaginationTranslations()
  const locale = i18n.language

  const columns = useMemo(
    () => [
      column.accessor("title", {
        header: t("installments.paymentLinks.table.title"),
        cell: ({ getValue }) => getValue() || "—",
      }),
      column.accessor("amount", {
        header: t("installments.paymentLinks.table.amount"),
        cell: ({ row }) => formatSar(row.original.amount, locale, row.original.currency ?? "SAR"),
      }),
      column.accessor("status", {
        header: t("installments.paymentLinks.table.status"),
        cell: ({ getValue }) => <LinkStatusBadge status={getValue()} />,
      }),
      column.display({
        id: "customer",
        header: t("installments.paymentLinks.table.customer"),
        cell: ({ row }) => {
          const customer = row.original.customer
          const name = [customer?.first_name, customer?.last_name].filter(Boolean).join(" ")
          return name || customer?.email || customer?.phone || "—"
        },
      }),
      column.accessor("created_at", {
        header: t("installments.paymentLinks.table.created"),
        cell: ({ getValue }) => formatDateTime(getValue(), locale),
      }),
      column.display({
        id: "url",
        header: t("installments.paymentLinks.table.url"),
        cell: ({ row }) =>
          row.original.url ? (
            <div className="flex items-center gap-x-1" onClick={(event) => event.stopPropagation()}>
              <Copy content={row.original.url} />
              <ServiceUrlLink url={row.original.url}>{t("installments.paymentLinks.table.open")}</ServiceUrlLink>
            </div>
          ) : (
            "—"
          ),
      }),
    ],
    [t, locale]
  )

  const table = useDataTable({
    data: links,
    columns,
    getRowId: (link) => link.id,
    rowCount: count,
    isLoading,
    pagination: { state: pagination, onPaginationChange },
  })

  return (
    <DataTable instance={table}>
      <DataTable.Table
        // Filters live outside the table, so the table is told which empty state applies.
        emptyState={{
          empty: filtered
            ? {
                heading: t("installments.paymentLinks.table.filteredHeading"),
                description: t("installments.paymentLinks.table.filteredDescription"),
              }
            : {
                heading: t("installments.paymentLinks.table.emptyHeading"),
                description: t("installments.paymentLinks.table.emptyDescription"),
              },
        }}
      />
      <DataTable.Pagination translations={paginationWords} />
    </DataTable>
  )
}
