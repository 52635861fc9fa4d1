import type { ConfigModule } from "@medusajs/framework/types"
import { installmentsProviderOptions, installmentsRegistrationIds } from "../registrations/lookup"
import type { RegistrationId } from "../registrations/provider-ids"

/**
 * The lock the jobs that settle or retry a refund hold on its service transaction (the resolver, the
 * retry job), so two of them never decide one refund at once; the return's and the cancel check's
 * flows hold their order's lock, and the ledger's writer an advisory lock per transaction.
 */
export function transactionLockKey(transactionId: string): string {
  return `installments_refund:${transactionId}`
}

/** A refund's service calls: the transaction read before it, the send, and the read after an unknown answer. */
export const CALLS_PER_REFUND = 3
// Medusa's own writes around the calls (its refund row, the order's transaction, the ledger).
const MARGIN_S = 30

/**
 * How long a lock covering `refunds` refunds lives, in seconds: each service call ends by the
 * registration's `deadlineMs`, so the lock outlives the work it guards and never expires under it.
 */
export function refundLockSeconds(refunds: number, deadlineMs: number): number {
  return Math.ceil((Math.max(1, refunds) * CALLS_PER_REFUND * deadlineMs) / 1000) + MARGIN_S
}

/** The client's default `deadlineMs` (lib/client/options.ts), for a registration that sets none. */
const DEFAULT_DEADLINE_MS = 30_000

/** The longest `deadlineMs` of these registrations (or of every one): what a lock over their refunds must cover. */
export function longestDeadlineMs(
  config: ConfigModule,
  registrationIds: RegistrationId[] = installmentsRegistrationIds(config)
): number {
  return Math.max(...registrationIds.map((id) => installmentsProviderOptions(config, id)?.deadlineMs ?? DEFAULT_DEADLINE_MS), 1)
}
