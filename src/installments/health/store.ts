import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** The one method of Medusa's Knex connection the health records use. */
export type Knex = { raw(sql: string, bindings?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }

/**
 * The database connection, or undefined where there is none to record to (a unit test's container):
 * recording what happened must never be why a job or a delivery fails.
 */
export function healthStore(container: Pick<MedusaContainer, "resolve">): Knex | undefined {
  try {
    const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    return typeof knex?.raw === "function" ? knex : undefined
  } catch {
    return undefined
  }
}

/** A timestamp column as a Date (Postgres drivers hand back Dates; a string is read too). */
export function dateOf(value: unknown): Date | null {
  if (value === null || value === undefined) {
    return null
  }
  const date = value instanceof Date ? value : new Date(String(value))
  return Number.isNaN(date.getTime()) ? null : date
}
