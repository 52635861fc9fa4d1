import { useTranslation } from "react-i18next"
import { daysOf, type DayRange } from "../../lib/date-range"
import { formatDay } from "../../lib/format"
import { formatCount } from "../../lib/insights-format"
import { wayKeyOf, type InsightsAnswer } from "../../../installments/insights/answer"
import { DayBarChart } from "../charts/day-bar-chart"
import { CHART_HEIGHT, CHART_WIDTH } from "../charts/day-slots"
import { dailyOrderBars, everyDayOrders, wayColor } from "./daily-orders-bars"
import { wayLabel } from "./way-label"

/**
 * Orders per day, one stacked bar a day, a colour per way of paying: the settlements page's chart,
 * each segment with its day, way and count as a tooltip.
 */
export function DailyOrdersChart({ data, range }: { data: InsightsAnswer; range: DayRange }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  let providers = 0
  const series = data.ways.map((way) => ({
    key: wayKeyOf(way.way, way.provider_id),
    label: wayLabel(way, t),
    color: wayColor(wayKeyOf(way.way, way.provider_id), way.way === "provider" ? providers++ : 0),
  }))
  const colorOf = new Map(series.map((entry) => [entry.key, entry.color]))
  const labelOf = new Map(series.map((entry) => [entry.key, entry.label]))
  const days = everyDayOrders(data.daily, daysOf(range))
  const bars = dailyOrderBars(
    days,
    series.map((entry) => entry.key),
    CHART_WIDTH,
    CHART_HEIGHT
  )
  const busiest = bars.reduce<(typeof bars)[number] | undefined>(
    (best, bar) => (bar.total > (best?.total ?? 0) ? bar : best),
    undefined
  )
  return (
    <DayBarChart
      testId="insights-chart"
      label={t("installments.insights.chart.title")}
      empty={data.daily.length ? undefined : t("installments.insights.chart.empty")}
      summary={
        busiest &&
        t("installments.insights.chart.busiest", {
          orders: formatCount(busiest.total, locale),
          date: formatDay(busiest.date, locale),
        })
      }
      legend={series}
      rects={bars.flatMap((bar) =>
        bar.segments.map((segment) => ({
          key: `${bar.date}-${segment.key}`,
          x: bar.x,
          y: segment.y,
          width: bar.width,
          height: Math.max(segment.height, 1),
          style: { fill: `var(--tag-${colorOf.get(segment.key)}-icon)` },
          testId: "insights-chart-segment",
          title: `${formatDay(bar.date, locale)} · ${labelOf.get(segment.key)}: ${formatCount(segment.orders, locale)}`,
        }))
      )}
      firstDay={days[0]?.date}
      lastDay={days[days.length - 1]?.date}
    />
  )
}
