import { MedusaError } from "@medusajs/framework/utils"

/** True when a write failed on a unique index (another writer got there first). */
export function isDuplicate(error: unknown): boolean {
  const { type, message } = (error ?? {}) as { type?: unknown; message?: unknown }
  return (
    type === MedusaError.Types.DUPLICATE_ERROR ||
    (typeof message === "string" && /duplicate key|unique constraint|already exists/i.test(message))
  )
}
