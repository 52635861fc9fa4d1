import { willRetry } from "../../../../installments/refunds/failures"
import { REFUND_STATUS } from "../validators"

type LedgerRow = { status: keyof typeof REFUND_STATUS; retryable?: boolean | null; next_retry_at?: Date | string | null } & Record<
  string,
  unknown
>

/** A ledger row as the admin API shows it: status in words, and whether a failed refund is retried. */
export function refundView(row: LedgerRow) {
  return { ...row, status: REFUND_STATUS[row.status], will_retry: willRetry(row) }
}
