import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { daysOf, type DayRange } from "../../lib/date-range"
import { formatDay } from "../../lib/format"
import { formatCount } from "../../lib/insights-format"
import { wayKey, type InsightsResponse } from "../../lib/insights-types"
import { dailyOrderBars, everyDayOrders, wayColor } from "./daily-orders-bars"
import { wayLabel } from "./way-label"

const WIDTH = 720
const HEIGHT = 160

/**
 * Orders per day, one stacked bar a day, a colour per way of paying: the settlements page's chart
 * (our own inline SVG, no chart library in the store's admin bundle), each segment with its day,
 * way and count as a tooltip.
 */
export function DailyOrdersChart({ data, range }: { data: InsightsResponse; range: DayRange }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  if (!data.daily.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4">
        {t("installments.insights.chart.empty")}
      </Text>
    )
  }
  let providers = 0
  const series = data.ways.map((way) => ({
    key: wayKey(way),
    label: wayLabel(way, t),
    color: wayColor(wayKey(way), way.way === "provider" ? providers++ : 0),
  }))
  const colorOf = new Map(series.map((entry) => [entry.key, entry.color]))
  const labelOf = new Map(series.map((entry) => [entry.key, entry.label]))
  const days = everyDayOrders(data.daily, daysOf(range))
  const bars = dailyOrderBars(
    days,
    series.map((entry) => entry.key),
    WIDTH,
    HEIGHT
  )
  const busiest = bars.reduce<(typeof bars)[number] | undefined>(
    (best, bar) => (bar.total > (best?.total ?? 0) ? bar : best),
    undefined
  )
  const rtl = i18n.dir?.(locale) === "rtl"
  return (
    <figure className="flex flex-col gap-y-2 px-6 py-4" data-testid="insights-chart">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {busiest && (
          <Text size="xsmall" className="text-ui-fg-subtle text-start">
            {t("installments.insights.chart.busiest", {
              orders: formatCount(busiest.total, locale),
              date: formatDay(busiest.date, locale),
            })}
          </Text>
        )}
        <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid="insights-chart-legend">
          {series.map((entry) => (
            <li key={entry.key} className="txt-compact-xsmall text-ui-fg-subtle flex items-center gap-x-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: `var(--tag-${entry.color}-icon)` }} />
              {entry.label}
            </li>
          ))}
        </ul>
      </div>
      {/* Days run from the start edge: mirrored in Arabic as the rest of the page is. */}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-40 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={t("installments.insights.chart.title")}
        style={rtl ? { transform: "scaleX(-1)" } : undefined}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-ui-border-base" strokeWidth={1} />
        {bars.flatMap((bar) =>
          bar.segments.map((segment) => (
            <rect
              key={`${bar.date}-${segment.key}`}
              x={bar.x}
              y={segment.y}
              width={bar.width}
              height={Math.max(segment.height, 1)}
              style={{ fill: `var(--tag-${colorOf.get(segment.key)}-icon)` }}
              data-testid="insights-chart-segment"
            >
              <title>{`${formatDay(bar.date, locale)} · ${labelOf.get(segment.key)}: ${formatCount(segment.orders, locale)}`}</title>
            </rect>
          ))
        )}
      </svg>
      <figcaption className="text-ui-fg-muted txt-compact-xsmall flex justify-between">
        <span>{formatDay(days[0]?.date, locale)}</span>
        <span>{formatDay(days[days.length - 1]?.date, locale)}</span>
      </figcaption>
    </figure>
  )
}
