import { ExpiringKeys } from "../../installments/cache/expiring-keys"
import { InFlightReads } from "../../installments/cache/in-flight-reads"
import type { RegistrationId } from "../../installments/registrations/provider-ids"

/** A webhook key as the verifier takes it. */
export interface VerificationKey {
  prefix: string
  publicKey: string
}

/** Whose keys verify a delivery: the registration it was sent to, in that registration's environment. */
export interface VerificationKeyOwner {
  provider_id: RegistrationId
  environment: string
}

/** A stored key with the registration and environment it verifies for. */
export type StoredKey = VerificationKey & VerificationKeyOwner

// A key removed in another process may still verify for this long here; one added anywhere is read
// at once (the route reads fresh before it refuses), and this process's own changes forget the copy.
const VERIFICATION_KEYS_TTL_MS = 10_000
// A refusal asks for a fresh read; forged deliveries must not turn that into one query each.
const FRESH_READ_INTERVAL_MS = 1_000
const ALL_KEYS = "all"

/**
 * This process's copy of the webhook keys: kept for a few seconds, since every delivery needs them
 * and they change only on a registration. A fresh read is made at most once a second, concurrent
 * callers sharing the one read, so forged deliveries cannot turn refusals into a query each.
 */
export class VerificationKeyCache {
  private readonly kept = new ExpiringKeys<StoredKey[]>(VERIFICATION_KEYS_TTL_MS, 1)
  private readonly reads = new InFlightReads<StoredKey[]>()
  private lastRead?: number

  constructor(private readonly read: () => Promise<StoredKey[]>) {}

  /** The keys of `owner`, from the copy unless `fresh` asks for a read and none was made in the last second. */
  async keysOf(owner: VerificationKeyOwner, fresh: boolean): Promise<VerificationKey[]> {
    const kept = this.kept.get(ALL_KEYS)
    const readRecently = Date.now() - (this.lastRead ?? 0) < FRESH_READ_INTERVAL_MS
    const all = kept && (!fresh || readRecently) ? kept : await this.reads.run(ALL_KEYS, () => this.readAll())
    return all
      .filter((key) => key.provider_id === owner.provider_id && key.environment === owner.environment)
      .map(({ prefix, publicKey }) => ({ prefix, publicKey }))
  }

  /** Drops the copy, after this process changed the keys. */
  forget(): void {
    this.kept.clear()
    this.lastRead = undefined
  }

  private async readAll(): Promise<StoredKey[]> {
    this.lastRead = Date.now()
    const keys = await this.read()
    this.kept.set(ALL_KEYS, keys)
    return keys
  }
}
