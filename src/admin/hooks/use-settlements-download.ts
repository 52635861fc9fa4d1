import { useMutation } from "@tanstack/react-query"
import type { DayRange } from "../lib/date-range"
import { attachmentName, saveBlob } from "../lib/download-file"
import { sdk } from "../lib/sdk"

// The CSV is the settlements joined to this store's orders (for accounting software); the PDF is the
// service's own statement of the window.
const ROUTES = { csv: "/admin/installments/settlements", pdf: "/admin/installments/statements" } as const

/**
 * Downloads a window's settlements as CSV or PDF. The route streams the file; it is fetched with the
 * admin's session cookie through the js-sdk (so the backend may sit on another origin) and saved.
 */
export function useSettlementsDownload(providerId: string | undefined, range: DayRange) {
  return useMutation({
    mutationFn: async (format: "csv" | "pdf") => {
      const response = await sdk.client.fetch<Response>(ROUTES[format], {
        query: { provider_id: providerId, from_date: range.from, to_date: range.to, format },
        // Not JSON: the js-sdk then hands back the raw response instead of parsing it.
        headers: { accept: format === "csv" ? "text/csv" : "application/pdf" },
      })
      const fallback = `installments-${range.from}_${range.to}.${format}`
      saveBlob(await response.blob(), attachmentName(response.headers.get("content-disposition"), fallback))
    },
  })
}
