import { Alert, Table } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { usePaginationTranslations } from "../../hooks/use-pagination-translations"
import { useSettlementRows } from "../../hooks/use-settlement-rows"
import type { DayRange } from "../../lib/date-range"
import { LoadingLines } from "../layout/loading-lines"
import { SettlementRows } from "./settlement-rows"

/** Rows shown per page of an opened payout. */
export const PAYOUT_ROWS_PAGE_SIZE = 20

/**
 * The rows one payout paid out (`unsettled`: the rows of no payout yet), read when it is opened,
 * a page at a time.
 */
export function PayoutRows({
  providerId,
  range,
  settlementId,
  currency,
}: {
  providerId: string | undefined
  range: DayRange
  settlementId: string
  currency: string
}) {
  const paginationWords = usePaginationTranslations()
  const [pageIndex, setPageIndex] = useState(0)
  // Another payout or window starts at its first page.
  useEffect(() => setPageIndex(0), [providerId, range.from, range.to, settlementId])
  const rows = useSettlementRows(providerId, range, settlementId, {
    limit: PAYOUT_ROWS_PAGE_SIZE,
    offset: pageIndex * PAYOUT_ROWS_PAGE_SIZE,
  })
  if (rows.error) {
    return (
      <div className="px-6 py-4">
        <Alert variant="error">{rows.error.message}</Alert>
      </div>
    )
  }
  if (!rows.data) {
    return <LoadingLines />
  }
  const count = rows.data.count
  const pageCount = Math.max(1, Math.ceil(count / PAYOUT_ROWS_PAGE_SIZE))
  return (
    <div className="flex flex-col" data-testid="payout-rows" aria-busy={rows.isPlaceholderData}>
      <SettlementRows rows={rows.data.rows} currency={currency} />
      {count > PAYOUT_ROWS_PAGE_SIZE && (
        <Table.Pagination
          data-testid="payout-rows-pagination"
          count={count}
          pageSize={PAYOUT_ROWS_PAGE_SIZE}
          pageIndex={pageIndex}
          pageCount={pageCount}
          canPreviousPage={pageIndex > 0}
          canNextPage={pageIndex + 1 < pageCount}
          previousPage={() => setPageIndex((index) => Math.max(0, index - 1))}
          nextPage={() => setPageIndex((index) => Math.min(pageCount - 1, index + 1))}
          translations={paginationWords}
        />
      )}
    </div>
  )
}
