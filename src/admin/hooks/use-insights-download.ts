import { useMutation } from "@tanstack/react-query"
import type { DayRange } from "../lib/date-range"
import { attachmentName, saveBlob } from "../lib/download-file"
import type { InsightsTable } from "../../installments/insights/answer"
import { sdk } from "../lib/sdk"

/** Downloads one of the page's tables as CSV, with the admin's session, through the js-sdk. */
export function useInsightsDownload(providerId: string | undefined, range: DayRange) {
  return useMutation({
    mutationFn: async (table: InsightsTable) => {
      const response = await sdk.client.fetch<Response>("/admin/installments/insights", {
        query: { provider_id: providerId, from_date: range.from, to_date: range.to, format: "csv", table },
        // Not JSON: the js-sdk then hands back the raw response instead of parsing it.
        headers: { accept: "text/csv" },
      })
      const fallback = `installments-insights-${table}-${range.from}_${range.to}.csv`
      saveBlob(await response.blob(), attachmentName(response.headers.get("content-disposition"), fallback))
    },
  })
}
