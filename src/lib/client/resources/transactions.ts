import { randomUUID } from "node:crypto"
import { z } from "zod"
import { RefundBody, RefundResponse, Transaction } from "../schemas/transactions"
import { HttpClient } from "../http"
import { validateRequest } from "../validate"
import { pathId } from "./path"

const RefundOptionsSchema = z.object({
  /**
   * Sent as `Idempotency-Key` and reused on every retry, so a refund is applied once however often
   * it is sent. Derive it from your own refund id; one is generated when absent.
   */
  idempotencyKey: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, "must be 1 to 255 visible ASCII characters")
    .optional(),
})
export type RefundOptions = z.input<typeof RefundOptionsSchema>

/** A refund the service accepted (settlement follows asynchronously), with the key that was used. */
export type AcceptedRefund = RefundResponse & { idempotency_key: string }

/** Transactions: reads and refunds (endpoints 6 and 7). */
export class Transactions {
  constructor(private readonly http: HttpClient) {}

  /** Reads a transaction with its fees, installment tracker and refund tracker. */
  async retrieve(transactionId: string): Promise<Transaction> {
    return this.http.json(
      {
        method: "GET",
        path: `/transactions/${pathId(transactionId, "transaction_id")}`,
        retry: "transient",
        family: "default",
      },
      Transaction
    )
  }

  /** Refunds part or all of a transaction; 200 means accepted, not settled. */
  async refund(transactionId: string, body: RefundBody, options: RefundOptions = {}): Promise<AcceptedRefund> {
    const payload = validateRequest(RefundBody, body, "refund")
    const idempotencyKey = validateRequest(RefundOptionsSchema, options, "refund options").idempotencyKey ?? randomUUID()
    const accepted = await this.http.json(
      {
        method: "POST",
        // The trailing slash is required: without it the service redirects and refunds nothing.
        path: `/transactions/refund/${pathId(transactionId, "transaction_id")}/`,
        body: payload,
        headers: { "Idempotency-Key": idempotencyKey },
        retry: "transient",
        retryWhileProcessing: true,
        family: "refund",
      },
      RefundResponse
    )
    return { ...accepted, idempotency_key: idempotencyKey }
  }
}
