import { container } from "@medusajs/framework"
import { INSTALLMENTS_MODULE } from "../module-key"

/** The key of a link's metadata that names the store that made it (its instance identity). */
export const INSTANCE_METADATA_KEY = "instance_id"

/**
 * Whose a link is, by the identity in its metadata:
 * - `ours`: made by this store;
 * - `another_store`: made by another Medusa using the same merchant account (staging beside
 *   production), never this store's to refund;
 * - `unknown`: carries no identity (made before links carried one, or not by the plugin).
 */
export type LinkOwner = "ours" | "another_store" | "unknown"

/** The owner of a link with this metadata, for a store whose identity is `ourInstanceId`. */
export function linkOwner(metadata: Record<string, unknown> | null | undefined, ourInstanceId: string): LinkOwner {
  const instanceId = metadata?.[INSTANCE_METADATA_KEY]
  if (typeof instanceId !== "string" || !instanceId) {
    return "unknown"
  }
  return instanceId === ourInstanceId ? "ours" : "another_store"
}

/**
 * Whether a delivery about a transaction is this store's to mirror in its refund ledger: not when
 * the transaction's link names another store, nor when it names this store's identity but neither
 * the ledger, the admin-made links nor this database's record of making the link knows it (a store
 * booted from a copy of this database made it; `inLedger` covers the first two). A link that names no store (made before links named one, or read without
 * its metadata) is mirrored, as before.
 */
export function transactionIsOurs(input: { owner: LinkOwner; inLedger: boolean; madeHere: boolean }): boolean {
  if (input.inLedger || input.owner === "unknown") return true
  return input.owner === "ours" && input.madeHere
}

/**
 * What gives this store's identity (`instanceId`) and keeps its proof of making a link: a row per
 * link, by payment session, written before the link is asked for (`recordLinkMade`). The identity is
 * a row of the database, which a copy inherits; the rows a store writes after the copy are its own,
 * so only they prove a link is this store's to refund (`madeLinkFor`, asked by the orphan refund).
 */
export interface InstanceIdentity {
  instanceId(): Promise<string>
  recordLinkMade(sessionId: string): Promise<void>
}

/**
 * This store's identity for the payment provider, which Medusa builds in the Payment module's
 * container where the plugin's module cannot be resolved: it is reached through the application's
 * container when a link is made (every module is loaded by then). A cradle that registers
 * `installmentsInstance` (the provider's unit tests) is used instead.
 */
export function instanceIdentityFor(cradle: Record<string, unknown>): InstanceIdentity {
  let injected: InstanceIdentity | undefined
  try {
    injected = cradle.installmentsInstance as InstanceIdentity | undefined
  } catch {
    // An awilix cradle throws for a name it does not know: the application's container it is.
  }
  const module = () => container.resolve<InstanceIdentity>(INSTALLMENTS_MODULE)
  return injected ?? { instanceId: () => module().instanceId(), recordLinkMade: (sessionId) => module().recordLinkMade(sessionId) }
}
