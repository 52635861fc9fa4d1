import { z } from "zod"
import type { CreatePaymentLinkResponse, Transaction } from "../../lib/client"
import { formatAmount } from "../../lib/money"
import { sameLinkId } from "../links/ids"

/**
 * Session data is returned to the storefront by the Store API, so it carries only what the
 * storefront needs to redirect and what the provider needs to re-read the link: no keys, no
 * customer data.
 *
 * Medusa stores `{ ...input.data, ...output.data }` when a session is created, so a key the
 * storefront sent survives unless the provider overwrites it: every optional key below is always
 * returned, as `null` when the provider has no value for it.
 */
export type InstallmentsSessionData = {
  session_id: string
  payment_link_id: string
  url: string
  environment: string
  /** 2-decimal SAR string, exactly the amount the link was created for. */
  amount: string
  currency_code: string
  expires_at: string
  transaction_id: string | null
  payment_option: string | null
  installment_months: string | null
  installment_bank: string | null
  /** Why an attempt failed, in the provider's own fixed words for the customer (no bank text, no card data). */
  failure_reason: string | null
}

/** The optional keys the provider owns; never left to what the storefront sent. */
export const OPTIONAL_SESSION_KEYS = [
  "transaction_id",
  "payment_option",
  "installment_months",
  "installment_bank",
  "failure_reason",
] as const

type OptionalKey = (typeof OPTIONAL_SESSION_KEYS)[number]
type OptionalValues = Partial<Record<OptionalKey, string | null | undefined>>

const NO_OPTIONAL_VALUES: Record<OptionalKey, null> = {
  transaction_id: null,
  payment_option: null,
  installment_months: null,
  installment_bank: null,
  failure_reason: null,
}

/** The public session data of a freshly created link. */
export function buildSessionData(input: {
  sessionId: string
  /** The creation answer, with the checkout URL the client accepted (https, see ServiceUrl). */
  link: CreatePaymentLinkResponse & { url: string }
  halalas: bigint
  expiresAt: Date
  /** The client's environment, for a creation answer that leaves `environment` out. */
  environment: string
}): InstallmentsSessionData {
  return {
    session_id: input.sessionId,
    payment_link_id: input.link.payment_link_id,
    url: input.link.url,
    environment: input.link.environment ?? input.environment.toUpperCase(),
    amount: formatAmount(input.halalas),
    currency_code: "sar",
    expires_at: input.expiresAt.toISOString(),
    ...NO_OPTIONAL_VALUES,
  }
}

/**
 * The data with every optional key the provider owns set from `values`, and `null` where it has
 * none: nothing a storefront or an earlier call left in those keys survives.
 */
export function withOwnValues<T extends object>(
  data: T,
  values: OptionalValues = {}
): Omit<T, OptionalKey> & Record<OptionalKey, string | null> {
  const own = { ...NO_OPTIONAL_VALUES } as Record<OptionalKey, string | null>
  for (const key of OPTIONAL_SESSION_KEYS) {
    const value = values[key]
    if (typeof value === "string" && value) {
      own[key] = value
    }
  }
  return { ...data, ...own }
}

/** What a paid (or pending) transaction adds: its id and the plan the customer chose. */
export function transactionValues(transaction: Transaction): OptionalValues {
  const installment = transaction.payment_option === "Installment"
  return {
    transaction_id: transaction.id,
    payment_option: transaction.payment_option ?? null,
    installment_months: installment ? (transaction.installment_duration ?? null) : null,
    installment_bank: installment ? (transaction.bank_name ?? null) : null,
  }
}

const StoredSessionData = z.object({
  session_id: z.string().min(1),
  payment_link_id: z.string().min(1),
  amount: z.string().min(1),
  currency_code: z.string().min(1),
})

/**
 * Reads what the provider itself stored; anything else means the data is not ours. The optional
 * keys are whatever the stored data holds (possibly sent by the storefront): callers that return
 * data set them again with `withOwnValues`.
 */
export function readSessionData(data: Record<string, unknown> | undefined): InstallmentsSessionData | undefined {
  const result = StoredSessionData.safeParse(data ?? {})
  return result.success ? (data as unknown as InstallmentsSessionData) : undefined
}

/**
 * True when a Medusa payment's data (the session data the provider returned) records this
 * transaction: its transaction id, or, when the provider recorded none, the link the transaction paid.
 */
export function recordsTransaction(
  data: Record<string, unknown> | null | undefined,
  transactionId: string,
  paymentLinkId?: string
): boolean {
  const recorded = data?.transaction_id
  return recorded === transactionId || (!recorded && sameLinkId(data?.payment_link_id as string | undefined, paymentLinkId))
}
