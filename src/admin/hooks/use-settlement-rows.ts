import { keepPreviousData, useQuery } from "@tanstack/react-query"
import type { DayRange } from "../lib/date-range"
import { sdk } from "../lib/sdk"
import type { SettlementRowsResponse } from "../../installments/back-office/answers"

/** A page of the payments and refunds one payout of the window paid out (`unsettled`: none yet). */
export function useSettlementRows(
  providerId: string | undefined,
  range: DayRange,
  settlementId: string,
  page: { limit: number; offset: number }
) {
  return useQuery({
    queryKey: ["installments", "settlements", providerId, range.from, range.to, "rows", settlementId, page.limit, page.offset],
    queryFn: () =>
      sdk.client.fetch<SettlementRowsResponse>(`/admin/installments/settlements/${encodeURIComponent(settlementId)}`, {
        query: { provider_id: providerId, from_date: range.from, to_date: range.to, limit: page.limit, offset: page.offset },
      }),
    enabled: !!providerId,
    placeholderData: keepPreviousData,
  })
}
