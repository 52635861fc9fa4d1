import { z } from "zod"
import type { CreatePaymentLinkResponse, Transaction } from "../../lib/client"
import { formatAmount } from "../../lib/money"

/**
 * Session data is returned to the storefront by the Store API, so it carries only what the
 * storefront needs to redirect and what the provider needs to re-read the link: no keys, no
 * customer data.
 */
export interface InstallmentsSessionData {
  session_id: string
  payment_link_id: string
  url: string
  environment: string
  /** 2-decimal SAR string, exactly the amount the link was created for. */
  amount: string
  currency_code: string
  expires_at: string
  transaction_id?: string
  payment_option?: string
  installment_months?: string
  installment_bank?: string
  /** Why an attempt failed, in words for the customer (no card or personal data). */
  failure_reason?: string
}

/** The public session data of a freshly created link. */
export function buildSessionData(input: {
  sessionId: string
  link: CreatePaymentLinkResponse
  halalas: bigint
  expiresAt: Date
}): InstallmentsSessionData {
  return {
    session_id: input.sessionId,
    payment_link_id: input.link.payment_link_id,
    url: input.link.url,
    environment: input.link.environment,
    amount: formatAmount(input.halalas),
    currency_code: "sar",
    expires_at: input.expiresAt.toISOString(),
  }
}

/** Session data plus what a paid transaction adds: its id and the plan the customer chose. */
export function withTransaction(data: InstallmentsSessionData, transaction: Transaction): InstallmentsSessionData {
  const paid: InstallmentsSessionData = { ...data, transaction_id: transaction.id }
  if (transaction.payment_option) {
    paid.payment_option = transaction.payment_option
  }
  if (transaction.payment_option === "Installment") {
    if (transaction.installment_duration) {
      paid.installment_months = transaction.installment_duration
    }
    if (transaction.bank_name) {
      paid.installment_bank = transaction.bank_name
    }
  }
  return paid
}

const StoredSessionData = z.object({
  session_id: z.string().min(1),
  payment_link_id: z.string().min(1),
  amount: z.string().min(1),
  currency_code: z.string().min(1),
})

/** Reads what the provider itself stored; anything else means the data is not ours. */
export function readSessionData(data: Record<string, unknown> | undefined): InstallmentsSessionData | undefined {
  const result = StoredSessionData.safeParse(data ?? {})
  return result.success ? (data as unknown as InstallmentsSessionData) : undefined
}
