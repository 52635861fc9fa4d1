import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { formatDay, formatSar } from "../../lib/format"
import { daysOf, type DayRange } from "../../lib/date-range"
import { dailyNetBars, everyDay, highestDay } from "./daily-net-bars"

const WIDTH = 720
const HEIGHT = 160

/**
 * Daily net payouts as bars. Our own inline SVG rather than a chart library: a library would add
 * tens of kilobytes to every store's admin bundle and a peer the host's admin build must resolve,
 * for one bar chart. Each bar carries its day and amount as a tooltip (title) for the merchant.
 */
export function DailyNetChart({
  daily: paidDays,
  range,
  currency,
}: {
  daily: Array<{ date: string; net: string }>
  range: DayRange
  currency: string
}) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  if (!paidDays.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4">
        {t("installments.settlements.chart.empty")}
      </Text>
    )
  }
  const daily = everyDay(paidDays, daysOf(range))
  const { bars, zeroY } = dailyNetBars(daily, WIDTH, HEIGHT)
  const highest = highestDay(daily)
  const first = daily[0].date
  const last = daily[daily.length - 1].date
  const rtl = i18n.dir?.(locale) === "rtl"
  return (
    <figure className="flex flex-col gap-y-1 px-6 py-4" data-testid="settlements-chart">
      {highest && (
        <Text size="xsmall" className="text-ui-fg-subtle text-start">
          {t("installments.settlements.chart.highest", {
            amount: formatSar(highest.net, locale, currency),
            date: formatDay(highest.date, locale),
          })}
        </Text>
      )}
      {/* Days run from the start edge: mirrored in Arabic as the rest of the page is. */}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-40 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={t("installments.settlements.chart.title")}
        style={rtl ? { transform: "scaleX(-1)" } : undefined}
      >
        <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="stroke-ui-border-base" strokeWidth={1} />
        {bars.map((bar) => (
          <rect
            key={bar.date}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={Math.max(bar.height, bar.height > 0 ? 1 : 0)}
            rx={2}
            className={bar.negative ? "fill-ui-tag-red-icon" : "fill-ui-tag-green-icon"}
          >
            <title>{`${formatDay(bar.date, locale)}: ${formatSar(bar.net, locale, currency)}`}</title>
          </rect>
        ))}
      </svg>
      <figcaption className="text-ui-fg-muted txt-compact-xsmall flex justify-between">
        <span>{formatDay(first, locale)}</span>
        <span>{formatDay(last, locale)}</span>
      </figcaption>
    </figure>
  )
}
