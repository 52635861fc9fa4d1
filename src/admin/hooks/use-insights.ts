import { keepPreviousData, useQuery } from "@tanstack/react-query"
import type { DayRange } from "../lib/date-range"
import type { CheckoutOutcome, InsightsCheckoutsAnswer, InsightsAnswer } from "../../installments/insights/answer"
import { sdk } from "../lib/sdk"

/** A window's Insights: the funnel, orders by way of paying, costs and days (every registration without `providerId`). */
export function useInsights(providerId: string | undefined, range: DayRange) {
  return useQuery({
    queryKey: ["installments", "insights", providerId, range.from, range.to],
    queryFn: () =>
      sdk.client.fetch<InsightsAnswer>("/admin/installments/insights", {
        query: { provider_id: providerId, from_date: range.from, to_date: range.to },
      }),
    // The previous window stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })
}

/** A page of the window's checkouts of one outcome, read when the merchant opens it. */
export function useInsightsCheckouts(
  providerId: string | undefined,
  range: DayRange,
  outcome: CheckoutOutcome | undefined,
  page: { limit: number; offset: number }
) {
  return useQuery({
    queryKey: ["installments", "insights", "checkouts", providerId, range.from, range.to, outcome, page.limit, page.offset],
    queryFn: () =>
      sdk.client.fetch<InsightsCheckoutsAnswer>("/admin/installments/insights/checkouts", {
        query: { provider_id: providerId, from_date: range.from, to_date: range.to, outcome, limit: page.limit, offset: page.offset },
      }),
    enabled: !!outcome,
    placeholderData: keepPreviousData,
  })
}
