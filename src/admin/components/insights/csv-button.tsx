import { ArrowDownTray } from "@medusajs/icons"
import { Button, toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useInsightsDownload } from "../../hooks/use-insights-download"
import type { DayRange } from "../../lib/date-range"
import type { InsightsTable } from "../../../installments/insights/answer"

/** Downloads one of the page's tables as CSV (the plugin's CSV writer, on the server). */
export function CsvButton({ table, providerId, range }: { table: InsightsTable; providerId: string | undefined; range: DayRange }) {
  const { t } = useTranslation()
  const download = useInsightsDownload(providerId, range)
  return (
    <Button
      size="small"
      variant="secondary"
      isLoading={download.isPending}
      onClick={() =>
        download.mutate(table, {
          onError: (error) => toast.error(t("installments.insights.downloadFailed"), { description: error.message }),
        })
      }
      data-testid={`insights-csv-${table}`}
    >
      <ArrowDownTray />
      {t("installments.insights.csv")}
    </Button>
  )
}
