import { Text } from "@medusajs/ui"
import type { CSSProperties } from "react"
import { useTranslation } from "react-i18next"
import { formatDay } from "../../lib/format"
import { CHART_HEIGHT, CHART_WIDTH } from "./day-slots"

/** One rectangle of the chart, in its own coordinates (0,0 at the top left), with its tooltip. */
export interface ChartRect {
  key: string
  x: number
  y: number
  width: number
  height: number
  /** The day, and what the rectangle stands for, in the merchant's language. */
  title: string
  /** Its fill: a Tailwind class of the dashboard's tag colours, or a style naming one. */
  className?: string
  style?: CSSProperties
  rx?: number
  testId?: string
}

/** A series' colour and name, shown above the chart when it stacks several. */
export interface ChartLegendEntry {
  key: string
  label: string
  /** A tag colour of the dashboard (`green`, `blue`, …). */
  color: string
}

/**
 * One bar per day of a window, the settlements' payouts and the Insights' orders alike. Our own
 * inline SVG rather than a chart library: a library would add tens of kilobytes to every store's
 * admin bundle and a peer the host's admin build must resolve, for two bar charts. Each rectangle
 * carries its day and figure as a tooltip (title); the line under the bars is zero.
 */
export function DayBarChart({
  testId,
  label,
  empty,
  summary,
  legend,
  zeroY = CHART_HEIGHT,
  rects,
  firstDay,
  lastDay,
}: {
  testId: string
  /** What the chart shows, for a screen reader. */
  label: string
  /** Said instead of the chart when the window has nothing to draw. */
  empty?: string
  /** One line above the chart: its highest day. */
  summary?: string
  legend?: ChartLegendEntry[]
  zeroY?: number
  rects: ChartRect[]
  firstDay: string | undefined
  lastDay: string | undefined
}) {
  const { i18n } = useTranslation()
  const locale = i18n.language
  if (empty !== undefined) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4">
        {empty}
      </Text>
    )
  }
  const rtl = i18n.dir?.(locale) === "rtl"
  const summaryLine = summary && (
    <Text size="xsmall" className="text-ui-fg-subtle text-start">
      {summary}
    </Text>
  )
  return (
    <figure className={`flex flex-col px-6 py-4 ${legend ? "gap-y-2" : "gap-y-1"}`} data-testid={testId}>
      {legend ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {summaryLine}
          <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid={`${testId}-legend`}>
            {legend.map((entry) => (
              <li key={entry.key} className="txt-compact-xsmall text-ui-fg-subtle flex items-center gap-x-1.5">
                <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: `var(--tag-${entry.color}-icon)` }} />
                {entry.label}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        summaryLine
      )}
      {/* Days run from the start edge: mirrored in Arabic as the rest of the page is. */}
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        className="h-40 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        style={rtl ? { transform: "scaleX(-1)" } : undefined}
      >
        <line x1={0} x2={CHART_WIDTH} y1={zeroY} y2={zeroY} className="stroke-ui-border-base" strokeWidth={1} />
        {rects.map((rect) => (
          <rect
            key={rect.key}
            x={rect.x}
            y={rect.y}
            width={rect.width}
            height={rect.height}
            rx={rect.rx}
            className={rect.className}
            style={rect.style}
            data-testid={rect.testId}
          >
            <title>{rect.title}</title>
          </rect>
        ))}
      </svg>
      <figcaption className="text-ui-fg-muted txt-compact-xsmall flex justify-between">
        <span>{formatDay(firstDay, locale)}</span>
        <span>{formatDay(lastDay, locale)}</span>
      </figcaption>
    </figure>
  )
}
