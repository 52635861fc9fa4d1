import { csvLine, csvNumber, type CsvValue } from "../../../../lib/csv"
import { CHECKOUT_OUTCOMES } from "../../../../installments/insights/checkout-outcome"
import { wayKeyOf, type InsightsFigures, type OrderFigures } from "../../../../installments/insights/figures"
import type { InsightsWindow } from "../../../../installments/insights/window"
import type { InsightsTable } from "./validators"

const DAY_MS = 86_400_000
const ORDER_COLUMNS = ["orders", "share_of_orders", "total", "average", "refunded", "refunded_orders", "share_refunded"] as const

/** A count, share or amount as a number cell; an empty one (no share of nothing) stays empty text. */
const num = (value: string | number | bigint | null | undefined): CsvValue =>
  value === undefined || value === null || value === "" ? "" : csvNumber(value)

const orderCells = (figures: OrderFigures) => ORDER_COLUMNS.map((column) => num(figures[column]))

/** Every UTC day of the window, "YYYY-MM-DD". */
export function windowDays(window: InsightsWindow): string[] {
  const first = Date.parse(window.start.toISOString().slice(0, 10))
  const last = window.end.getTime() - 1
  const days: string[] = []
  for (let day = first; day <= last; day += DAY_MS) {
    days.push(new Date(day).toISOString().slice(0, 10))
  }
  return days
}

/** One of the page's tables as CSV lines (lib/csv.ts writes every cell), amounts as the JSON has them. */
export function insightsCsvLines(table: InsightsTable, figures: InsightsFigures, window: InsightsWindow): string[] {
  switch (table) {
    case "funnel": {
      const { funnel } = figures
      return [
        csvLine(["outcome", "checkouts", "share_of_started", "amount"]),
        csvLine(["started", num(funnel.started), funnel.started ? num("100.00") : "", ""]),
        ...CHECKOUT_OUTCOMES.map((outcome) => {
          const row = funnel.outcomes[outcome]
          return csvLine([outcome, num(row.checkouts), num(row.share), num(row.amount)])
        }),
      ]
    }
    case "ways": {
      const lines = [csvLine(["way", "provider_id", "bank", "tenure_months", ...ORDER_COLUMNS])]
      for (const way of figures.ways) {
        lines.push(csvLine([way.way, way.provider_id ?? "", "", "", ...orderCells(way)]))
        for (const bank of way.banks ?? []) {
          lines.push(csvLine([way.way, "", bank.bank ?? "", "", ...orderCells(bank)]))
          for (const tenure of bank.tenures) {
            lines.push(
              csvLine([
                way.way,
                "",
                bank.bank ?? "",
                tenure.months === undefined || tenure.months === null ? "" : num(tenure.months),
                ...orderCells(tenure),
              ])
            )
          }
        }
      }
      lines.push(csvLine(["all", "", "", "", ...orderCells(figures.totals)]))
      return lines
    }
    case "costs": {
      const { costs } = figures
      const columns = [
        "orders",
        "sales",
        "fees",
        "vat",
        "fees_and_vat",
        "share_fees",
        "share_vat",
        "share_fees_and_vat",
        "orders_without_fees",
      ] as const
      return [csvLine(columns), csvLine(columns.map((column) => num(costs[column])))]
    }
    case "daily": {
      // One column per way, in the order of the ways table; every day of the window, none left out.
      const keys = figures.ways.map((way) => wayKeyOf(way.way, way.provider_id))
      const byDate = new Map(figures.daily.map((day) => [day.date, day.orders]))
      return [
        csvLine(["date", ...keys, "all"]),
        ...windowDays(window).map((date) => {
          const orders = byDate.get(date) ?? {}
          const counts = keys.map((key) => orders[key] ?? 0)
          return csvLine([date, ...counts.map(num), num(counts.reduce((sum, n) => sum + n, 0))])
        }),
      ]
    }
  }
}
