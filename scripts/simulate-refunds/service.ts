import { Readable } from "node:stream"
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios"
import { formatAmount, parseAmount } from "../../src/lib/money"
import { transaction } from "../../src/installments/__tests__/transaction-answer"
import { Uuid } from "../../sandbox/src/validation/fields"
import type { Clock } from "./clock"

/**
 * What one request to the service meets, as a real network and service make it:
 * - `ok`: answered;
 * - `lose_after_apply`: applied, then the connection resets before the answer;
 * - `apply_5xx`: applied, then a proxy's 502 page;
 * - `late_apply`: applied, the answer after the client's timeout;
 * - `hang`: held past the client's timeout, never applied (the interface's assumption, docs/operations.md);
 * - `refuse_429`: a gateway's 429 before the service (nothing applied);
 * - `refuse_connection`: the connection refused (nothing applied);
 * - `processing`: "already under processing" (nothing applied);
 * - `read_5xx`: a read answered 503;
 * - `slow_answer` (the race schedules only): applied, the answer still on its way while the process's
 *   other work runs (its resolver, a second refund), heard in time.
 */
export const REFUND_FAULTS = [
  "lose_after_apply",
  "apply_5xx",
  "late_apply",
  "hang",
  "refuse_429",
  "refuse_connection",
  "processing",
] as const
export const READ_FAULTS = ["read_5xx", "hang"] as const
export type Fault = "ok" | "slow_answer" | (typeof REFUND_FAULTS)[number] | (typeof READ_FAULTS)[number]
/** How many turns of the event loop a slow answer is on its way: enough for a whole resolver run. */
export const SLOW_ANSWER_TURNS = 60

/** Waits `n` turns of the event loop, letting the other steps of a schedule run meanwhile. */
export async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve))
}

/** A refund the service applied. */
export interface ServiceRefund {
  id: string
  key: string
  halalas: bigint
}

/** The installments service, in memory: one paid transaction per order, refunds applied once per key. */
export class ServiceModel {
  readonly transactions = new Map<string, { halalas: bigint; refunds: ServiceRefund[] }>()
  /** Every fault a request met, in order: the schedule's proof that its faults fired. */
  readonly met: { endpoint: "refund" | "read"; fault: Fault }[] = []
  #seq = 0

  /** A broken service that applies a key again (the simulator's own test: its checks must see it). */
  forgetsKeys = false

  pay(transactionId: string, halalas: bigint): void {
    this.transactions.set(transactionId, { halalas, refunds: [] })
  }

  refunds(transactionId: string): ServiceRefund[] {
    return this.transactions.get(transactionId)?.refunds ?? []
  }

  refunded(transactionId: string): bigint {
    return this.refunds(transactionId).reduce((sum, refund) => sum + refund.halalas, 0n)
  }

  #read(transactionId: string) {
    const trx = this.transactions.get(transactionId)!
    const refunded = this.refunded(transactionId)
    return transaction({
      id: transactionId,
      amount: formatAmount(trx.halalas),
      refunded_amount: formatAmount(refunded),
      status: refunded === 0n ? "success" : refunded === trx.halalas ? "refunded" : "partially refunded",
      is_refundable: refunded < trx.halalas,
      refund_tracker: trx.refunds.map((refund) => ({
        id: refund.id,
        status: "P",
        amount: formatAmount(refund.halalas),
        gateway_transaction_id: `RF-${refund.id}`,
        gateway_key_type: "RefundReference",
        rrn: null,
        idempotency_key: refund.key,
        order_refund_id: null,
      })),
    })
  }

  // Applies a refund under its key, once: the same key replays the first answer (D15).
  #refund(transactionId: string, key: string, amount: unknown): { status: number; body: unknown } {
    const trx = this.transactions.get(transactionId)!
    // As the sandbox: the interface types the key as a UUID, so a key of another shape is refused.
    if (!Uuid.safeParse(key).success) {
      return { status: 400, body: { message: "Idempotency-Key: Must be a valid UUID.", fields_errors: [{ Name: "Idempotency-Key" }] } }
    }
    if (!this.forgetsKeys && trx.refunds.some((refund) => refund.key === key)) {
      return { status: 200, body: { status: "success", key_type: "RefundReference", key: `RF-${key}` } }
    }
    const halalas = parseAmount(String(amount))
    const left = trx.halalas - this.refunded(transactionId)
    if (halalas > left) {
      return { status: 400, body: { message: `Maximum amount to be refunded is ${formatAmount(left)}` } }
    }
    trx.refunds.push({ id: `r${++this.#seq}`, key, halalas })
    return { status: 200, body: { status: "success", key_type: "RefundReference", key: `RF-${key}` } }
  }

  /** axios's adapter over this service: each request meets the fault `faultFor` picks. */
  adapter(clock: Clock, faultFor: (endpoint: "refund" | "read") => Fault, afterApply: () => void) {
    return async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
      const path = String(config.url).replace(/^https?:\/\/[^/]+/, "")
      const refund = /^\/transactions\/refund\/([^/]+)\/$/.exec(path)
      const read = /^\/transactions\/([^/]+)$/.exec(path)
      if (!refund && !read) {
        throw new Error(`the simulated service has no ${config.method} ${path}`)
      }
      const endpoint = refund ? "refund" : "read"
      const fault = faultFor(endpoint)
      this.met.push({ endpoint, fault })
      const fail = (code: string) => {
        throw new AxiosError(code, code, config)
      }
      if (fault === "refuse_connection") fail("ECONNREFUSED")
      if (fault === "refuse_429") return answer(config, 429, "Too Many Requests")
      if (fault === "processing") return answer(config, 400, { message: "The transaction is already under processing!" })
      if (fault === "read_5xx") return answer(config, 503, { error: "unavailable" })
      if (fault === "hang") {
        clock.advance(Number(config.timeout ?? 15_000))
        fail("ECONNABORTED")
      }
      let result: { status: number; body: unknown }
      if (refund) {
        const body = JSON.parse(String(config.data ?? "{}")) as { refund_amount?: unknown }
        const key = String(config.headers?.["Idempotency-Key"] ?? config.headers?.["idempotency-key"] ?? "")
        result = this.#refund(refund[1], key, body.refund_amount)
        if (process.env.SIM_TRACE)
          console.error(`        service: refund ${key} ${body.refund_amount} -> ${result.status}, fault ${fault}`)
        if (result.status === 200) afterApply()
      } else {
        result = { status: 200, body: this.#read(read![1]) }
      }
      if (fault === "lose_after_apply") fail("ECONNRESET")
      if (fault === "apply_5xx") return answer(config, 502, "Bad Gateway")
      if (fault === "slow_answer") await turns(SLOW_ANSWER_TURNS)
      if (fault === "late_apply") {
        clock.advance(Number(config.timeout ?? 15_000))
        fail("ECONNABORTED")
      }
      return answer(config, result.status, result.body)
    }
  }
}

function answer(config: InternalAxiosRequestConfig, status: number, body: unknown): AxiosResponse {
  const text = typeof body === "string" ? body : JSON.stringify(body)
  return {
    status,
    statusText: String(status),
    headers: { "content-type": typeof body === "string" ? "text/plain" : "application/json" },
    config,
    data: Readable.from([Buffer.from(text)]),
  }
}
