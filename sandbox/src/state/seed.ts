import { randomUUID } from "node:crypto"
import { formatAmount, toHalalas } from "../../../src/lib/money"
import { ratesFor } from "../catalog/fees"
import { SandboxContext } from "../context"
import { TransactionRecord } from "./types"

export interface StatementSeed {
  /** How many successful payments to add. */
  count: number
  /** Epoch ms of the first and last payment; payments are spread evenly between them. */
  from: number
  to: number
  /** Amount of each payment, a 2-decimal string. */
  amount: string
  /** Every n-th payment gets a settled refund of a tenth of its amount; 0 for none. */
  refund_every: number
}

/**
 * Adds settled payments (and refunds) straight to the statement, without links, pages or webhooks:
 * volume for statement exports and their benchmarks. Alternates 0% installments (Al Rajhi, 12
 * months) and full VISA payments so both fee schedules appear.
 */
export function seedStatement(ctx: SandboxContext, seed: StatementSeed): { transactions: number; refunds: number } {
  const step = seed.count > 1 ? Math.floor((seed.to - seed.from) / (seed.count - 1)) : 0
  const refundAmount = formatAmount(toHalalas(seed.amount) / 10n)
  let refunds = 0
  for (let index = 0; index < seed.count; index++) {
    const installment = index % 2 === 0
    const at = seed.from + index * step
    const transaction: TransactionRecord = {
      id: randomUUID(),
      seq: ctx.store.nextSeq(),
      link_id: randomUUID(),
      store_id: ctx.config.storeId,
      created_at: at,
      started_at: at,
      base_status: "success",
      amount: seed.amount,
      payment_option: installment ? "Installment" : "Pay In Full",
      brand: "VISA",
      card_type: "CREDIT",
      masked_number: "409201******0018",
      bank_code: installment ? "rajhi" : null,
      months: installment ? 12 : null,
      tracker: installment ? { id: `FAC-SEED-${index}`, status: "A", message: "Approved" } : null,
      failure_message: null,
      fee_rates: ratesFor("VISA", ctx.config.fees, ctx.config.vatPercent, ctx.config.murabhaFeePercent, installment),
      trx_lang: "ar",
      address: null,
      refunds: [],
      disputes: [],
    }
    if (seed.refund_every > 0 && (index + 1) % seed.refund_every === 0) {
      refunds++
      transaction.refunds.push({
        id: randomUUID(),
        amount: refundAmount,
        status: "R",
        gateway_transaction_id: `RF-SEED-${index}`,
        rrn: `${100000000000 + index}`,
        idempotency_key: randomUUID(),
        order_refund_id: `ORF-SEED-${index}`,
        reason: "seeded",
        metadata: null,
        accepted_at: at + 60_000,
        auto_settle_at: null,
        settled_at: at + 120_000,
      })
    }
    ctx.store.state.transactions[transaction.id] = transaction
  }
  ctx.store.changed()
  return { transactions: seed.count, refunds }
}
