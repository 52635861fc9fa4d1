import { ChevronDownMini, ChevronRightMini } from "@medusajs/icons"
import {
  Badge,
  createDataTableColumnHelper,
  DataTable,
  type DataTablePaginationState,
  Heading,
  Text,
  useDataTable,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { usePaginationTranslations } from "../../hooks/use-pagination-translations"
import type { DayRange } from "../../lib/date-range"
import { formatDay, formatSar } from "../../lib/format"
import type { SettlementView } from "../../../installments/back-office/answers"
import { PayoutRows } from "./payout-rows"

const column = createDataTableColumnHelper<SettlementView>()

/**
 * A page of the window's payouts; clicking one reads, below the table, the payments and refunds it
 * paid out with their orders. Medusa's DataTable has no nested rows, so the opened payout is shown
 * under it.
 */
export function SettlementsTable({
  settlements,
  count,
  pagination,
  onPaginationChange,
  providerId,
  range,
  currency,
  isLoading,
}: {
  settlements: SettlementView[]
  count: number
  pagination: DataTablePaginationState
  onPaginationChange: (state: DataTablePaginationState) => void
  providerId: string | undefined
  range: DayRange
  currency: string
  isLoading: boolean
}) {
  const { t, i18n } = useTranslation()
  const paginationWords = usePaginationTranslations()
  const locale = i18n.language
  const [openId, setOpenId] = useState<string | null>(null)
  const rtl = i18n.dir?.(locale) === "rtl"

  const columns = useMemo(
    () => [
      column.display({
        id: "open",
        cell: ({ row }) => {
          const Closed = ChevronRightMini
          return row.original.settlement_id === openId ? (
            <ChevronDownMini className="text-ui-fg-muted" />
          ) : (
            <Closed className={rtl ? "text-ui-fg-muted -scale-x-100" : "text-ui-fg-muted"} />
          )
        },
      }),
      column.accessor("payout_date", {
        header: t("installments.settlements.table.payoutDate"),
        cell: ({ getValue }) => formatDay(getValue(), locale),
      }),
      column.accessor("bank_reference", {
        header: t("installments.settlements.table.bankReference"),
        cell: ({ getValue }) => <span dir="ltr">{getValue() ?? "—"}</span>,
      }),
      column.accessor("status", {
        header: t("installments.settlements.table.status"),
        cell: ({ getValue }) => {
          const status = getValue()
          const known = ["completed", "pending", "failed"].includes(status)
          return (
            <Badge size="2xsmall" color={status === "completed" ? "green" : status === "failed" ? "red" : "grey"}>
              {known ? t(`installments.settlements.status.${status}`) : t("installments.common.unknown")}
            </Badge>
          )
        },
      }),
      column.display({
        id: "orders",
        header: t("installments.settlements.table.orders"),
        cell: ({ row }) => new Intl.NumberFormat(locale).format(row.original.row_count),
      }),
      column.accessor("totals.gross", {
        id: "gross",
        header: t("installments.settlements.totals.gross"),
        cell: ({ getValue }) => formatSar(getValue(), locale, currency),
      }),
      column.accessor("net_amount", {
        header: t("installments.settlements.totals.net"),
        cell: ({ getValue }) => formatSar(getValue(), locale, currency),
      }),
    ],
    [t, locale, currency, openId, rtl]
  )

  const table = useDataTable({
    data: settlements,
    columns,
    getRowId: (settlement) => settlement.settlement_id,
    rowCount: count,
    isLoading,
    pagination: { state: pagination, onPaginationChange },
    // @medusajs/ui 4.2 hands the table's row (its data in `original`) despite typing it as the data.
    onRowClick: (_, clicked) => {
      const settlement = (clicked as unknown as { original?: SettlementView }).original ?? clicked
      setOpenId((id) => (id === settlement.settlement_id ? null : settlement.settlement_id))
    },
  })
  const open = settlements.find((settlement) => settlement.settlement_id === openId)

  return (
    <div className="flex flex-col" data-testid="settlements-table">
      <DataTable instance={table}>
        <DataTable.Table
          emptyState={{
            empty: {
              heading: t("installments.settlements.table.emptyHeading"),
              description: t("installments.settlements.table.emptyDescription"),
            },
          }}
        />
        <DataTable.Pagination translations={paginationWords} />
      </DataTable>
      {open && (
        <div className="border-t" data-testid="settlement-orders">
          <div className="flex items-center gap-x-2 px-6 py-3">
            <Heading level="h3">{t("installments.settlements.rows.title", { date: formatDay(open.payout_date, locale) })}</Heading>
            {open.bank_reference && (
              <Text size="small" className="text-ui-fg-subtle" dir="ltr">
                {open.bank_reference}
              </Text>
            )}
          </div>
          <PayoutRows providerId={providerId} range={range} settlementId={open.settlement_id} currency={currency} />
        </div>
      )}
    </div>
  )
}
