import type { CheckoutFacts } from "./checkout-outcome"

/** A checkout's row as the module writes it: who it is, and the facts of the read. */
export interface CheckoutRecord extends CheckoutFacts {
  session_id: string
  /** Medusa's provider id of the session; null when the reader does not know it (the provider's own calls). */
  provider_id: string | null
  payment_link_id: string
  /** When the session was made. */
  started_at: Date
  /** What the link asks, 2-decimal SAR. */
  amount: string
}

/** The module's writer of checkout rows (modules/installments/service.ts, `recordCheckout`). */
export interface CheckoutWriter {
  /**
   * Inserts the session's row, or replaces its facts unless the row already holds a later read of
   * the same link (a higher progress); a known provider id is never forgotten.
   */
  recordCheckout(record: CheckoutRecord): Promise<void>
  /** The same for several sessions' reads, in one statement (one read per session: the latest). */
  recordCheckouts(records: CheckoutRecord[]): Promise<void>
}
