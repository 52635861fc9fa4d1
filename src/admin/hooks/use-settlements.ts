import { keepPreviousData, useQuery } from "@tanstack/react-query"
import type { DayRange } from "../lib/date-range"
import { sdk } from "../lib/sdk"
import type { SettlementsResponse } from "../../installments/back-office/answers"

/** A window's totals and daily net series, with a page of its payouts and each one's totals. */
export function useSettlements(providerId: string | undefined, range: DayRange, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: ["installments", "settlements", providerId, range.from, range.to, page.limit, page.offset],
    queryFn: () =>
      sdk.client.fetch<SettlementsResponse>("/admin/installments/settlements", {
        query: { provider_id: providerId, from_date: range.from, to_date: range.to, limit: page.limit, offset: page.offset },
      }),
    enabled: !!providerId,
    // The previous window stays on screen while the next one loads, instead of a blank page.
    placeholderData: keepPreviousData,
  })
}
