import { keepPreviousData, useQuery } from "@tanstack/react-query"
import type { DayRange } from "../lib/date-range"
import { sdk } from "../lib/sdk"
import type { SettlementsResponse } from "../lib/types"

/** The payouts of a window with the orders each paid, their totals and the daily net series. */
export function useSettlements(providerId: string | undefined, range: DayRange) {
  return useQuery({
    queryKey: ["installments", "settlements", providerId, range.from, range.to],
    queryFn: () =>
      sdk.client.fetch<SettlementsResponse>("/admin/installments/settlements", {
        query: { provider_id: providerId, from_date: range.from, to_date: range.to },
      }),
    enabled: !!providerId,
    // The previous window stays on screen while the next one loads, instead of a blank page.
    placeholderData: keepPreviousData,
  })
}
