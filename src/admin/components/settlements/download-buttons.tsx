import { ArrowDownTray } from "@medusajs/icons"
import { Button, toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useSettlementsDownload } from "../../hooks/use-settlements-download"
import type { DayRange } from "../../lib/date-range"

/** CSV (settlements with their orders) and PDF (the service's statement) of the window. */
export function DownloadButtons({ providerId, range }: { providerId: string | undefined; range: DayRange }) {
  const { t } = useTranslation()
  const download = useSettlementsDownload(providerId, range)
  const start = (format: "csv" | "pdf") =>
    download.mutate(format, {
      onError: (error) => toast.error(t("installments.settlements.downloadFailed"), { description: error.message }),
    })
  const busy = download.isPending ? download.variables : undefined
  return (
    <div className="flex items-center gap-x-2">
      {(["csv", "pdf"] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant="secondary"
          disabled={!providerId || !!busy}
          isLoading={busy === format}
          onClick={() => start(format)}
          data-testid={`settlements-download-${format}`}
        >
          <ArrowDownTray />
          {t(`installments.settlements.download.${format}`)}
        </Button>
      ))}
    </div>
  )
}
