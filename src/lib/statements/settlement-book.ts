import type { StatementReport } from "../client"
import { formatAmount, toHalalas } from "../money"
import type { StatementRow } from "./statement-row"

/** Sums of a set of statement rows, in halalas. */
export interface Totals {
  gross: bigint
  fees: bigint
  vat: bigint
  refunds: bigint
  net: bigint
}

export type FormattedTotals = Record<keyof Totals, string>

const TOTAL_KEYS = ["gross", "fees", "vat", "refunds", "net"] as const

/** Totals of no rows. */
export const zeroTotals = (): Totals => ({ gross: 0n, fees: 0n, vat: 0n, refunds: 0n, net: 0n })

/**
 * Adds one row: a payment counts its gross, fee and VAT; a refund counts only once it is paid out
 * (it belongs to a settlement): a pending refund moves no money yet. Net is the row's own net.
 */
export function addRow(totals: Totals, row: StatementRow): void {
  if (row.type === "transaction") {
    totals.gross += row.amount
    totals.fees += row.service_fee
    totals.vat += row.service_tax_vat
  } else if (row.settlement_id) {
    totals.refunds += row.refund_amount
  }
  totals.net += row.net_amount
}

/** Totals as 2-decimal strings. */
export function formatTotals(totals: Totals): FormattedTotals {
  return Object.fromEntries(TOTAL_KEYS.map((key) => [key, formatAmount(totals[key])])) as FormattedTotals
}

/** One amount that does not add up: what the rows say, what the service says, and rows minus service. */
export interface Mismatch {
  rows: string
  service: string
  difference: string
}

/** Everything that does not add up in a window; null when every total matches to the halala. */
export interface Difference {
  /** Window totals (rows against the service's summary) that differ. */
  totals: Partial<Record<keyof Totals, Mismatch>>
  /** Settlements whose rows do not add up to the net the service paid out. */
  settlements: Array<{ settlement_id: string } & Mismatch>
  /** True when the rows' net is not gross - fees - VAT - refunds. */
  net_formula_broken: boolean
}

export interface BookSettlement {
  settlement_id: string
  payout_date: string | null
  bank_reference: string | null
  status: string
  /** The net the service reports for this payout. */
  net_amount: string
  totals: FormattedTotals
  /** How many statement rows (payments and refunds) the payout paid out. */
  row_count: number
}

export interface BookResult {
  currency: string
  settlements: BookSettlement[]
  /** Rows that belong to no payout yet (refunds still pending): shown, not counted in any payout. */
  unsettled: { row_count: number; totals: FormattedTotals }
  totals: FormattedTotals
  service_summary: FormattedTotals
  difference: Difference | null
  /** Net paid out per payout date, every day between the first and the last payout included. */
  daily: Array<{ date: string; net: string }>
}

type Bucket = { totals: Totals; rowCount: number }

/**
 * Groups a statement's rows by the settlement that paid them out and checks every sum against what
 * the service reports, exact to the halala. Rows are added one at a time and only sums and counts
 * are kept, so a year of rows takes constant memory; a payout's rows are read on request.
 */
export class SettlementBook {
  readonly #report: StatementReport
  readonly #settlements = new Map<string, Bucket>()
  readonly #unsettled: Bucket = { totals: zeroTotals(), rowCount: 0 }
  readonly #window = zeroTotals()

  constructor(report: StatementReport) {
    this.#report = report
    for (const settlement of report.settlements) {
      this.#settlements.set(settlement.settlement_id, { totals: zeroTotals(), rowCount: 0 })
    }
  }

  /** Adds one row to its settlement (or to the unsettled rows) and to the window. */
  add(row: StatementRow): void {
    let bucket = row.settlement_id ? this.#settlements.get(row.settlement_id) : this.#unsettled
    if (!bucket) {
      // A payout the json report does not list: kept and reported as a difference, not dropped.
      bucket = { totals: zeroTotals(), rowCount: 0 }
      this.#settlements.set(row.settlement_id!, bucket)
    }
    addRow(bucket.totals, row)
    addRow(this.#window, row)
    bucket.rowCount++
  }

  /** The settlements with their totals and row counts, the window's totals, and what does not add up. */
  result(): BookResult {
    const summary = this.#report.summary
    const service: Totals = {
      gross: toHalalas(summary.total_gross_sales),
      fees: toHalalas(summary.total_fees),
      vat: toHalalas(summary.total_vat),
      refunds: toHalalas(summary.total_refunds),
      net: toHalalas(summary.net_payout_amount),
    }
    const listed = new Map(this.#report.settlements.map((settlement) => [settlement.settlement_id, settlement]))
    const settlements: BookSettlement[] = []
    const settlementMismatches: Difference["settlements"] = []
    for (const [id, bucket] of this.#settlements) {
      const known = listed.get(id)
      const serviceNet = known ? toHalalas(known.net_amount) : 0n
      if (bucket.totals.net !== serviceNet) {
        settlementMismatches.push({ settlement_id: id, ...mismatch(bucket.totals.net, serviceNet) })
      }
      settlements.push({
        settlement_id: id,
        payout_date: known?.payout_date ?? null,
        bank_reference: known?.bank_reference ?? null,
        status: known?.status ?? "unknown",
        net_amount: formatAmount(serviceNet),
        totals: formatTotals(bucket.totals),
        row_count: bucket.rowCount,
      })
    }
    const totalMismatches: Difference["totals"] = {}
    for (const key of TOTAL_KEYS) {
      if (this.#window[key] !== service[key]) {
        totalMismatches[key] = mismatch(this.#window[key], service[key])
      }
    }
    const w = this.#window
    const netFormulaBroken = w.gross - w.fees - w.vat - w.refunds !== w.net
    const differs = Object.keys(totalMismatches).length > 0 || settlementMismatches.length > 0 || netFormulaBroken
    return {
      currency: this.#report.currency,
      settlements,
      unsettled: { row_count: this.#unsettled.rowCount, totals: formatTotals(this.#unsettled.totals) },
      totals: formatTotals(this.#window),
      service_summary: formatTotals(service),
      difference: differs
        ? { totals: totalMismatches, settlements: settlementMismatches, net_formula_broken: netFormulaBroken }
        : null,
      daily: dailyNet(settlements),
    }
  }
}

function mismatch(rows: bigint, service: bigint): Mismatch {
  return { rows: formatAmount(rows), service: formatAmount(service), difference: formatAmount(rows - service) }
}

const DAY_MS = 86_400_000

function dailyNet(settlements: BookSettlement[]): BookResult["daily"] {
  const byDate = new Map<string, bigint>()
  for (const settlement of settlements) {
    if (settlement.payout_date && /^\d{4}-\d{2}-\d{2}/.test(settlement.payout_date)) {
      const date = settlement.payout_date.slice(0, 10)
      byDate.set(date, (byDate.get(date) ?? 0n) + toHalalas(settlement.totals.net))
    }
  }
  if (!byDate.size) {
    return []
  }
  const dates = [...byDate.keys()].sort()
  const days: BookResult["daily"] = []
  for (let at = Date.parse(dates[0]); at <= Date.parse(dates[dates.length - 1]); at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10)
    days.push({ date, net: formatAmount(byDate.get(date) ?? 0n) })
  }
  return days
}
