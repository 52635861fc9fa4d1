import { useTranslation } from "react-i18next"
import { formatDay, formatSar } from "../../lib/format"
import { daysOf, type DayRange } from "../../lib/date-range"
import { DayBarChart } from "../charts/day-bar-chart"
import { CHART_HEIGHT, CHART_WIDTH } from "../charts/day-slots"
import { dailyNetBars, everyDay, highestDay } from "./daily-net-bars"

/** Daily net payouts as bars, green above the zero line and red below it (a day refunds exceeded sales). */
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
  const daily = everyDay(paidDays, daysOf(range))
  const { bars, zeroY } = dailyNetBars(daily, CHART_WIDTH, CHART_HEIGHT)
  const highest = highestDay(daily)
  return (
    <DayBarChart
      testId="settlements-chart"
      label={t("installments.settlements.chart.title")}
      empty={paidDays.length ? undefined : t("installments.settlements.chart.empty")}
      summary={
        highest &&
        t("installments.settlements.chart.highest", {
          amount: formatSar(highest.net, locale, currency),
          date: formatDay(highest.date, locale),
        })
      }
      zeroY={zeroY}
      rects={bars.map((bar) => ({
        key: bar.date,
        x: bar.x,
        y: bar.y,
        width: bar.width,
        height: Math.max(bar.height, bar.height > 0 ? 1 : 0),
        rx: 2,
        className: bar.negative ? "fill-ui-tag-red-icon" : "fill-ui-tag-green-icon",
        title: `${formatDay(bar.date, locale)}: ${formatSar(bar.net, locale, currency)}`,
      }))}
      firstDay={daily[0]?.date}
      lastDay={daily[daily.length - 1]?.date}
    />
  )
}
