import { randomUUID } from "node:crypto"
import { formatAmount, toHalalas, toWireNumber } from "../../../src/lib/money"
import { computeFees } from "../catalog/fees"
import { SandboxContext } from "../context"

/**
 * One statement row (D17): a captured payment, a settled refund or a pending refund (no
 * settlement_id yet, net_amount 0.00 until it settles). Amounts are 2-decimal strings.
 */
export interface StatementRow {
  date: string
  type: "payment" | "refund"
  transaction_id: string
  payment_option: string
  bank_name: string
  amount: string
  service_fee: string
  service_tax_vat: string
  refund_amount: string
  net_amount: string
  settlement_id: string
}

export const STATEMENT_COLUMNS: ReadonlyArray<keyof StatementRow> = [
  "date",
  "type",
  "transaction_id",
  "payment_option",
  "bank_name",
  "amount",
  "service_fee",
  "service_tax_vat",
  "refund_amount",
  "net_amount",
  "settlement_id",
]

export interface Statement {
  report_id: string
  generated_at: string
  store_id: string
  from: string
  to: string
  summary: { gross: bigint; fees: bigint; vat: bigint; refunds: bigint; net: bigint }
  settlements: Array<{
    settlement_id: string
    payout_date: string
    bank_reference: string
    net: bigint
    status: "completed" | "pending"
  }>
  rows: StatementRow[]
}

const DAY_MS = 86_400_000

function utcDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10)
}

/** Payouts go out over the interbank network the day after the business day. */
function payoutDate(epochMs: number): string {
  return utcDate(Date.parse(utcDate(epochMs)) + DAY_MS)
}

function settlementId(storeId: string, payout: string): string {
  return `STL-${payout.replace(/-/g, "")}-${storeId.slice(0, 8).toUpperCase()}`
}

/**
 * The settlement statement of a window: captured payments by authorization time, settled refunds by
 * settlement time and pending refunds by acceptance time, one row each (D17). The summary's refunds
 * and the settlements count settled refunds only ("refunds settled in period"): a pending refund is a
 * row with an empty settlement_id and net_amount 0.00, so the rows' net_amount still sums to the net payout.
 */
export function buildStatement(ctx: SandboxContext, storeId: string, from: number, to: number): Statement {
  // `net` null: the row belongs to no settlement yet.
  const entries: Array<{ at: number; net: bigint | null; row: StatementRow }> = []
  const summary = { gross: 0n, fees: 0n, vat: 0n, refunds: 0n, net: 0n }
  const transactions = Object.values(ctx.store.state.transactions)
    .filter((transaction) => transaction.store_id === storeId && transaction.base_status === "success")
    .sort((a, b) => a.seq - b.seq)
  for (const transaction of transactions) {
    const bankName = transaction.bank_code?.toUpperCase() ?? ""
    if (transaction.created_at >= from && transaction.created_at <= to) {
      const fees = computeFees(transaction.amount, transaction.fee_rates)
      const net = toHalalas(fees.merchant_payout)
      summary.gross += toHalalas(transaction.amount)
      summary.fees += toHalalas(fees.service_fee)
      summary.vat += toHalalas(fees.service_tax_vat)
      entries.push({
        at: transaction.created_at,
        net,
        row: {
          date: new Date(transaction.created_at).toISOString(),
          type: "payment",
          transaction_id: transaction.id,
          payment_option: transaction.payment_option,
          bank_name: bankName,
          amount: transaction.amount,
          service_fee: fees.service_fee,
          service_tax_vat: fees.service_tax_vat,
          refund_amount: "0.00",
          net_amount: fees.merchant_payout,
          settlement_id: settlementId(storeId, payoutDate(transaction.created_at)),
        },
      })
    }
    for (const refund of transaction.refunds) {
      // A pending refund is listed (D17) but moves no money until it settles, on its payout date.
      const settled = refund.settled_at !== null
      const at = refund.settled_at ?? refund.accepted_at
      if (at < from || at > to) {
        continue
      }
      const amount = settled ? toHalalas(refund.amount) : 0n
      summary.refunds += amount
      entries.push({
        at,
        net: settled ? -amount : null,
        row: {
          date: new Date(at).toISOString(),
          type: "refund",
          transaction_id: transaction.id,
          payment_option: transaction.payment_option,
          bank_name: bankName,
          amount: "0.00",
          service_fee: "0.00",
          service_tax_vat: "0.00",
          refund_amount: refund.amount,
          net_amount: formatAmount(-amount),
          settlement_id: settled ? settlementId(storeId, payoutDate(at)) : "",
        },
      })
    }
  }
  entries.sort((a, b) => a.at - b.at)
  summary.net = summary.gross - summary.fees - summary.vat - summary.refunds
  const today = utcDate(ctx.clock.now())
  const byPayout = new Map<string, bigint>()
  for (const entry of entries) {
    if (entry.net === null) {
      continue
    }
    const payout = payoutDate(entry.at)
    byPayout.set(payout, (byPayout.get(payout) ?? 0n) + entry.net)
  }
  const settlements = [...byPayout].map(([payout, net]) => ({
    settlement_id: settlementId(storeId, payout),
    payout_date: payout,
    bank_reference: `SARIE${payout.replace(/-/g, "")}${storeId.replace(/-/g, "").slice(0, 6).toUpperCase()}`,
    net,
    status: payout <= today ? ("completed" as const) : ("pending" as const),
  }))
  return {
    report_id: `rpt_${randomUUID()}`,
    generated_at: ctx.clock.iso(),
    store_id: storeId,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    summary,
    settlements,
    rows: entries.map((entry) => entry.row),
  }
}

/** The json format: the statement report of docs/service-api.md (endpoint 8). */
export function statementJson(statement: Statement): Record<string, unknown> {
  const { summary } = statement
  return {
    report_id: statement.report_id,
    generated_at: statement.generated_at,
    currency: "SAR",
    summary: {
      total_gross_sales: toWireNumber(summary.gross),
      total_fees: toWireNumber(summary.fees),
      total_vat: toWireNumber(summary.vat),
      total_refunds: toWireNumber(summary.refunds),
      net_payout_amount: toWireNumber(summary.net),
    },
    settlements: statement.settlements.map((settlement) => ({
      settlement_id: settlement.settlement_id,
      payout_date: settlement.payout_date,
      bank_reference: settlement.bank_reference,
      net_amount: toWireNumber(settlement.net),
      status: settlement.status,
    })),
  }
}
