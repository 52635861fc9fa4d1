import { trace } from "./world"
import type { RefundPaymentInput } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { formatAmount, roundMedusaAmount } from "../../src/lib/money"
import { RECORDED_REFUND_KEY } from "../../src/installments/refunds/keys"
import { planBookings } from "../../src/installments/refunds/order-bookings"
import type { OrderRefundState } from "../../src/installments/refunds/return-decision"

/** A process died: everything it was doing stops, and nothing after this point was written. */
export class Crash extends Error {
  constructor() {
    super("the process was killed")
  }
}

/**
 * Where a schedule may kill the process while a refund is under way: after the ledger's intent,
 * after Medusa's refund row, after the service applied it (before the answer is read), after the
 * ledger recorded the outcome (the resolver's too), after the provider answered Medusa (before the
 * order's transaction).
 */
export const KILL_POINTS = ["after_intent", "after_medusa_row", "after_send", "after_outcome", "after_answer"] as const
export type KillPoint = (typeof KILL_POINTS)[number]

/** The process a call runs in, as Medusa's refund workflow sees it: its provider, and whether it is alive. */
export interface MedusaProcess {
  readonly name: string
  alive: boolean
  kill(point: KillPoint): void
  provider: { refundPayment(input: RefundPaymentInput): Promise<unknown> }
}

export interface MedusaRefundRow {
  id: string
  halalas: bigint
  note: string
  metadata: Record<string, unknown>
  created_at: Date
}

/**
 * Medusa's order, payment and refunds as 2.21.2 keeps them (docs: MEDUSA-NOTES): the refund workflow
 * checks the captured amount, commits its refund row, calls the provider, deletes the row only in its
 * catch, then books in the order's transactions every refund of the payment the order does not book
 * yet, each at the amount of this run (its refund-payment workflow maps the payment's refunds with
 * `input.amount`). A process killed between two of these leaves what was committed. Deleting a refund
 * row leaves its order transaction: that is the order module's to delete.
 */
export class MedusaModel {
  readonly orderId = "order_sim"
  readonly paymentId = "pay_sim"
  readonly refunds: MedusaRefundRow[] = []
  /** The order's refund transactions: the refund's id (reference_id) and the amount booked for it. */
  readonly booked = new Map<string, bigint>()
  /** Every refund row Medusa's workflow ever made, deleted or not: a merchant's clicks, in order. */
  readonly made: string[] = []
  /** What the received returns took off the order's total. */
  receipts = 0n
  #seq = 0

  constructor(
    readonly transactionId: string,
    readonly captured: bigint
  ) {}

  /** What the order still owes the customer by its summary (negative: it was refunded more). */
  owed(): bigint {
    const booked = [...this.booked.values()].reduce((sum, halalas) => sum + halalas, 0n)
    return this.receipts - booked
  }

  refunded(): bigint {
    return this.refunds.reduce((sum, refund) => sum + refund.halalas, 0n)
  }

  paymentData(): Record<string, unknown> {
    return {
      session_id: "payses_sim",
      payment_link_id: "7d444840-9dc0-11d1-b245-5ffdce74fad2",
      url: "https://pay.test/payment-link/7d444840-9dc0-11d1-b245-5ffdce74fad2",
      environment: "SANDBOX",
      amount: formatAmount(this.captured),
      currency_code: "sar",
      expires_at: "2026-01-01T11:00:00.000Z",
      transaction_id: this.transactionId,
    }
  }

  /** The order as the return's refund reads it (installments/refunds/medusa-refunds.ts loads the same fields). */
  orderState(): OrderRefundState {
    const owed = this.owed()
    return {
      id: this.orderId,
      currency_code: "sar",
      summary: { raw_pending_difference: { value: formatAmount(-owed) } },
      transactions: [...this.booked.keys()].map((id) => ({ reference: "refund", reference_id: id })),
      payment_collections: [
        {
          payments: [
            {
              id: this.paymentId,
              provider_id: "pp_installments_installments",
              data: this.paymentData(),
              captures: [{ raw_amount: { value: formatAmount(this.captured) } }],
              refunds: this.refunds.map((refund) => ({
                id: refund.id,
                raw_amount: { value: formatAmount(refund.halalas) },
                metadata: refund.metadata,
              })),
            },
          ],
        },
      ],
    }
  }

  refundKey(refundId: string): string | undefined {
    const key = this.refunds.find((refund) => refund.id === refundId)?.metadata[RECORDED_REFUND_KEY]
    return typeof key === "string" ? key : undefined
  }

  /** Medusa's refundPaymentWorkflow: returns the refund's id, or throws what the provider threw. */
  async refundPayment(
    proc: MedusaProcess,
    input: { amount: string; note: string; metadata?: Record<string, unknown> }
  ): Promise<string> {
    alive(proc)
    const halalas = roundMedusaAmount(input.amount)
    if (halalas <= 0n || this.refunded() + halalas > this.captured) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "You cannot refund more than what is captured on the payment.")
    }
    const refund: MedusaRefundRow = {
      id: `ref_${++this.#seq}`,
      halalas,
      note: input.note,
      metadata: input.metadata ?? {},
      created_at: new Date(),
    }
    this.refunds.push(refund)
    this.made.push(refund.id)
    trace(`${proc.name} medusa row ${refund.id} ${halalas} (${input.note})`)
    proc.kill("after_medusa_row")
    try {
      await proc.provider.refundPayment({
        amount: { value: formatAmount(halalas), precision: 20 } as never,
        data: this.paymentData(),
        context: { idempotency_key: refund.id },
      })
    } catch (error) {
      alive(proc)
      this.refunds.splice(this.refunds.indexOf(refund), 1)
      trace(`${proc.name} medusa catch deletes ${refund.id}: ${(error as Error).message}`)
      throw error
    }
    alive(proc)
    proc.kill("after_answer")
    for (const made of this.refunds) {
      if (!this.booked.has(made.id)) this.booked.set(made.id, halalas)
    }
    return refund.id
  }

  /** The Payment module's deleteRefunds: the resolver removes a row the service never applied. */
  remove(proc: MedusaProcess, refundId: string): void {
    alive(proc)
    const index = this.refunds.findIndex((refund) => refund.id === refundId)
    if (index >= 0) this.refunds.splice(index, 1)
    trace(`${proc.name} removes Medusa refund ${refundId}`)
  }

  /** installments/refunds/order-bookings.ts's bookOrderRefunds: each refund booked once, at its own amount. */
  book(proc: MedusaProcess, confirmed: ReadonlySet<string>): void {
    alive(proc)
    const plan = planBookings(
      this.refunds.map((refund) => ({ id: refund.id, halalas: refund.halalas, confirmed: confirmed.has(refund.id) })),
      [...this.booked].map(([id, halalas]) => ({ id, reference_id: id, halalas }))
    )
    for (const id of plan.remove) this.booked.delete(id)
    for (const refund of plan.add) this.booked.set(refund.id, refund.halalas)
  }

  /** The Order module's deleteOrderTransactions of a refund's transactions (the summary follows). */
  unbook(proc: MedusaProcess, refundId: string): void {
    alive(proc)
    this.booked.delete(refundId)
  }
}

/** Throws when the process is dead: nothing more is written by it. */
export function alive(proc: { alive: boolean }): void {
  if (!proc.alive) throw new Crash()
}
