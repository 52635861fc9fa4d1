// Which registration a client speaks for, by its merchant account (base URL and public key, no
// secret). The provider builds its client from its options alone (Medusa does not tell a provider its
// own id), so its calls are labelled from here: every read of a registration's options notes it.

const byAccount = new Map<string, string>()
// A process serves a handful of registrations; a bound keeps a misuse from growing the map.
const MOST = 64

/** Notes that `account` is registration `id`'s (the first registration noted for an account keeps it). */
export function noteRegistration(account: string, id: string): void {
  if (byAccount.has(account)) {
    return
  }
  if (byAccount.size >= MOST) {
    byAccount.delete(byAccount.keys().next().value!)
  }
  byAccount.set(account, id)
}

/** The registration noted for `account`, if any. */
export function registrationOfAccount(account: string): string | undefined {
  return byAccount.get(account)
}
