import { MedusaError } from "@medusajs/framework/utils"

/**
 * Runs a ledger write again when it lost a race: a writer in another process inserted the same
 * tracker entry between this one's read and its write, so its transaction failed on the unique
 * tracker_id and rolled back; run again, it reads that row and updates it.
 */
export async function retryingRaces<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      if (attempt >= 3 || !isDuplicate(error)) {
        throw error
      }
    }
  }
}

/** True when a write failed on a unique index (another writer got there first). */
export function isDuplicate(error: unknown): boolean {
  const { type, message } = (error ?? {}) as { type?: unknown; message?: unknown }
  return type === MedusaError.Types.DUPLICATE_ERROR || (typeof message === "string" && /duplicate key|unique constraint|already exists/i.test(message))
}
